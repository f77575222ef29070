//! OL302 fixture (rdkafka with async-openai): a commit in a branch on model output, after an
//! `assert!` on it, or after a sleep it times.

use std::time::Duration;

use async_openai::types::CreateChatCompletionRequest;
use async_openai::Client;
use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};

pub async fn branch(consumer: &StreamConsumer, req: CreateChatCompletionRequest) -> anyhow::Result<()> {
    let client = Client::new();
    loop {
        let m = consumer.recv().await?;
        let reply = client.chat().create(req.clone()).await?;
        let verdict = reply.choices[0].message.content.clone().unwrap_or_default();
        match verdict.as_str() {
            "done" => consumer.commit_message(&m, CommitMode::Async)?, // expect: OL302
            _ => tracing::info!("not yet"),
        }
        tracing::info!("verdict {verdict}");
    }
}

pub async fn assert_then_commit(consumer: &StreamConsumer, req: CreateChatCompletionRequest) -> anyhow::Result<()> {
    let client = Client::new();
    let m = consumer.recv().await?;
    let reply = client.chat().create(req).await?;
    let score: f64 = reply.choices[0].message.content.clone().unwrap_or_default().parse()?;
    assert!(score > 0.8);
    consumer.commit_message(&m, CommitMode::Sync)?; // expect: OL302
    Ok(())
}

pub async fn delayed(consumer: &StreamConsumer, req: CreateChatCompletionRequest) -> anyhow::Result<()> {
    let client = Client::new();
    let m = consumer.recv().await?;
    let reply = client.chat().create(req).await?;
    let secs: u64 = reply.choices[0].message.content.clone().unwrap_or_default().parse()?;
    tokio::time::sleep(Duration::from_secs(secs)).await;
    consumer.commit_message(&m, CommitMode::Sync)?; // expect: OL302
    Ok(())
}

pub async fn logged(consumer: &StreamConsumer, req: CreateChatCompletionRequest) -> anyhow::Result<()> {
    let client = Client::new();
    let m = consumer.recv().await?;
    let reply = client.chat().create(req).await?;
    tracing::info!("model said {:?}", reply.choices[0].message.content);
    consumer.commit_message(&m, CommitMode::Sync)?;
    Ok(())
}
