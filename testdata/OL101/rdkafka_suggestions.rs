//! Suggestions are code that runs where they are shown (catalog, "What a run promises"):
//! a message bound in a sibling `select!` arm is not in scope, a `KafkaResult` is not a
//! message, and a rebalance callback has no message to commit.

use std::time::Duration;

use futures::StreamExt;

use rdkafka::config::ClientConfig;
use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer, ConsumerContext, Rebalance, StreamConsumer};
use rdkafka::error::KafkaResult;
use rdkafka::message::Message;

pub async fn ticking(group: &str) -> KafkaResult<()> {
    let consumer: StreamConsumer = ClientConfig::new()
        .set("group.id", group)
        .set("enable.auto.commit", "false")
        .create()?;
    let mut tick = tokio::time::interval(Duration::from_secs(5));
    loop {
        tokio::select! {
            msg = consumer.recv() => {
                if let Ok(m) = &msg {
                    println!("{:?}", m.payload());
                }
            }
            _ = tick.tick() => {
                // suggests: consumer.commit_message(&<message>, CommitMode::Async)
                consumer.commit_consumer_state(CommitMode::Async)?; // expect: OL101
            }
        }
    }
}

pub async fn unchecked(group: &str) -> KafkaResult<()> {
    let consumer: StreamConsumer = ClientConfig::new()
        .set("group.id", group)
        .set("enable.auto.commit", "false")
        .create()?;
    loop {
        // A `KafkaResult`, not a message.
        let res = consumer.recv().await;
        println!("{}", res.is_ok());
        // suggests: consumer.commit_message(&<message>, CommitMode::Sync)
        consumer.commit_consumer_state(CommitMode::Sync)?; // expect: OL101
    }
}

pub async fn streamed(group: &str) -> KafkaResult<()> {
    let consumer: StreamConsumer = ClientConfig::new()
        .set("group.id", group)
        .set("enable.auto.commit", "false")
        .create()?;
    let mut stream = consumer.stream();
    while let Some(r) = stream.next().await {
        println!("{}", r.is_ok());
    }
    // A stream is not a batch: rdkafka has no batch form.
    // suggests: consumer.commit_message(&<message>, CommitMode::Sync)
    consumer.commit_consumer_state(CommitMode::Sync)?; // expect: OL101
    Ok(())
}

pub struct Ctx;

impl rdkafka::client::ClientContext for Ctx {}

impl ConsumerContext for Ctx {
    fn pre_rebalance(&self, base: &BaseConsumer<Self>, rebalance: &Rebalance) {
        if let Rebalance::Revoke(_) = rebalance {
            // No message exists in a rebalance callback.
            // suggests: none
            let _ = base.commit_consumer_state(CommitMode::Sync); // expect: OL101
        }
    }
}
