//! Uses the crate root, which uses this module.

use crate::producer;

pub fn relay_producer() -> rdkafka::error::KafkaResult<rdkafka::producer::FutureProducer> {
    producer()
}

pub fn depth(n: u32) -> u32 {
    if n == 0 { 0 } else { crate::depth(n - 1) + 1 }
}
