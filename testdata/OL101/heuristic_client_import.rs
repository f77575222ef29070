//! Twin of heuristic_value_imports.rs: the file also imports the client traits, so the name
//! heuristic applies.

use std::time::Duration;

use rdkafka::consumer::{CommitMode, Consumer};
use rdkafka::message::{BorrowedMessage, Message};
use rdkafka::producer::Producer;

pub fn handle(state: &crate::State, msg: &BorrowedMessage<'_>) -> i64 {
    let _ = state.consumer.commit_consumer_state(CommitMode::Async); // expect: OL101
    let _ = state.producer.flush(Duration::from_secs(5)); // expect: OL202
    msg.offset()
}
