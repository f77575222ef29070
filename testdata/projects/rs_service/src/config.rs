//! Client configurations, built in one place.

use rdkafka::config::ClientConfig;

pub const BROKERS: &str = "kafka-1:9092";

/// Consumers store offsets explicitly (`store_offset_from_message`), so the store is off.
pub fn manual_store_config() -> ClientConfig {
    let mut cfg = ClientConfig::new();
    cfg.set("bootstrap.servers", BROKERS)
        .set("group.id", "ledger")
        .set("enable.auto.commit", "false")
        .set("enable.auto.offset.store", "false");
    cfg
}

pub fn base_config() -> ClientConfig {
    ClientConfig::new()
        .set("bootstrap.servers", BROKERS)
        .set("group.id", "ledger")
        .set("enable.auto.commit", "false")
        .clone()
}

pub fn producer_config() -> ClientConfig {
    ClientConfig::new()
        .set("bootstrap.servers", BROKERS)
        .set("message.timeout.ms", "5000")
        .clone()
}
