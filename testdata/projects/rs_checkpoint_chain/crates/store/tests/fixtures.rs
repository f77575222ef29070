//! A Rust test target's fixtures: test support, never OL402.
use rpc::Coordinator;
use rdkafka::producer::FutureProducer;
use store::checkpoint::save;

pub fn coordinator(c: Coordinator, p: FutureProducer) -> (Coordinator, FutureProducer) {
    let _ = save;
    (c, p)
}
