//! OL105 fixture (rdkafka): a builder's `create()` with no annotation, turbofish or return
//! type of its own takes its client type from the struct field it initialises (`Self {
//! stream_consumer, .. }`, or the call written in the field itself): the field's declared type
//! says it is a consumer, so its settings are judged.

use std::marker::PhantomData;

use rdkafka::config::ClientConfig;
use rdkafka::consumer::{BaseConsumer, StreamConsumer};

pub struct KafkaConsumer<T> {
    topic: String,
    stream_consumer: StreamConsumer,
    _marker: PhantomData<T>,
}

impl<T> KafkaConsumer<T> {
    pub fn new(topic: &str, group: &str, servers: &str) -> Self {
        let stream_consumer = ClientConfig::new() // expect: OL105
            .set("bootstrap.servers", servers)
            .set("group.id", group)
            .create()
            .expect("Failed to create client");
        KafkaConsumer {
            topic: topic.to_string(),
            stream_consumer,
            _marker: PhantomData,
        }
    }

    pub fn manual(topic: &str, group: &str, servers: &str) -> Self {
        let stream_consumer = ClientConfig::new()
            .set("bootstrap.servers", servers)
            .set("group.id", group)
            .set("enable.auto.commit", "false")
            .create()
            .expect("Failed to create client");
        Self {
            topic: topic.to_string(),
            stream_consumer,
            _marker: PhantomData,
        }
    }
}

pub struct Poller {
    consumer: BaseConsumer,
}

impl Poller {
    pub fn new(group: &str) -> Self {
        Self {
            consumer: ClientConfig::new() // expect: OL105
                .set("group.id", group)
                .create()
                .expect("consumer"),
        }
    }
}
