//! An integration test of kafka-bus that uses the other member crate by name.

use std::time::Duration;

use rdkafka::consumer::{CommitMode, Consumer};
use rdkafka::producer::Producer;

#[tokio::test]
async fn order_roundtrip() {
    let out = kafka_bus::build().unwrap();
    orders::place(&out, "o-1").await.unwrap();
    let _ = out.flush(Duration::from_secs(5)); // expect: OL202
    out.flush(Duration::from_secs(5)).unwrap();
    let src = kafka_bus::subscribe("roundtrip").unwrap();
    let m = src.recv().await.unwrap();
    src.commit_consumer_state(CommitMode::Sync).unwrap(); // expect: OL101
    src.commit_message(&m, CommitMode::Sync).unwrap();
}
