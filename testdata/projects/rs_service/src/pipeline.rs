//! `pipeline.rs` with its child in `pipeline/stages.rs`. The clients come from `kafka`; the
//! receivers' names say nothing (`src`, `out`), so only resolution finds them.

pub mod stages;

use std::time::Duration;

use rdkafka::consumer::{CommitMode, Consumer};
use rdkafka::message::Message;
use rdkafka::producer::{FutureRecord, Producer};

use self::stages::stage_sink;
use crate::kafka::{build_consumer, build_producer, maybe_producer, pair};

pub async fn settle() -> Result<(), Box<dyn std::error::Error>> {
    let src = build_consumer()?;
    let m = src.recv().await?;
    src.commit_consumer_state(CommitMode::Sync)?; // expect-gap: OL101 crate-root: `use rdkafka::..` in a crate module resolves into lib.rs
    src.commit_message(&m, CommitMode::Sync)?;
    Ok(())
}

pub fn shutdown() -> Result<(), Box<dyn std::error::Error>> {
    let out = build_producer()?;
    let _ = out.flush(Duration::from_secs(5)); // expect-gap: OL202 crate-root: `use rdkafka::..` in a crate module resolves into lib.rs
    out.flush(Duration::from_secs(5))?;
    if let Some(spare) = maybe_producer() {
        spare.flush(Duration::from_secs(1)).ok(); // expect-gap: OL202 crate-root: `use rdkafka::..` in a crate module resolves into lib.rs; and `if let Some(x) = ..` binds nothing
        spare.flush(Duration::from_secs(1))?;
    }
    let backup = maybe_producer().expect("backup producer configured");
    backup.flush(Duration::from_secs(1)).ok(); // expect-gap: OL202 crate-root: `use rdkafka::..` in a crate module resolves into lib.rs
    backup.flush(Duration::from_secs(1))?;
    let staged = stage_sink()?;
    let _ = staged.flush(Duration::from_secs(1)); // expect-gap: OL202 crate-root: `use rdkafka::..` in a crate module resolves into lib.rs; and `use self::stages::..` in a non-mod.rs file starts one level too high
    let direct = crate::kafka::build_producer()?;
    let _ = direct.flush(Duration::from_secs(1)); // expect-gap: OL202 crate-root: `use rdkafka::..` in a crate module resolves into lib.rs; and the path call `crate::kafka::build_producer()` is not resolved
    Ok(())
}

pub async fn relay() -> Result<(), Box<dyn std::error::Error>> {
    let (src, out) = pair()?;
    let m = src.recv().await?;
    let _ = out.send(FutureRecord::to("relay").payload(m.payload().unwrap_or_default()).key("k"), Duration::from_secs(5)).await; // expect-gap: OL201 crate-root: `use rdkafka::..` in a crate module resolves into lib.rs; and the tuple in `KafkaResult<(StreamConsumer, FutureProducer)>` is not unpacked
    out.send(FutureRecord::to("relay").payload("x").key("k"), Duration::from_secs(5)).await.map_err(|(e, _)| e)?;
    src.commit_consumer_state(CommitMode::Async)?; // expect-gap: OL101 crate-root: `use rdkafka::..` in a crate module resolves into lib.rs; and the tuple in `KafkaResult<(StreamConsumer, FutureProducer)>` is not unpacked
    src.commit_message(&m, CommitMode::Async)?;
    Ok(())
}
