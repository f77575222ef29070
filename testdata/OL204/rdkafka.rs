//! OL204 fixture (rdkafka).

use std::time::Duration;

use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};
use rdkafka::error::KafkaResult;
use rdkafka::message::Message;
use rdkafka::producer::{BaseProducer, BaseRecord, FutureProducer, FutureRecord};

pub async fn relay(consumer: &StreamConsumer, producer: &FutureProducer) -> KafkaResult<()> {
    loop {
        let m = consumer.recv().await?;
        let record = FutureRecord::<(), _>::to("out").payload(m.payload().unwrap_or_default());
        let _ = producer.send(record, Duration::from_secs(5)).await; // expect: OL201
        consumer.commit_message(&m, CommitMode::Async)?; // expect: OL204
    }
}

pub async fn relay_confirmed(consumer: &StreamConsumer, producer: &FutureProducer) -> KafkaResult<()> {
    loop {
        let m = consumer.recv().await?;
        let record = FutureRecord::<(), _>::to("out").payload(m.payload().unwrap_or_default());
        producer.send(record, Duration::from_secs(5)).await.map_err(|(e, _)| e)?;
        consumer.commit_message(&m, CommitMode::Async)?;
    }
}

pub struct Exporter {
    producer: BaseProducer,
    watermark: u64,
}

impl Exporter {
    pub fn export(&mut self, rows: &[(u64, String)]) {
        for (id, row) in rows {
            self.producer.send(BaseRecord::<(), _>::to("rows").payload(row)).ok(); // expect: OL201
            self.watermark = *id; // expect: OL204
        }
    }

    pub fn export_checked(&mut self, rows: &[(u64, String)], delivery_errors: &std::sync::atomic::AtomicUsize) {
        for (_, row) in rows {
            self.producer.send(BaseRecord::<(), _>::to("rows").payload(row)).ok(); // expect: OL201
        }
        self.producer.poll(Duration::from_secs(1));
        if delivery_errors.load(std::sync::atomic::Ordering::SeqCst) > 0 {
            return;
        }
        self.watermark = rows.last().map(|r| r.0).unwrap_or(0);
    }
}
