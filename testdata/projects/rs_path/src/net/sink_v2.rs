//! Known to the crate as `crate::sink`: a wrapper whose `close` hands on the flush result.

use std::time::Duration;

use rdkafka::error::KafkaResult;
use rdkafka::producer::{FutureProducer, Producer};

pub struct Sink {
    pub out: FutureProducer,
}

impl Sink {
    pub fn close(&self) -> KafkaResult<()> {
        self.out.flush(Duration::from_secs(5))
    }
}
