// An integration test of the checkpoint feature may talk to a server.
use reqwest::Client;

#[test]
fn round_trip() {
    let _ = Client::new();
}
