//! The production consumer of the `ledger` group.
use rdkafka::config::ClientConfig;
use rdkafka::consumer::StreamConsumer;
use rdkafka::error::KafkaResult;

use crate::config::GROUP_ID;

pub fn consumer() -> KafkaResult<StreamConsumer> {
    ClientConfig::new()
        .set("group.id", GROUP_ID)
        .set("enable.auto.commit", "false")
        .create()
}
