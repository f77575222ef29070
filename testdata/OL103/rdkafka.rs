//! OL103 fixture (rdkafka): `Err` arms, `if let Err`, `let Ok(..) = .. else` and error
//! closures in consume loops that neither handle the message nor leave the loop.

use std::time::Duration;

use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer, StreamConsumer};
use rdkafka::error::KafkaResult;
use rdkafka::message::Message;

pub async fn skips(consumer: &StreamConsumer) -> KafkaResult<()> {
    loop {
        let m = consumer.recv().await?;
        if let Err(e) = apply_payment(&m).await { // expect: OL103
            tracing::warn!("payment failed: {e}");
            continue;
        }
        match notify(&m).await {
            Ok(()) => {}
            Err(e) => tracing::warn!("notify failed: {e}"), // expect: OL103
        }
        let Ok(total) = compute_total(&m) else { // expect: OL103
            continue;
        };
        record(total);
        apply_payment(&m).await.unwrap_or_else(|e| tracing::warn!("{e}")); // expect: OL103
        consumer.commit_message(&m, CommitMode::Async)?;
    }
}

pub async fn leaves(consumer: &StreamConsumer) -> KafkaResult<()> {
    loop {
        let m = consumer.recv().await?;
        if let Err(e) = apply_payment(&m).await {
            return Err(e.into());
        }
        match notify(&m).await {
            Ok(()) => {}
            Err(e) => panic!("notify failed: {e}"),
        }
        if let Err(e) = audit(&m).await {
            tracing::error!("{e}");
            std::process::exit(1);
        }
        if let Err(e) = archive(&m).await {
            tracing::error!("{e}");
            break;
        }
        store(&m).await.map_err(|e| { tracing::error!("{e}"); e }).unwrap_or_else(|e| {
            tracing::error!("{e}");
            consumer.seek(m.topic(), m.partition(), rdkafka::Offset::Offset(m.offset()), Duration::from_secs(1)).ok();
        });
        consumer.commit_message(&m, CommitMode::Async)?;
    }
    Ok(())
}

pub fn fetch_errors(consumer: &BaseConsumer) {
    loop {
        match consumer.poll(Duration::from_millis(100)) {
            Some(Ok(m)) => {
                if let Err(e) = serde_json::from_slice::<Payment>(m.payload().unwrap_or_default()) {
                    tracing::warn!("poison: {e}"); // poison: skipping is the point
                    continue;
                }
                consumer.commit_message(&m, CommitMode::Async).ok();
            }
            Some(Err(e)) => tracing::warn!("poll failed: {e}"), // no message was received
            None => {}
        }
    }
}
