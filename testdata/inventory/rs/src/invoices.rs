//! Consumes invoices and stores each processed offset.

use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};
use rdkafka::error::KafkaResult;
use rdkafka::Message;

use crate::config::consumer_config;

pub struct InvoiceWorker {
    consumer: StreamConsumer,
    high_watermark: i64,
}

impl InvoiceWorker {
    pub fn new() -> KafkaResult<Self> {
        let consumer: StreamConsumer = consumer_config("billing").create()?;
        Ok(Self {
            consumer,
            high_watermark: -1,
        })
    }

    pub async fn run(&mut self) -> KafkaResult<()> {
        loop {
            let m = self.consumer.recv().await?;
            handle(m.payload());
            self.consumer.store_offset_from_message(&m)?;
            self.high_watermark = m.offset();
        }
    }

    pub fn close(&self) -> KafkaResult<()> {
        self.consumer.commit_consumer_state(CommitMode::Sync)
    }
}

fn handle(_payload: Option<&[u8]>) {}
