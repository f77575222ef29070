use rdkafka::consumer::StreamConsumer;
use rdkafka::error::KafkaResult;
use rdkafka::producer::FutureProducer;

use super::super::config::base_config;
use crate::config::producer_config;

pub fn build_consumer() -> KafkaResult<StreamConsumer> {
    base_config().create()
}

pub fn build_producer() -> KafkaResult<FutureProducer> {
    producer_config().create()
}

pub fn maybe_producer() -> Option<FutureProducer> {
    producer_config().create().ok()
}

pub fn pair() -> KafkaResult<(StreamConsumer, FutureProducer)> {
    Ok((build_consumer()?, build_producer()?))
}
