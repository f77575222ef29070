//! Import cycles: the crate root and `hub` use each other; `a` and `b` use each other.

pub mod a;
pub mod b;
pub mod hub;

use std::time::Duration;

use rdkafka::config::ClientConfig;
use rdkafka::error::KafkaResult;
use rdkafka::producer::{FutureProducer, Producer};

use crate::hub::relay_producer;

pub fn producer() -> KafkaResult<FutureProducer> {
    ClientConfig::new().set("bootstrap.servers", "kafka:9092").create()
}

pub fn shutdown() -> KafkaResult<()> {
    let out = relay_producer()?;
    let _ = out.flush(Duration::from_secs(5)); // expect: OL202
    out.flush(Duration::from_secs(5))?;
    Ok(())
}

pub fn depth(n: u32) -> u32 {
    hub::depth(n)
}
