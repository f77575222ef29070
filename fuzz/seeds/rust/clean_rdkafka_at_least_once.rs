//! A correct at-least-once rdkafka service: consume, transform, produce, commit.
//!
//! Clean fixture with Kafka code: delivery awaited and checked, flush result propagated,
//! per-message commits. Expected findings: none.

use std::time::Duration;

use rdkafka::config::ClientConfig;
use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};
use rdkafka::error::KafkaResult;
use rdkafka::message::Message;
use rdkafka::producer::{FutureProducer, FutureRecord, Producer};
use rdkafka::util::Timeout;

pub async fn run(brokers: &str) -> KafkaResult<()> {
    let consumer: StreamConsumer = ClientConfig::new()
        .set("bootstrap.servers", brokers)
        .set("group.id", "enricher")
        .set("enable.auto.commit", "false")
        .create()?;
    let producer: FutureProducer = ClientConfig::new()
        .set("bootstrap.servers", brokers)
        .set("enable.idempotence", "true")
        .create()?;
    consumer.subscribe(&["raw"])?;

    loop {
        let m = consumer.recv().await?;
        let body = m.payload().map(|p| p.to_ascii_uppercase()).unwrap_or_default();
        let key = m.key().unwrap_or_default().to_vec();
        producer
            .send(FutureRecord::to("enriched").key(&key).payload(&body), Timeout::After(Duration::from_secs(5)))
            .await
            .map_err(|(e, _)| e)?;
        consumer.commit_message(&m, CommitMode::Sync)?;
        if m.offset() % 1000 == 0 {
            producer.flush(Duration::from_secs(10))?;
        }
    }
}
