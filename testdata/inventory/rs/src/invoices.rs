//! Consumes invoices and stores each processed offset.

use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};
use rdkafka::error::KafkaResult;
use rdkafka::Message;

use crate::config::consumer_config;

pub struct InvoiceWorker {
    consumer: StreamConsumer,
}

impl InvoiceWorker {
    pub fn new() -> KafkaResult<Self> {
        let consumer: StreamConsumer = consumer_config("billing").create()?;
        Ok(Self { consumer })
    }

    pub async fn run(&self) -> KafkaResult<()> {
        loop {
            let m = self.consumer.recv().await?;
            handle(m.payload());
            self.consumer.store_offset_from_message(&m)?;
        }
    }

    pub fn close(&self) -> KafkaResult<()> {
        self.consumer.commit_consumer_state(CommitMode::Sync)
    }
}

fn handle(_payload: Option<&[u8]>) {}
