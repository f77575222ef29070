//! OL402: a fixture-generation module must build plain data, not clients.

use std::collections::HashMap;

use rdkafka::config::ClientConfig; // expect: OL402

pub fn sample_orders(n: usize) -> Vec<Vec<u8>> {
    (0..n).map(|i| format!("{{\"id\": {i}}}").into_bytes()).collect()
}

pub fn headers() -> HashMap<String, String> {
    HashMap::new()
}

pub fn config() -> ClientConfig {
    ClientConfig::new()
}
