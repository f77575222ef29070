//! Consumers configured by helpers of another module (`crate::config`).

use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer};
use rdkafka::error::KafkaResult;

use crate::config::{base_config, manual_store_config};

pub fn checkpoint() -> KafkaResult<()> {
    let manual: BaseConsumer = manual_store_config().create()?;
    manual.commit_consumer_state(CommitMode::Sync)?;
    let auto: BaseConsumer = base_config().create()?;
    auto.commit_consumer_state(CommitMode::Sync)?; // expect: OL101
    Ok(())
}
