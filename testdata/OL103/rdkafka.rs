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

/// The closure of a stream combinator over a consumer's stream is a consume loop's body: an
/// `Err` branch that logs and falls through reaches the commit that covers the failed offset.
/// In `for_each` an early `return` ends only this message, as `continue` would.
pub async fn combinators(consumer: &StreamConsumer) {
    consumer
        .stream()
        .for_each_concurrent(8, |msg| async {
            let Ok(m) = msg else { return };
            if let Err(e) = apply_payment(&m).await { // expect: OL103
                tracing::warn!("payment failed: {e}");
            }
            consumer.commit_message(&m, CommitMode::Async).ok();
        })
        .await;
    let stream = consumer.stream();
    stream
        .for_each(|msg| async move {
            let m = msg.unwrap();
            match notify(&m).await {
                Ok(()) => {}
                Err(e) => { // expect: OL103
                    tracing::warn!("notify failed: {e}");
                    return;
                }
            }
            consumer.commit_message(&m, CommitMode::Async).ok();
        })
        .await;
}

/// `try_for_each` ends the stream on the closure's error; a panic ends more; a stream that is
/// not a consumer's is not a consume loop.
pub async fn combinators_that_leave(consumer: &StreamConsumer, jobs: Vec<Job>) -> KafkaResult<()> {
    consumer
        .stream()
        .try_for_each(|m| async move {
            if let Err(e) = apply_payment(&m).await {
                tracing::warn!("payment failed: {e}");
                return Err(e);
            }
            notify(&m).await?;
            consumer.commit_message(&m, CommitMode::Async)
        })
        .await?;
    consumer
        .stream()
        .for_each(|msg| async move {
            let m = msg.unwrap();
            if let Err(e) = apply_payment(&m).await {
                panic!("payment failed: {e}");
            }
            consumer.commit_message(&m, CommitMode::Async).ok();
        })
        .await;
    futures::stream::iter(jobs)
        .for_each(|job| async move {
            if let Err(e) = job.run().await {
                tracing::warn!("job failed: {e}");
            }
        })
        .await;
    Ok(())
}
