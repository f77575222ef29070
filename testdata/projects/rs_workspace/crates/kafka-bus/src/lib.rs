//! The shared Kafka layer of the workspace (`kafka-bus`, spelled `kafka_bus` in paths).

pub mod outbox;

use rdkafka::config::ClientConfig;
use rdkafka::consumer::StreamConsumer;
use rdkafka::error::KafkaResult;
use rdkafka::producer::FutureProducer;

pub use outbox::Outbox;

pub fn build() -> KafkaResult<FutureProducer> {
    ClientConfig::new().set("bootstrap.servers", "kafka:9092").create()
}

pub fn subscribe(group: &str) -> KafkaResult<StreamConsumer> {
    ClientConfig::new()  // expect: OL105
        .set("bootstrap.servers", "kafka:9092")
        .set("group.id", group)
        .create()
}

/// Offsets are stored explicitly (`store_offset_from_message`): the automatic store is off.
pub fn manual_consumer(group: &str) -> KafkaResult<StreamConsumer> {
    ClientConfig::new()
        .set("bootstrap.servers", "kafka:9092")
        .set("group.id", group)
        .set("enable.auto.offset.store", "false")
        .create()
}
