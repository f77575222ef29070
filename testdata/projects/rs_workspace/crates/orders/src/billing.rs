//! A module of the orders crate using kafka-bus by name.

use std::time::Duration;

use kafka_bus::Outbox;
use rdkafka::producer::Producer;

pub fn settle(outbox: &Outbox) {
    outbox.inner.flush(Duration::from_secs(1)).ok(); // expect: OL202
    let _ = outbox.flush(); // expect: OL202
}
