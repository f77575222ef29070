//! OL203 fixture (tokio with rdkafka): dropped `JoinHandle`s of tasks that produce or commit.

use std::time::Duration;

use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};
use rdkafka::producer::{FutureProducer, FutureRecord};

pub fn dropped(producer: FutureProducer, consumer: std::sync::Arc<StreamConsumer>) {
    let p = producer.clone();
    tokio::spawn(async move { // expect: OL203
        p.send(FutureRecord::<(), _>::to("out").payload("x"), Duration::from_secs(1))
            .await
            .map_err(|(e, _)| e)
    });
    let c = consumer.clone();
    let _ = tokio::task::spawn(async move { // expect: OL203
        let m = c.recv().await?;
        c.commit_message(&m, CommitMode::Async)
    });
    let _guard = tokio::spawn(relay(producer.clone())); // expect: OL203
    tokio::task::spawn_blocking(move || { // expect: OL203
        futures::executor::block_on(producer.send(
            FutureRecord::<(), _>::to("out").payload("y"),
            Duration::from_secs(1),
        ))
        .map_err(|(e, _)| e)
    });
}

pub async fn kept(producer: FutureProducer) {
    let p = producer.clone();
    let handle = tokio::spawn(async move {
        p.send(FutureRecord::<(), _>::to("out").payload("x"), Duration::from_secs(1))
            .await
            .map_err(|(e, _)| e)
    });
    handle.await.expect("task panicked").expect("delivery failed");
    tokio::spawn(async move {
        tracing::info!("no Kafka call in here");
    });
    tokio::spawn(tick());
}

async fn relay(producer: FutureProducer) -> Result<(), rdkafka::error::KafkaError> {
    producer
        .send(FutureRecord::<(), _>::to("out").payload("z"), Duration::from_secs(1))
        .await
        .map(|_| ())
        .map_err(|(e, _)| e)
}

async fn tick() {
    tokio::time::sleep(Duration::from_secs(1)).await;
}
