//! The consumer lives in an inline module behind a feature: its items are this file's.

#[cfg(feature = "kafka")]
pub mod kafka_consumer {
    use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};

    pub async fn poll_forever(consumer: StreamConsumer) -> Result<(), String> {
        loop {
            let m = consumer.recv().await.map_err(|e| e.to_string())?;
            store(&m).await?;
            consumer
                .commit_message(&m, CommitMode::Async)
                .map_err(|e| e.to_string())?;
        }
    }

    async fn store<M>(_m: &M) -> Result<(), String> {
        Ok(())
    }
}
