use std::time::Duration;

use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer};
use rdkafka::config::ClientConfig;
use rdkafka::producer::Producer;

use super::b::{loop_back, make};

pub fn consumer() -> BaseConsumer {
    ClientConfig::new().set("group.id", "relay").create().expect("consumer")
}

pub fn ping(n: u32) -> BaseConsumer {
    loop_back(n)
}

pub fn drain() {
    let out = make();
    let _ = out.flush(Duration::from_secs(1)); // expect-gap: OL202 crate-root: `use rdkafka::..` in a crate module resolves into lib.rs; and `use super::b::..` in a non-mod.rs file starts one level too high
    let src = crate::b::source();
    src.commit_consumer_state(CommitMode::Sync).ok(); // expect-gap: OL101 crate-root: `use rdkafka::..` in a crate module resolves into lib.rs; and the path call `crate::b::source()` is not resolved
    ping(3).commit_consumer_state(CommitMode::Sync).ok(); // expect-gap: OL101 crate-root: `use rdkafka::..` in a crate module resolves into lib.rs
}
