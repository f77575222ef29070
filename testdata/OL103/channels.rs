//! OL103 fixture (rdkafka): a failure handler in the loop over a channel's receiver that a
//! consume loop feeds is in a consume loop of that consumer.

use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};
use rdkafka::message::{Message, OwnedMessage};
use tokio::sync::mpsc;

pub async fn handoff(consumer: &StreamConsumer) {
    let (tx, rx) = flume::bounded::<OwnedMessage>(64);
    std::thread::scope(|s| {
        s.spawn(|| {
            for m in rx.iter() {
                if let Err(e) = apply_payment(&m) { // expect: OL103
                    tracing::warn!("payment failed: {e}");
                }
                consumer.commit(&offsets_of(&m), CommitMode::Sync).ok();
            }
        });
    });
    while let Ok(m) = consumer.recv().await {
        tx.send(m.detach()).ok();
    }
}

pub async fn handoff_leaves(consumer: &StreamConsumer) {
    let (tx, rx) = flume::bounded::<OwnedMessage>(64);
    std::thread::scope(|s| {
        s.spawn(|| {
            for m in rx.iter() {
                if let Err(e) = apply_payment(&m) {
                    tracing::error!("payment failed: {e}");
                    break;
                }
                consumer.commit(&offsets_of(&m), CommitMode::Sync).ok();
            }
        });
    });
    while let Ok(m) = consumer.recv().await {
        tx.send(m.detach()).ok();
    }
}
