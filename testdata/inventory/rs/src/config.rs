//! Client configurations, built in one place.

use rdkafka::config::ClientConfig;

pub fn consumer_config(group: &str) -> ClientConfig {
    let mut config = ClientConfig::new();
    config
        .set("bootstrap.servers", "kafka:9092")
        .set("group.id", group)
        .set("enable.auto.commit", "false")
        .set("enable.auto.offset.store", "false");
    config
}
