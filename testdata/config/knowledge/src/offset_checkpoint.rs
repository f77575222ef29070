use std::fs;

use mycorp::rpc::Client; // expect: OL401

pub fn save(client: &Client, path: &str, offset: i64) -> std::io::Result<()> {
    client.notify(offset);
    fs::write(path, offset.to_string())
}
