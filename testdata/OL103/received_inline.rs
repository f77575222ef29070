//! OL103 fixture (rdkafka): the consume loop hands `recv()`'s result straight to a handler
//! (`handle(consumer.recv().await, ..)`) and matches on what the handler returns: an `Err`
//! arm that only logs goes on past a message whose processing failed, as it does when the
//! message is first bound to a name. An arm that leaves the loop does not.

use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};
use rdkafka::error::KafkaError;
use rdkafka::message::BorrowedMessage;
use rdkafka::Message;

pub async fn listen(consumer: StreamConsumer) {
    loop {
        match handle(consumer.recv().await, &consumer).await {
            Ok(()) => log::info!("handled"),
            Err(e) => log::error!("failed to handle message: {}", e), // expect: OL103
        };
    }
}

pub async fn listen_or_stop(consumer: StreamConsumer) -> Result<(), Box<dyn std::error::Error>> {
    loop {
        match handle(consumer.recv().await, &consumer).await {
            Ok(()) => log::info!("handled"),
            Err(e) => {
                log::error!("stopping: {}", e);
                return Err(e);
            }
        };
    }
}

async fn handle(
    received: Result<BorrowedMessage<'_>, KafkaError>,
    consumer: &StreamConsumer,
) -> Result<(), Box<dyn std::error::Error>> {
    let msg = received?;
    process(msg.payload()).await?;
    consumer.commit_message(&msg, CommitMode::Sync)?;
    Ok(())
}

async fn process(_payload: Option<&[u8]>) -> Result<(), Box<dyn std::error::Error>> {
    Ok(())
}
