//! The crate root's own `use` of a client type: its modules name it `crate::ClientConfig`.
mod processor;

use rdkafka::ClientConfig;

fn main() {
    let _ = processor::create_consumer("kafka:9092");
    let _ = processor::create_storing_consumer("kafka:9092");
    let _: ClientConfig = ClientConfig::new();
}
