use rdkafka::consumer::BaseConsumer;
use rdkafka::producer::FutureProducer;

use crate::a::{consumer, ping};

pub fn make() -> FutureProducer {
    crate::producer().expect("producer")
}

pub fn source() -> BaseConsumer {
    consumer()
}

pub fn loop_back(n: u32) -> BaseConsumer {
    ping(n)
}
