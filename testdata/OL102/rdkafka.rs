//! OL102 fixture (rdkafka): commits on Rust failure paths: catch-all `Err` arms, `_` beside
//! `Ok`, `if let Err`, the `else` of `if let Ok` / `let Ok(..) = .. else`, and error closures.
//! Not flagged: deserialization/validation failures (poison), named variants, guarded arms,
//! a failed poll, `Option::unwrap_or_else`.

use std::time::Duration;

use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer, StreamConsumer};
use rdkafka::error::{KafkaError, KafkaResult};
use rdkafka::message::{BorrowedMessage, Message};

pub async fn catch_all(consumer: &StreamConsumer) -> KafkaResult<()> {
    loop {
        let m = consumer.recv().await?;
        match apply_payment(&m).await {
            Ok(()) => consumer.commit_message(&m, CommitMode::Async)?, // expect: OL104
            Err(e) => {
                tracing::error!("payment failed: {e}");
                consumer.commit_message(&m, CommitMode::Async)?; // expect: OL102
                return Err(e.into());
            }
        }
        match apply_payment(&m).await {
            Ok(()) => {}
            _ => consumer.store_offset_from_message(&m)?, // expect: OL102
        }
    }
}

pub fn if_let_forms(consumer: &BaseConsumer, m: &BorrowedMessage) -> KafkaResult<()> {
    if let Err(e) = apply_payment_sync(m) {
        tracing::error!("{e}");
        consumer.commit_message(m, CommitMode::Sync)?; // expect: OL102
    }
    if let Ok(()) = apply_payment_sync(m) {
        tracing::info!("done");
    } else {
        consumer.commit_message(m, CommitMode::Sync)?; // expect: OL102
    }
    let Ok(total) = compute_total(m) else {
        consumer.commit_message(m, CommitMode::Sync)?; // expect: OL102
        return Ok(());
    };
    tracing::info!("{total}");
    Ok(())
}

pub fn commit_retry(consumer: &BaseConsumer, m: &BorrowedMessage) -> KafkaResult<()> {
    apply_payment_sync(m)?;
    if let Err(e) = consumer.commit_message(m, CommitMode::Sync) {
        tracing::warn!("commit failed, retrying: {e}");
        consumer.commit_message(m, CommitMode::Async)?; // the commit failed, not the processing
    }
    Ok(())
}

pub fn closures(consumer: &BaseConsumer, m: &BorrowedMessage) {
    apply_payment_sync(m).unwrap_or_else(|e| {
        tracing::error!("{e}");
        consumer.commit_message(m, CommitMode::Async).ok(); // expect: OL102
    });
    let _ = apply_payment_sync(m).or_else(|_| consumer.commit_message(m, CommitMode::Async)); // expect: OL102
    // `Option::unwrap_or_else(|| ..)` runs on `None`, not on a failure.
    let _key = m.key().map(|k| k.to_vec()).unwrap_or_else(|| {
        consumer.commit_message(m, CommitMode::Async).ok();
        Vec::new()
    });
}

pub fn poison(consumer: &BaseConsumer, m: &BorrowedMessage) -> KafkaResult<()> {
    match serde_json::from_slice::<Payment>(m.payload().unwrap_or_default()) {
        Ok(p) => apply(p),
        Err(e) => {
            tracing::warn!("poison: {e}");
            consumer.commit_message(m, CommitMode::Async)?; // deserialization failed: poison
        }
    }
    let parsed = std::str::from_utf8(m.payload().unwrap_or_default());
    match parsed {
        Ok(s) => tracing::info!("{s}"),
        Err(_) => consumer.commit_message(m, CommitMode::Async)?, // poison, through a name
    }
    if let Err(e) = validate(m) {
        tracing::warn!("invalid: {e}");
        consumer.commit_message(m, CommitMode::Async)?; // validation failed: poison
    }
    Ok(())
}

pub async fn specific(consumer: &StreamConsumer) -> KafkaResult<()> {
    let m = consumer.recv().await?;
    match apply_payment(&m).await {
        Ok(()) => {}
        Err(PaymentError::Declined(code)) => {
            tracing::info!("declined {code}");
            consumer.commit_message(&m, CommitMode::Async)?; // a named variant
        }
        Err(e) if e.is_permanent() => {
            consumer.commit_message(&m, CommitMode::Async)?; // guarded: what the guard selects
        }
        Err(e) => return Err(KafkaError::Canceled).map_err(|_: KafkaError| e.into()),
    }
    Ok(())
}

pub fn failed_poll(consumer: &BaseConsumer) -> KafkaResult<()> {
    match consumer.poll(Duration::from_millis(100)) {
        Some(Ok(m)) => {
            apply_payment_sync(&m).ok();
            consumer.commit_message(&m, CommitMode::Async)?;
        }
        // No message was received: nothing about a message failed.
        Some(Err(e)) => {
            tracing::warn!("poll failed: {e}");
            consumer.commit_consumer_state(CommitMode::Async)?; // expect: OL101
        }
        None => {}
    }
    Ok(())
}
