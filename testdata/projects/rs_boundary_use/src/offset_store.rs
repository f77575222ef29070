//! Names network code through the root's re-export: still network code.
use crate::reqwest::Client; // expect: OL401

pub fn store(client: &Client) {
    let _ = client;
}
