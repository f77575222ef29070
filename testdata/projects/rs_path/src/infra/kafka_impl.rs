//! Known to the crate as `crate::kafka` (a `#[path]` module).

use rdkafka::config::ClientConfig;
use rdkafka::producer::FutureProducer;

pub fn make_out() -> FutureProducer {
    ClientConfig::new()
        .set("bootstrap.servers", "k:9092")
        .create()
        .expect("producer")
}
