//! OL104 fixture (rdkafka): one `select!` branch runs per turn, so a commit in one branch is
//! never before the code of another.

use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};
use rdkafka::message::Message;

pub async fn periodic_commit(consumer: &StreamConsumer, mut ticks: tokio::time::Interval) {
    loop {
        tokio::select! {
            _ = ticks.tick() => {
                consumer.commit(&consumer.assignment().unwrap(), CommitMode::Async).ok();
            }
            r = consumer.recv() => {
                let m = r.unwrap();
                apply(m.payload()).await;
                consumer.store_offset_from_message(&m).ok();
            }
        }
    }
}

pub async fn commit_then_apply(consumer: &StreamConsumer, mut ticks: tokio::time::Interval) {
    loop {
        tokio::select! {
            r = consumer.recv() => {
                let m = r.unwrap();
                consumer.store_offset_from_message(&m).ok(); // expect: OL104
                apply(m.payload()).await;
            }
            _ = ticks.tick() => {
                tracing::debug!("tick");
            }
        }
    }
}
