//! The subscriber commits each message, two calls below what `lib.rs` spawns.
use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};

pub struct KafkaConsumer;

impl KafkaConsumer {
    pub async fn stream_subscriber(consumer: StreamConsumer) -> Result<(), String> {
        loop {
            let m = consumer.recv().await.map_err(|e| e.to_string())?;
            consumer
                .commit_message(&m, CommitMode::Async)
                .map_err(|e| e.to_string())?;
        }
    }

    pub async fn health(consumer: &StreamConsumer) -> usize {
        consumer.subscription().map(|s| s.count()).unwrap_or(0)
    }
}

pub async fn run(consumer: StreamConsumer) -> Result<(), String> {
    KafkaConsumer::stream_subscriber(consumer).await
}
