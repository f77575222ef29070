//! Stages reach the factories through `super::` paths and a type alias.

use std::time::Duration;

use rdkafka::consumer::{CommitMode, Consumer};
use rdkafka::producer::{FutureRecord, Producer};

use super::super::kafka::build_producer;
use crate::kafka::types::{Kafka, Source};

pub fn publish_typed(sink: &Kafka) {
    let _ = sink.flush(Duration::from_secs(2)); // expect-gap: OL202 crate-root: `use rdkafka::..` in a crate module resolves into lib.rs
    if let Err(e) = sink.flush(Duration::from_secs(2)) {
        eprintln!("still queued: {e}");
    }
}

pub fn drain(reader: &Source) {
    reader.commit_consumer_state(CommitMode::Sync).ok(); // expect-gap: OL101 crate-root: `use rdkafka::..` in a crate module resolves into lib.rs
}

pub async fn announce(body: &str) -> Result<(), Box<dyn std::error::Error>> {
    let sink = self::local_sink()?;
    sink.send(FutureRecord::to("news").payload(body).key("k"), Duration::from_secs(1)).await.ok(); // expect-gap: OL201 crate-root: `use rdkafka::..` in a crate module resolves into lib.rs; and the path call `self::local_sink()` is not resolved
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
    let _ = fresh.flush(Duration::from_secs(1)); // expect-gap: OL202 crate-root: `use rdkafka::..` in a crate module resolves into lib.rs; and `use super::super::kafka::..` in a non-mod.rs file starts one level too high
    fresh.flush(Duration::from_secs(1))?;
    Ok(())
}
