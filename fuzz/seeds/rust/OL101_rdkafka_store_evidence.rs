//! OL101: explicit `store_offset*` calls on the same consumer are evidence that the automatic
//! offset store is off, even when the configuration is built elsewhere.

use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer};
use rdkafka::error::KafkaResult;
use rdkafka::message::BorrowedMessage;

pub struct Worker {
    consumer: BaseConsumer,
}

impl Worker {
    pub fn handle(&self, m: &BorrowedMessage<'_>) -> KafkaResult<()> {
        self.consumer.store_offset_from_message(m)
    }

    pub fn checkpoint(&self) -> KafkaResult<()> {
        // Commits only what `handle` stored.
        self.consumer.commit_consumer_state(CommitMode::Sync)
    }
}

pub fn shutdown(consumer: &BaseConsumer) -> KafkaResult<()> {
    consumer.commit_consumer_state(CommitMode::Sync) // expect: OL101
}
