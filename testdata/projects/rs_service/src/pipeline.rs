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
    src.commit_consumer_state(CommitMode::Sync)?; // expect: OL101
    src.commit_message(&m, CommitMode::Sync)?;
    Ok(())
}

pub fn shutdown() -> Result<(), Box<dyn std::error::Error>> {
    let out = build_producer()?;
    let _ = out.flush(Duration::from_secs(5)); // expect: OL202
    out.flush(Duration::from_secs(5))?;
    if let Some(spare) = maybe_producer() {
        spare.flush(Duration::from_secs(1)).ok(); // expect: OL202
        spare.flush(Duration::from_secs(1))?;
    }
    let backup = maybe_producer().expect("backup producer configured");
    backup.flush(Duration::from_secs(1)).ok(); // expect: OL202
    backup.flush(Duration::from_secs(1))?;
    let staged = stage_sink()?;
    let _ = staged.flush(Duration::from_secs(1)); // expect: OL202
    let direct = crate::kafka::build_producer()?;
    let _ = direct.flush(Duration::from_secs(1)); // expect: OL202
    Ok(())
}

pub async fn relay() -> Result<(), Box<dyn std::error::Error>> {
    let (src, out) = pair()?;
    let m = src.recv().await?;
    let _ = out.send(FutureRecord::to("relay").payload(m.payload().unwrap_or_default()).key("k"), Duration::from_secs(5)).await; // expect: OL201
    out.send(FutureRecord::to("relay").payload("x").key("k"), Duration::from_secs(5)).await.map_err(|(e, _)| e)?;
    src.commit_consumer_state(CommitMode::Async)?; // expect: OL101
    src.commit_message(&m, CommitMode::Async)?;
    Ok(())
}
