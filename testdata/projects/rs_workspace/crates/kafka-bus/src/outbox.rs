//! A producer wrapper whose flush hands the result to the caller.

use std::time::Duration;

use rdkafka::error::KafkaResult;
use rdkafka::producer::{FutureProducer, Producer};

pub struct Outbox {
    pub inner: FutureProducer,
}

impl Outbox {
    pub fn new() -> KafkaResult<Self> {
        Ok(Outbox { inner: crate::build()? })
    }

    pub fn flush(&self) -> KafkaResult<()> {
        self.inner.flush(Duration::from_secs(5))
    }
}
