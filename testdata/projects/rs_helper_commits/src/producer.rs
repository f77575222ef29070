//! The error-topic producer: it waits for each delivery, and only logs a failed one.
use rdkafka::config::ClientConfig;
use rdkafka::producer::{FutureProducer, FutureRecord};
use std::time::Duration;

pub struct ErrorProducer {
    topic: String,
    producer: FutureProducer,
}

impl ErrorProducer {
    pub fn new(brokers: &str, topic: &str) -> ErrorProducer {
        let producer: FutureProducer = ClientConfig::new()
            .set("bootstrap.servers", brokers)
            .create()
            .expect("producer");
        ErrorProducer {
            topic: topic.to_string(),
            producer,
        }
    }

    pub async fn publish(&self, data: &[u8]) {
        let record: FutureRecord<str, [u8]> = FutureRecord::to(self.topic.as_str()).payload(data);
        let delivery = self.producer.send(record, Duration::from_secs(10)).await;
        match delivery {
            Ok(_) => {}
            Err(e) => log::error!("error-topic delivery failed: {:?}", e.0), // expect: OL103
        }
    }

    /// The same delivery, its failure returned to the caller.
    pub async fn publish_checked(&self, data: &[u8]) -> Result<(), String> {
        let record: FutureRecord<str, [u8]> = FutureRecord::to(self.topic.as_str()).payload(data);
        match self.producer.send(record, Duration::from_secs(10)).await {
            Ok(_) => Ok(()),
            Err((e, _)) => Err(e.to_string()),
        }
    }
}
