//! Clients built from a builder helper of another module, a `const`, or an unseen base.
use rdkafka::config::ClientConfig;
use rdkafka::consumer::StreamConsumer;
use rdkafka::error::KafkaResult;
use rdkafka::producer::FutureProducer;

mod kafka;

const LEADER_ONLY: &str = "1";
const ALL_REPLICAS: &str = "all";

pub fn weak() -> KafkaResult<FutureProducer> {
    kafka::base().set("acks", "1").create() // expect: OL205
}

pub fn safe() -> KafkaResult<FutureProducer> {
    kafka::base().set("acks", "all").create()
}

pub fn weak_const() -> KafkaResult<FutureProducer> {
    ClientConfig::new().set("acks", LEADER_ONLY).create() // expect: OL205
}

pub fn safe_const() -> KafkaResult<FutureProducer> {
    ClientConfig::new().set("acks", ALL_REPLICAS).create()
}

pub fn weak_var() -> KafkaResult<FutureProducer> {
    let mut cfg = crate::kafka::base();
    cfg.set("acks", "0");
    cfg.create() // expect: OL205
}

pub fn safe_var() -> KafkaResult<FutureProducer> {
    let mut cfg = crate::kafka::base();
    cfg.set("linger.ms", "5");
    cfg.create()
}

pub fn consumer(group: &str) -> KafkaResult<StreamConsumer> {
    kafka::base().set("group.id", group).create() // expect: OL105
}

pub fn manual(group: &str) -> KafkaResult<StreamConsumer> {
    kafka::manual_base().set("group.id", group).create()
}

pub fn set_after_unseen(base: &ClientConfig) -> KafkaResult<FutureProducer> {
    // The base cannot be seen, but `acks` is set after it: known.
    base.clone().set("acks", "1").create() // expect: OL205
}

pub fn default_under_unseen(base: &ClientConfig) -> KafkaResult<FutureProducer> {
    // `acks` only possibly set by the base: never read as the default.
    base.clone().set("linger.ms", "5").create()
}

fn main() {}
