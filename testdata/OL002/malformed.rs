// offsetlint: ignore-file needs a rule list // expect: OL002
//! OL002 (unused-suppression) for directives that can never apply: malformed ones. They are
//! reported whichever rules ran, and the commits they sit on stay flagged. Stale suppressions
//! need the rule they name to run: testdata/suppress/, linted with every rule on.

use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer};
use rdkafka::error::KafkaResult;

pub fn finish(consumer: &BaseConsumer) -> KafkaResult<()> {
    // offsetlint: ignored[OL101] the directive word is `ignore` // expect: OL002
    consumer.commit_consumer_state(CommitMode::Sync)?; // expect: OL101
    consumer.commit_consumer_state(CommitMode::Sync)?; // offsetlint: disable // expect: OL101, OL002
    consumer.commit_consumer_state(CommitMode::Sync)?; // offsetlint: ignore[OL101 unclosed // expect: OL101, OL002
    /* offsetlint: ignore[] empty list */ // expect: OL002
    consumer.commit_consumer_state(CommitMode::Sync)?; // expect: OL101
    // A well-formed directive is used: nothing here.
    // offsetlint: ignore[OL101] offsets are stored by the wrapper
    consumer.commit_consumer_state(CommitMode::Sync)?;
    Ok(())
}
