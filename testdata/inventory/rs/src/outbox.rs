//! Relays the outbox table to Kafka.

use std::time::Duration;

use rdkafka::config::ClientConfig;
use rdkafka::error::KafkaResult;
use rdkafka::producer::{FutureProducer, FutureRecord, Producer};

pub struct Outbox {
    producer: FutureProducer,
}

impl Outbox {
    pub fn new() -> KafkaResult<Self> {
        let producer: FutureProducer = ClientConfig::new()
            .set("bootstrap.servers", "kafka:9092")
            .set("acks", "1")
            .create()?;
        Ok(Self { producer })
    }

    pub async fn relay(&self, row: &str) -> KafkaResult<()> {
        let record = FutureRecord::<(), _>::to("outbox").payload(row);
        self.producer
            .send(record, Duration::from_secs(5))
            .await
            .map_err(|(e, _)| e)?;
        Ok(())
    }

    pub fn relay_later(&self, row: &str) {
        let record = FutureRecord::<(), _>::to("outbox").payload(row);
        let _ = self.producer.send_result(record);
    }

    pub fn close(&self) {
        let _ = self.producer.flush(Duration::from_secs(10));
    }
}
