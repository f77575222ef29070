//! OL205 fixture (rdkafka): builder chains setting `acks` (or `request.required.acks`) to 0 or
//! 1. librdkafka's default is `all`.

use rdkafka::config::ClientConfig;
use rdkafka::consumer::StreamConsumer;
use rdkafka::error::KafkaResult;
use rdkafka::producer::{BaseProducer, FutureProducer, ThreadedProducer, DefaultProducerContext};

pub fn annotated() -> KafkaResult<FutureProducer> {
    let producer: FutureProducer = ClientConfig::new() // expect: OL205
        .set("bootstrap.servers", "localhost:9092")
        .set("acks", "1")
        .create()?;
    Ok(producer)
}

pub fn turbofish() -> KafkaResult<BaseProducer> {
    let producer = ClientConfig::new() // expect: OL205
        .set("request.required.acks", "0")
        .create::<BaseProducer>()?;
    Ok(producer)
}

pub fn in_steps() -> KafkaResult<ThreadedProducer<DefaultProducerContext>> {
    let mut config = ClientConfig::new();
    config.set("bootstrap.servers", "localhost:9092");
    config.set("acks", "1");
    config.create() // expect: OL205
}

pub fn full() -> KafkaResult<FutureProducer> {
    ClientConfig::new().set("acks", "all").create()
}

pub fn minus_one() -> KafkaResult<FutureProducer> {
    ClientConfig::new().set("acks", "-1").create()
}

pub fn default() -> KafkaResult<FutureProducer> {
    ClientConfig::new()
        .set("bootstrap.servers", "localhost:9092")
        .create()
}

pub fn consumer() -> KafkaResult<StreamConsumer> {
    // A consumer's `acks` means nothing.
    ClientConfig::new()
        .set("group.id", "billing")
        .set("enable.auto.commit", "false")
        .set("acks", "1")
        .create()
}

pub fn from_base(base: &ClientConfig) -> KafkaResult<FutureProducer> {
    // The base cannot be seen, but `acks` is set after it: known.
    base.clone().set("acks", "1").create() // expect: OL205
}

fn base_config() -> ClientConfig {
    let mut config = ClientConfig::new();
    config.set("acks", "1");
    config
}

pub fn from_helper() -> KafkaResult<FutureProducer> {
    // A chain from a shared base config the helper builds: visible, judged whole.
    base_config().set("bootstrap.servers", "localhost:9092").create() // expect: OL205
}

pub fn configured(level: &str) -> KafkaResult<FutureProducer> {
    // Not a literal.
    ClientConfig::new().set("acks", level).create()
}

/// The client error mapped into the application's own (`.map_err(..)?`): the `Ok` value is
/// the producer the chain built, as with `?` alone.
pub fn mapped_error() -> Result<FutureProducer, String> {
    let producer: FutureProducer = ClientConfig::new() // expect: OL205
        .set("bootstrap.servers", "localhost:9092")
        .set("acks", "1")
        .create()
        .map_err(|e| format!("cannot create the producer: {e}"))?;
    Ok(producer)
}
