//! Stages reach the factories through `super::` paths and a type alias.

use std::time::Duration;

use rdkafka::consumer::{CommitMode, Consumer};
use rdkafka::producer::{FutureRecord, Producer};

use super::super::kafka::build_producer;
use crate::kafka::types::{Kafka, Source};

pub fn publish_typed(sink: &Kafka) {
    let _ = sink.flush(Duration::from_secs(2)); // expect: OL202
    if let Err(e) = sink.flush(Duration::from_secs(2)) {
        eprintln!("still queued: {e}");
    }
}

pub fn drain(reader: &Source) {
    reader.commit_consumer_state(CommitMode::Sync).ok(); // expect: OL101
}

pub async fn announce(body: &str) -> Result<(), Box<dyn std::error::Error>> {
    let sink = self::local_sink()?;
    sink.send(FutureRecord::to("news").payload(body).key("k"), Duration::from_secs(1)).await.ok(); // expect: OL201
    sink.send(FutureRecord::to("news").payload(body).key("k"), Duration::from_secs(1)).await.map_err(|(e, _)| e)?;
    Ok(())
}

fn local_sink() -> Result<Kafka, Box<dyn std::error::Error>> {
    Ok(build_producer()?)
}

pub fn stage_sink() -> rdkafka::error::KafkaResult<Kafka> {
    build_producer()
}

pub fn flush_fresh() -> Result<(), Box<dyn std::error::Error>> {
    let fresh = build_producer()?;
    let _ = fresh.flush(Duration::from_secs(1)); // expect: OL202
    fresh.flush(Duration::from_secs(1))?;
    Ok(())
}
