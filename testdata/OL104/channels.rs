//! OL104 fixture (rdkafka): messages a consume loop hands over a channel. The loop over the
//! receiver is a consume loop of that consumer, so a commit there is judged as in the
//! consume loop itself.

use std::sync::Arc;

use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};
use rdkafka::message::{Message, OwnedMessage};
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::StreamExt;

/// Receiver in a task spawned in the same function.
pub async fn handoff(consumer: Arc<StreamConsumer>) {
    let (tx, mut rx) = mpsc::channel::<OwnedMessage>(64);
    let worker = consumer.clone();
    let task = tokio::spawn(async move {
        while let Some(m) = rx.recv().await {
            worker.commit(&offsets_of(&m), CommitMode::Async).ok(); // expect: OL104
            apply(m.payload()).await;
        }
    });
    loop {
        match consumer.recv().await {
            Ok(m) => {
                let _ = tx.send(m.detach()).await;
            }
            Err(_) => break,
        }
    }
    drop(tx);
    task.await.ok();
}

/// The same, committed after the effect.
pub async fn handoff_after(consumer: Arc<StreamConsumer>) {
    let (tx, mut rx) = mpsc::channel::<OwnedMessage>(64);
    let worker = consumer.clone();
    let task = tokio::spawn(async move {
        while let Some(m) = rx.recv().await {
            apply(m.payload()).await;
            worker.commit(&offsets_of(&m), CommitMode::Async).ok();
        }
    });
    loop {
        match consumer.recv().await {
            Ok(m) => {
                let _ = tx.send(m.detach()).await;
            }
            Err(_) => break,
        }
    }
    drop(tx);
    task.await.ok();
}

/// Sender and receiver passed to functions: batches from a stream over the receiver.
async fn pump(consumer: &StreamConsumer, tx: mpsc::Sender<OwnedMessage>) {
    while let Ok(m) = consumer.recv().await {
        if tx.send(m.detach()).await.is_err() {
            break;
        }
    }
}

async fn write_batches(consumer: &StreamConsumer, rx: mpsc::Receiver<OwnedMessage>) {
    let batches = ReceiverStream::new(rx).chunks_timeout(500, std::time::Duration::from_secs(1));
    tokio::pin!(batches);
    while let Some(batch) = batches.next().await {
        consumer.commit(&offsets_of_batch(&batch), CommitMode::Sync).ok(); // expect: OL104
        insert_rows(&batch).await;
    }
}

async fn write_batches_after(consumer: &StreamConsumer, rx: mpsc::Receiver<OwnedMessage>) {
    let batches = ReceiverStream::new(rx).chunks_timeout(500, std::time::Duration::from_secs(1));
    tokio::pin!(batches);
    while let Some(batch) = batches.next().await {
        insert_rows(&batch).await;
        consumer.commit(&offsets_of_batch(&batch), CommitMode::Sync).ok();
    }
}

pub async fn run(consumer: StreamConsumer) {
    let (tx, rx) = mpsc::channel(64);
    tokio::join!(pump(&consumer, tx), write_batches(&consumer, rx));
    let (tx2, rx2) = mpsc::channel(64);
    tokio::join!(pump(&consumer, tx2), write_batches_after(&consumer, rx2));
}

/// A channel no consume loop feeds (timer ticks): its loop is not a consume loop.
pub async fn ticks(consumer: &StreamConsumer) {
    let (tx, mut rx) = mpsc::channel::<u64>(8);
    let ticker = tokio::spawn(async move {
        for i in 0.. {
            if tx.send(i).await.is_err() {
                break;
            }
        }
    });
    while let Some(i) = rx.recv().await {
        consumer.commit_consumer_state(CommitMode::Async).ok(); // expect: OL101
        record_tick(i).await;
    }
    ticker.await.ok();
}
