use std::fs;

use billing::remote::push; // expect: OL403
use reqwest::blocking::Client; // expect: OL403

pub fn record(client: &Client, path: &str, entry: &str) -> std::io::Result<()> {
    push(entry);
    let _ = client.post("http://audit").body(entry.to_string()).send();
    fs::write(path, entry)
}
