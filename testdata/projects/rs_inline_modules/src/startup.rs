//! Starts the consumer task through the inline module's path.

use crate::consumer::kafka_consumer::poll_forever;
use rdkafka::consumer::StreamConsumer;

pub fn start(consumer: StreamConsumer) {
    tokio::spawn(async move { // expect: OL203
        poll_forever(consumer).await.unwrap();
    });
}

pub async fn start_watched(consumer: StreamConsumer) -> Result<(), String> {
    let task = tokio::spawn(async move { poll_forever(consumer).await });
    task.await.map_err(|e| e.to_string())?
}
