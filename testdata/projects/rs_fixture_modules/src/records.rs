//! Plain data: what fixtures may build.

pub fn sample_order(i: u32) -> Vec<u8> {
    format!("{{\"id\": {i}}}").into_bytes()
}
