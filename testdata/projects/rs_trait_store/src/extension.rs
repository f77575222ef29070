//! An extension trait on rdkafka's consumer type: the store is reached through `mark_done`.

use rdkafka::config::ClientConfig;
use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};
use rdkafka::error::KafkaResult;
use rdkafka::message::BorrowedMessage;

pub trait MarkDone {
    fn mark_done(&self, m: &BorrowedMessage<'_>) -> KafkaResult<()>;
}

impl MarkDone for StreamConsumer {
    fn mark_done(&self, m: &BorrowedMessage<'_>) -> KafkaResult<()> {
        self.store_offset_from_message(m)
    }
}

pub async fn drain(config: &ClientConfig) -> KafkaResult<()> {
    let consumer: StreamConsumer = config.create()?;
    consumer.subscribe(&["ledger"])?;
    for _ in 0..100 {
        let m = consumer.recv().await?;
        consumer.mark_done(&m)?;
    }
    consumer.commit_consumer_state(CommitMode::Sync)
}

pub async fn skim(config: &ClientConfig) -> KafkaResult<()> {
    let consumer: StreamConsumer = config.create()?;
    consumer.subscribe(&["ledger"])?;
    for _ in 0..100 {
        let _m = consumer.recv().await?;
    }
    consumer.commit_consumer_state(CommitMode::Sync) // expect: OL101
}
