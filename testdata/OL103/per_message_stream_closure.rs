//! OL103: a function a stream's per-item closure calls once per message and hands back to
//! `try_for_each` (which stops only on an `Err`): an `Err` arm inside it that only logs
//! returns `Ok(())`, so the stream goes on, and the next message's stored offset covers the
//! failed one. The delivery future is bound first and matched when awaited.

use futures::TryStreamExt;
use rdkafka::consumer::{Consumer, StreamConsumer};
use rdkafka::error::KafkaError;
use rdkafka::message::{BorrowedMessage, Message};
use rdkafka::producer::{FutureProducer, FutureRecord};
use rdkafka::util::Timeout;
use std::sync::Arc;

struct Processor {
    producer: FutureProducer,
}

impl Processor {
    async fn run(self: Arc<Self>, consumer: Arc<StreamConsumer>) -> Result<(), KafkaError> {
        consumer
            .stream()
            .try_for_each(|m| {
                let result = self.forward(m, consumer.clone());
                result
            })
            .await
    }

    async fn forward(&self, m: BorrowedMessage<'_>, consumer: Arc<StreamConsumer>) -> Result<(), KafkaError> {
        let (key, payload) = split(&m);
        let record = FutureRecord::to("output").key(&key).payload(payload.as_str());
        let delivery = self.producer.send(record, Timeout::Never);
        match delivery.await {
            Ok(_) => consumer.store_offset_from_message(&m)?,
            Err((e, _)) => eprintln!("produce failed: {e:?}"), // expect: OL103
        }
        Ok(())
    }

    async fn run_strict(self: Arc<Self>, consumer: Arc<StreamConsumer>) -> Result<(), KafkaError> {
        consumer
            .stream()
            .try_for_each(|m| {
                let result = self.forward_or_stop(m, consumer.clone());
                result
            })
            .await
    }

    async fn forward_or_stop(&self, m: BorrowedMessage<'_>, consumer: Arc<StreamConsumer>) -> Result<(), KafkaError> {
        let (key, payload) = split(&m);
        let record = FutureRecord::to("output").key(&key).payload(payload.as_str());
        let delivery = self.producer.send(record, Timeout::Never);
        match delivery.await {
            Ok(_) => consumer.store_offset_from_message(&m)?,
            Err((e, _)) => return Err(e),
        }
        Ok(())
    }
}

fn split(m: &BorrowedMessage<'_>) -> (String, String) {
    let key = String::from_utf8_lossy(m.key().unwrap_or_default()).into_owned();
    let payload = String::from_utf8_lossy(m.payload().unwrap_or_default()).into_owned();
    (key, payload)
}
