//! Base configs the callers go on setting.
use rdkafka::config::ClientConfig;

pub fn base() -> ClientConfig {
    let mut c = ClientConfig::new();
    c.set("bootstrap.servers", "kafka:9092");
    c
}

pub fn manual_base() -> ClientConfig {
    let mut c = ClientConfig::new();
    c.set("bootstrap.servers", "kafka:9092");
    c.set("enable.auto.commit", "false");
    c
}
