//! Suppression comments and OL002 (unused-suppression), Rust.
//!
//! A suppression applies to findings on its own line or on the line below. Used
//! suppressions produce nothing; a suppression that suppressed nothing is OL002 on the
//! comment's line; a suppression for the wrong code leaves the real finding and is itself
//! unused. Suppressed lines are kept apart (a suppression also covers the next line).

use std::time::Duration;

use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};
use rdkafka::error::KafkaResult;
use rdkafka::message::Message;
use rdkafka::producer::{FutureProducer, FutureRecord, Producer};

const HELP: &str = "silence with `// offsetlint: ignore[OL101] reason` on the commit line";

pub async fn run(consumer: &StreamConsumer, producer: &FutureProducer) -> KafkaResult<()> {
    loop {
        let m = consumer.recv().await?;
        let key = m.key().map(|k| k.to_vec()).unwrap_or_default();

        consumer.commit_consumer_state(CommitMode::Sync)?; // offsetlint: ignore[OL101] offset store disabled in the shared base config // expect: OL104

        println!("handled {}", m.offset());
        // offsetlint: ignore[OL101] every failure above returns, so the position is this message
        consumer.commit_consumer_state(CommitMode::Async)?; // expect: OL104

        println!("named {}", m.offset());
        consumer.commit_consumer_state(CommitMode::Sync)?; // offsetlint: ignore[bare-commit] the kebab-case name works too // expect: OL104

        println!("produce {}", m.offset());
        // offsetlint: ignore[OL201] metrics topic, loss is acceptable
        let _ = producer.send(FutureRecord::to("metrics").key(&key).payload("1"), Duration::from_secs(0)).await;

        println!("flush {}", m.offset());
        let _ = producer.flush(Duration::from_secs(1)); // offsetlint: ignore[flush-result-ignored] best-effort drain

        println!("stale {}", m.offset());
        consumer.commit_message(&m, CommitMode::Async)?; // offsetlint: ignore[OL101] stale: names its message // expect: OL002, OL204

        println!("stale above {}", m.offset());
        // offsetlint: ignore[OL202] stale: nothing below flushes // expect: OL002
        println!("stored {}", m.offset());

        println!("wrong code {}", m.offset());
        consumer.commit_consumer_state(CommitMode::Sync)?; // offsetlint: ignore[OL202] wrong code: the finding here is OL101 // expect: OL101, OL002, OL204

        println!("in a string: // offsetlint: ignore[OL101] this is string text, not a comment");
        consumer.commit_consumer_state(CommitMode::Sync)?; // expect: OL101, OL204

        println!("help: {HELP}");
        producer.flush(Duration::from_secs(1))?;
    }
}
