//! OL101/OL202 precision: a receiver whose declared type is known not to be a Kafka client
//! (a project struct, a type from a non-Kafka crate) is never a heuristic match, although
//! this file imports an rdkafka client. The twins, untyped or typed with a client, are flagged.

use std::time::Duration;

use journal::Reader as JournalReader;
use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer};
use rdkafka::producer::{FutureProducer, Producer};

/// A project type named like a Kafka consumer that is not one.
pub struct LedgerConsumer {
    pos: i64,
}

impl LedgerConsumer {
    pub fn commit_consumer_state(&self, _mode: CommitMode) -> Result<(), String> {
        let _ = self.pos;
        Ok(())
    }
}

pub struct Outbox;

impl Outbox {
    pub fn flush(&self, _timeout: Duration) -> Result<(), String> {
        Ok(())
    }
}

pub struct Service {
    consumer: LedgerConsumer,
    producer: Outbox,
    reader_consumer: JournalReader,
}

impl Service {
    pub fn close(&self) {
        let _ = self.consumer.commit_consumer_state(CommitMode::Sync); // a project struct field
        let _ = self.producer.flush(Duration::from_secs(5)); // a project struct field
        let _ = self.reader_consumer.commit_consumer_state(CommitMode::Sync); // a non-Kafka crate's type
    }
}

fn ledger() -> LedgerConsumer {
    LedgerConsumer { pos: 0 }
}

pub fn drain(producer: &Outbox) {
    let consumer = ledger();
    let _ = consumer.commit_consumer_state(CommitMode::Sync); // declared return type: not Kafka
    let _ = producer.flush(Duration::from_secs(5)); // parameter typed with a project struct
}

pub fn untyped_state(state: &crate::State) {
    let _ = state.consumer.commit_consumer_state(CommitMode::Sync); // expect: OL101
    let _ = state.producer.flush(Duration::from_secs(5)); // expect: OL202
}

pub fn typed(consumer: &BaseConsumer, producer: &FutureProducer) {
    let _ = consumer.commit_consumer_state(CommitMode::Sync); // expect: OL101
    let _ = producer.flush(Duration::from_secs(5)); // expect: OL202
}
