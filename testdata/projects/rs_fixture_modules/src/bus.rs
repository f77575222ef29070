//! The service's producer, built in one place.

use rdkafka::config::ClientConfig;
use rdkafka::producer::FutureProducer;

pub fn make_producer() -> FutureProducer {
    ClientConfig::new()
        .set("bootstrap.servers", "kafka:9092")
        .create()
        .expect("producer")
}
