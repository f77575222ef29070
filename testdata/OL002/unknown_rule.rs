//! OL002 (unused-suppression) for suppressions naming rules that do not exist: reported
//! whichever rules ran. The known selectors of the same comment still apply.

use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer};
use rdkafka::error::KafkaResult;

pub fn finish(consumer: &BaseConsumer) -> KafkaResult<()> {
    consumer.commit_consumer_state(CommitMode::Sync)?; // offsetlint: ignore[OL999] no such rule // expect: OL101, OL002
    // The first selector suppresses the commit; the second is unknown.
    // offsetlint: ignore[bare-commit, flush-result-ignord] a misspelt name // expect: OL002
    consumer.commit_consumer_state(CommitMode::Sync)?;
    Ok(())
}
