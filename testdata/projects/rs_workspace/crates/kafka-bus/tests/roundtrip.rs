//! An integration test of kafka-bus that uses the other member crate by name.

use std::time::Duration;

use rdkafka::consumer::{CommitMode, Consumer};
use rdkafka::producer::Producer;

#[tokio::test]
async fn order_roundtrip() {
    let out = kafka_bus::build().unwrap();
    orders::place(&out, "o-1").await.unwrap();
    let _ = out.flush(Duration::from_secs(5)); // expect-gap: OL202 the path call `kafka_bus::build()` (no `use`) is not resolved
    out.flush(Duration::from_secs(5)).unwrap();
    let src = kafka_bus::subscribe("roundtrip").unwrap();
    let m = src.recv().await.unwrap();
    src.commit_consumer_state(CommitMode::Sync).unwrap(); // expect-gap: OL101 the path call `kafka_bus::subscribe(..)` (no `use`) is not resolved
    src.commit_message(&m, CommitMode::Sync).unwrap();
}
