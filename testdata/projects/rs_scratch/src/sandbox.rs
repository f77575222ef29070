//! Scratch code by its name.
use rdkafka::config::ClientConfig;
use rdkafka::consumer::{BaseConsumer, StreamConsumer};
use rdkafka::error::KafkaResult;

use crate::config::GROUP_ID;

pub fn peek() -> KafkaResult<BaseConsumer> {
    ClientConfig::new() // expect: OL404
        .set("group.id", GROUP_ID)
        .set("enable.auto.commit", "false")
        .create()
}

pub fn literal() -> KafkaResult<StreamConsumer> {
    let consumer: StreamConsumer = ClientConfig::new() // expect: OL404
        .set("group.id", "ledger")
        .set("enable.auto.commit", "false")
        .create()?;
    Ok(consumer)
}

pub fn own() -> KafkaResult<StreamConsumer> {
    ClientConfig::new()
        .set("group.id", "ledger-sandbox")
        .set("enable.auto.commit", "false")
        .create()
}

pub fn anonymous() -> KafkaResult<BaseConsumer> {
    ClientConfig::new()
        .set("bootstrap.servers", "localhost:9092")
        .set("enable.auto.commit", "false")
        .create()
}
