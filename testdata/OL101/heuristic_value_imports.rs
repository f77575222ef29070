//! OL101/OL202 precision: importing only rdkafka value types (messages, errors, offsets)
//! does not switch the name heuristic on. Nothing here may be flagged; the twin is
//! heuristic_client_import.rs.

use std::time::Duration;

use rdkafka::error::KafkaError;
use rdkafka::message::{BorrowedMessage, Message};
use rdkafka::Offset;

pub fn handle(state: &crate::State, msg: &BorrowedMessage<'_>) -> Result<Offset, KafkaError> {
    let _ = state.consumer.commit_consumer_state(msg.offset()); // a value-type import only
    let _ = state.producer.flush(Duration::from_secs(5)); // a value-type import only
    Ok(Offset::Offset(msg.offset()))
}
