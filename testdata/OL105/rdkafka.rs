//! OL105 fixture (rdkafka): builder chains with a `group.id` that leave `enable.auto.commit`
//! and `enable.auto.offset.store` at their default (true).

use rdkafka::config::ClientConfig;
use rdkafka::consumer::{BaseConsumer, StreamConsumer};
use rdkafka::error::KafkaResult;
use rdkafka::producer::FutureProducer;

pub fn annotated() -> KafkaResult<StreamConsumer> {
    let consumer: StreamConsumer = ClientConfig::new() // expect: OL105
        .set("bootstrap.servers", "localhost:9092")
        .set("group.id", "billing")
        .create()?;
    Ok(consumer)
}

pub fn turbofish() -> KafkaResult<BaseConsumer> {
    let consumer = ClientConfig::new() // expect: OL105
        .set("group.id", "billing")
        .set("enable.auto.commit", "true")
        .create::<BaseConsumer>()?;
    Ok(consumer)
}

pub fn returned() -> KafkaResult<StreamConsumer> {
    ClientConfig::new() // expect: OL105
        .set("group.id", "billing")
        .create()
}

pub fn in_steps() -> KafkaResult<StreamConsumer> {
    let mut config = ClientConfig::new();
    config.set("group.id", "billing");
    config.set("bootstrap.servers", "localhost:9092");
    config.create() // expect: OL105
}

pub fn manual() -> KafkaResult<StreamConsumer> {
    ClientConfig::new()
        .set("group.id", "billing")
        .set("enable.auto.commit", "false")
        .create()
}

pub fn stored() -> KafkaResult<StreamConsumer> {
    ClientConfig::new()
        .set("group.id", "billing")
        .set("enable.auto.offset.store", "false")
        .create()
}

pub fn no_group() -> KafkaResult<BaseConsumer> {
    ClientConfig::new().set("bootstrap.servers", "localhost:9092").create()
}

pub fn from_base(base: &ClientConfig) -> KafkaResult<StreamConsumer> {
    base.clone().set("group.id", "billing").create()
}

fn base_config() -> ClientConfig {
    let mut config = ClientConfig::new();
    config.set("bootstrap.servers", "localhost:9092");
    config
}

pub fn from_helper() -> KafkaResult<StreamConsumer> {
    // A chain from a shared base config the helper builds: visible, judged whole.
    base_config().set("group.id", "billing").create() // expect: OL105
}

pub fn producer() -> KafkaResult<FutureProducer> {
    ClientConfig::new().set("group.id", "billing").create()
}

/// The client error mapped into the application's own: still this chain's consumer.
pub fn mapped_error() -> Result<StreamConsumer, String> {
    let consumer: StreamConsumer = ClientConfig::new() // expect: OL105
        .set("bootstrap.servers", "localhost:9092")
        .set("group.id", "mapped")
        .create()
        .map_err(|e| format!("cannot create the consumer: {e}"))?;
    Ok(consumer)
}

/// A creation failure that ends the process: the Ok value is the consumer.
pub fn or_exit(group: &str) -> BaseConsumer {
    let consumer: BaseConsumer = ClientConfig::new() // expect: OL105
        .set("group.id", group)
        .set("bootstrap.servers", "localhost:9092")
        .create()
        .unwrap_or_else(|err| {
            eprintln!("cannot create the consumer: {err}");
            std::process::exit(1);
        });
    consumer
}
