//! A module of the orders crate using kafka-bus by name.

use std::time::Duration;

use kafka_bus::Outbox;
use rdkafka::producer::Producer;

pub fn settle(outbox: &Outbox) {
    outbox.inner.flush(Duration::from_secs(1)).ok(); // expect-gap: OL202 crate-root: `use rdkafka::..` in a crate module resolves into lib.rs
    let _ = outbox.flush(); // expect-gap: OL202 crate-root: `use rdkafka::..` in a crate module resolves into lib.rs
}
