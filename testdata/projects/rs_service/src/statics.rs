//! Process-wide clients in statics.

use std::sync::OnceLock;
use std::time::Duration;

use lazy_static::lazy_static;
use once_cell::sync::{Lazy, OnceCell};
use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer};
use rdkafka::producer::{FutureProducer, Producer};

use crate::config::{base_config, producer_config};

static OUT: Lazy<FutureProducer> = Lazy::new(|| producer_config().create().expect("producer"));
static SPARE: OnceLock<FutureProducer> = OnceLock::new();
static BACKUP: OnceCell<FutureProducer> = OnceCell::new();

lazy_static! {
    static ref READER: BaseConsumer = base_config().create().expect("consumer");
}

pub fn shutdown() -> rdkafka::error::KafkaResult<()> {
    let _ = OUT.flush(Duration::from_secs(3)); // expect: OL202
    OUT.flush(Duration::from_secs(3))?;
    if let Some(spare) = SPARE.get() {
        spare.flush(Duration::from_secs(3)).ok(); // expect: OL202
        spare.flush(Duration::from_secs(3))?;
    }
    let spare = SPARE.get().expect("initialised at startup");
    let _ = spare.flush(Duration::from_secs(3)); // expect: OL202
    let backup = BACKUP.get_or_init(|| producer_config().create().expect("producer"));
    let _ = backup.flush(Duration::from_secs(3)); // expect: OL202
    backup.flush(Duration::from_secs(3))?;
    READER.commit_consumer_state(CommitMode::Sync).ok(); // expect: OL101
    Ok(())
}
