//! OL103: a per-message function that keeps the processing result, matches it, logs the
//! `Err` arm and stores offsets only on success: the next message's stored offset covers the
//! failed one. The store's own failure handler is not a processing failure.

use rdkafka::consumer::{Consumer, StreamConsumer};
use rdkafka::message::{BorrowedMessage, Message};
use tracing::Instrument;

async fn receive_message(consumer: &StreamConsumer, message: &BorrowedMessage<'_>) {
    let result = handle_message(message).await;
    match result {
        Ok(()) => {
            if let Err(e) = consumer.store_offset_from_message(message) {
                tracing::warn!(error = e.to_string(), "failed to store offset");
            }
        }
        Err(e) => { // expect: OL103
            tracing::error!(error = e.to_string(), "failed while handling message");
        }
    }
}

async fn receive_checked(
    consumer: &StreamConsumer,
    message: &BorrowedMessage<'_>,
) -> Result<(), String> {
    let result = handle_message(message).await;
    match result {
        Ok(()) => {
            if let Err(e) = consumer.store_offset_from_message(message) {
                tracing::warn!(error = e.to_string(), "failed to store offset");
            }
            Ok(())
        }
        Err(e) => Err(e),
    }
}

/// Deserialising is the poison path: its `Err` arm is not a processing failure, though the
/// `Ok` arm rebinds the same name.
async fn decode_message(message: &BorrowedMessage<'_>) {
    let payload = message.payload().unwrap_or_default();
    let event = serde_json::from_slice::<serde_json::Value>(payload);
    match event {
        Ok(event) => println!("{event}"),
        Err(e) => {
            tracing::warn!(error = e.to_string(), "skipping undecodable message");
        }
    }
}

pub async fn run(consumer: StreamConsumer) -> Result<(), String> {
    loop {
        let message = consumer.recv().await.map_err(|e| e.to_string())?;
        let span = tracing::info_span!("message", offset = message.offset());
        receive_message(&consumer, &message).instrument(span).await;
        receive_checked(&consumer, &message).await?;
        decode_message(&message).await;
    }
}

async fn handle_message(m: &BorrowedMessage<'_>) -> Result<(), String> {
    m.payload().map(|_| ()).ok_or_else(|| "empty".to_string())
}
