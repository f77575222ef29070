//! Wrappers that pass obligations to their callers.

use std::time::Duration;

use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer};
use rdkafka::error::KafkaResult;
use rdkafka::message::OwnedMessage;
use rdkafka::producer::{FutureProducer, FutureRecord, Producer};
use rdkafka::topic_partition_list::TopicPartitionList;
use rdkafka::util::Timeout;

pub struct Bus {
    inner: FutureProducer,
}

impl Bus {
    pub fn flush(&self) -> KafkaResult<()> {
        self.inner.flush(Duration::from_secs(5))
    }

    /// Its own wrapper method on `self` is a call like any other: `close` drops the count.
    pub fn close(&self) {
        let _ = self.flush(); // expect: OL202
    }

    pub async fn publish(&self, topic: &str, body: &str) -> Result<(i32, i64), (rdkafka::error::KafkaError, OwnedMessage)> {
        self.inner.send(FutureRecord::to(topic).payload(body).key("k"), Timeout::After(Duration::from_secs(5))).await
    }
}

pub struct Inbox {
    kc: BaseConsumer,
}

impl Inbox {
    pub fn commit(&self, tpl: &TopicPartitionList) -> KafkaResult<()> {
        self.kc.commit(tpl, CommitMode::Sync)
    }

    pub fn position(&self) -> KafkaResult<TopicPartitionList> {
        self.kc.position()
    }
}
