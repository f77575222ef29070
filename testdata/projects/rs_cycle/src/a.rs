use std::time::Duration;

use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer};
use rdkafka::config::ClientConfig;
use rdkafka::producer::Producer;

use super::b::{loop_back, make};

pub fn consumer() -> BaseConsumer {
    ClientConfig::new().set("group.id", "relay").create().expect("consumer")  // expect: OL105
}

pub fn ping(n: u32) -> BaseConsumer {
    loop_back(n)
}

pub fn drain() {
    let out = make();
    let _ = out.flush(Duration::from_secs(1)); // expect: OL202
    let src = crate::b::source();
    src.commit_consumer_state(CommitMode::Sync).ok(); // expect: OL101
    ping(3).commit_consumer_state(CommitMode::Sync).ok(); // expect: OL101
}
