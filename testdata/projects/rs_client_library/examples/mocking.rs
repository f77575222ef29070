//! The crate's own example: `rdkafka::` is the client library here (the crate is it).

use std::time::Duration;

use rdkafka::config::ClientConfig;
use rdkafka::consumer::StreamConsumer;
use rdkafka::producer::{FutureProducer, FutureRecord};

#[tokio::main]
async fn main() {
    let consumer: StreamConsumer = ClientConfig::new() // expect: OL105
        .set("bootstrap.servers", "localhost:9092")
        .set("group.id", "rust-rdkafka-mock-example")
        .create()
        .unwrap();
    let producer: FutureProducer = ClientConfig::new()
        .set("bootstrap.servers", "localhost:9092")
        .create()
        .unwrap();
    tokio::spawn(async move { // expect: OL203
        loop {
            producer
                .send(FutureRecord::to("t").payload("x"), Duration::from_secs(0))
                .await
                .unwrap();
        }
    });
    drop(consumer);
}
