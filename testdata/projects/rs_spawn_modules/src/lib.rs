//! OL203 (Rust): a spawned task whose body commits through project functions of another
//! module, one or two calls deep, is flagged when its handle is dropped; a task that only
//! reads the consumer's state is not.
use rdkafka::consumer::StreamConsumer;
use std::sync::Arc;

mod consumer;
use consumer::KafkaConsumer;

pub fn start(con: StreamConsumer) {
    tokio::spawn(async move { // expect: OL203
        let _ = KafkaConsumer::stream_subscriber(con).await;
    });
}

pub fn start_through_run(con: StreamConsumer) {
    tokio::spawn(async move { // expect: OL203
        let _ = consumer::run(con).await;
    });
}

pub fn start_kept(con: StreamConsumer) -> tokio::task::JoinHandle<Result<(), String>> {
    tokio::spawn(async move { KafkaConsumer::stream_subscriber(con).await })
}

pub fn probe(con: Arc<StreamConsumer>) {
    tokio::spawn(async move {
        let _ = KafkaConsumer::health(&con).await;
    });
}
