//! OL102: a commit in the `Err` arm of a project decoder (`decode_avro`, `parse_event`) is the
//! poison path, as for `serde_json::from_slice`; an `Err` arm of processing is not.

use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer};
use rdkafka::message::{BorrowedMessage, Message};

pub fn run(consumer: &BaseConsumer) -> anyhow::Result<()> {
    loop {
        let Some(Ok(msg)) = consumer.poll(None) else {
            continue;
        };
        let value = match decode_avro(msg.payload().unwrap_or_default()) {
            Ok(v) => v,
            Err(e) => {
                tracing::warn!("undecodable: {e}");
                consumer.commit_message(&msg, CommitMode::Sync)?;
                continue;
            }
        };
        match store(&value) {
            Ok(()) => consumer.commit_message(&msg, CommitMode::Sync)?,
            Err(e) => {
                tracing::warn!("store failed: {e}");
                consumer.commit_message(&msg, CommitMode::Sync)?; // expect: OL102
            }
        }
    }
}

fn decode_avro(bytes: &[u8]) -> anyhow::Result<String> {
    Ok(String::from_utf8(bytes.to_vec())?)
}

fn store(value: &str) -> anyhow::Result<()> {
    println!("{value}");
    Ok(())
}

pub fn keep(_m: &BorrowedMessage<'_>) {}
