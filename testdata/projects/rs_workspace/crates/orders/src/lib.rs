//! Orders: uses the kafka-bus crate by name.

pub mod billing;

use std::time::Duration;

use kafka_bus::{build, manual_consumer, subscribe, Outbox};
use rdkafka::consumer::{CommitMode, Consumer};
use rdkafka::producer::{FutureProducer, FutureRecord, Producer};

pub async fn place(out: &FutureProducer, id: &str) -> Result<(), rdkafka::error::KafkaError> {
    out.send(FutureRecord::to("orders").key(id).payload(id), Duration::from_secs(5))
        .await
        .map_err(|(e, _)| e)?;
    Ok(())
}

pub async fn close_day() -> Result<(), rdkafka::error::KafkaError> {
    let sink = build()?;
    let _ = sink.flush(Duration::from_secs(5)); // expect: OL202
    sink.flush(Duration::from_secs(5))?;
    let src = subscribe("orders")?;
    let m = src.recv().await?;
    src.commit_consumer_state(CommitMode::Async)?; // expect: OL101
    src.commit_message(&m, CommitMode::Async)?;
    let manual = manual_consumer("orders-manual")?;
    manual.commit_consumer_state(CommitMode::Async)?; // the factory turned the automatic store off
    let outbox = Outbox::new()?;
    let _ = outbox.flush(); // expect: OL202
    outbox.flush()?;
    Ok(())
}
