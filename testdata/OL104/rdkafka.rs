//! OL104 fixture (rdkafka).

use std::collections::HashMap;

use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer, StreamConsumer};
use rdkafka::error::KafkaResult;
use rdkafka::message::Message;

pub async fn at_most_once(consumer: &StreamConsumer) -> KafkaResult<()> {
    loop {
        let m = consumer.recv().await?;
        consumer.commit_message(&m, CommitMode::Async)?; // expect: OL104
        apply_payment(&m).await?;
    }
}

pub fn store_first(consumer: &BaseConsumer) -> KafkaResult<()> {
    for result in consumer.iter() {
        let m = result?;
        let body = m.payload().unwrap_or_default().to_vec();
        consumer.store_offset_from_message(&m)?; // expect: OL104
        write_row(&body)?;
    }
    Ok(())
}

pub async fn buffered(consumer: &StreamConsumer) -> KafkaResult<()> {
    let mut rows = Vec::new();
    loop {
        let m = consumer.recv().await?;
        rows.push(m.payload().unwrap_or_default().to_vec());
        consumer.commit_message(&m, CommitMode::Async)?; // expect: OL104
        if rows.len() >= 500 {
            insert_rows(&rows).await?;
            rows.clear();
        }
    }
}

pub async fn buffered_by_key(consumer: &StreamConsumer) -> KafkaResult<()> {
    let mut by_topic: HashMap<String, Vec<Vec<u8>>> = HashMap::new();
    loop {
        let m = consumer.recv().await?;
        let row = m.payload().unwrap_or_default().to_vec();
        by_topic.entry(m.topic().to_string()).or_default().push(row);
        consumer.commit_message(&m, CommitMode::Async)?; // expect: OL104
        if by_topic.len() >= 10 {
            insert_rows(&by_topic).await?;
            by_topic.clear();
        }
    }
}

pub async fn buffered_by_key_then_written(consumer: &StreamConsumer) -> KafkaResult<()> {
    let mut by_topic: HashMap<String, Vec<Vec<u8>>> = HashMap::new();
    loop {
        let m = consumer.recv().await?;
        let row = m.payload().unwrap_or_default().to_vec();
        by_topic.entry(m.topic().to_string()).or_default().push(row);
        if by_topic.len() >= 10 {
            insert_rows(&by_topic).await?;
            consumer.commit_message(&m, CommitMode::Async)?;
            by_topic.clear();
        }
    }
}

pub async fn correct(consumer: &StreamConsumer) -> KafkaResult<()> {
    let mut rows = Vec::new();
    loop {
        let m = consumer.recv().await?;
        rows.push(m.payload().unwrap_or_default().to_vec());
        if rows.len() >= 500 {
            insert_rows(&rows).await?;
            consumer.commit_message(&m, CommitMode::Async)?;
            rows.clear();
        }
        tracing::info!("offset {}", m.offset());
    }
}
