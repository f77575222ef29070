//! Incident tooling that lets a model choose offsets (wrongly), on rdkafka.
//!
//! OL301 fixture (async_openai, ollama_rs): model text is parsed with `parse::<i64>()`
//! and reaches `Offset::Offset(n)`, `add_partition_offset`, `set_partition_offset`,
//! `seek` and `store_offset`. When `Offset::Offset(n)` is nested in another sink call,
//! only the innermost sink is reported. Offsets from handled messages are clean.

use std::time::Duration;

use async_openai::{
    types::{ChatCompletionRequestUserMessageArgs, CreateChatCompletionRequestArgs},
    Client,
};
use ollama_rs::{generation::completion::request::GenerationRequest, Ollama};
use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};
use rdkafka::message::Message;
use rdkafka::producer::{FutureProducer, FutureRecord};
use rdkafka::{Offset, TopicPartitionList};

async fn ask(question: String) -> anyhow::Result<String> {
    // Model call in its own function; its result only ever goes to `summarise` below.
    let client = Client::new();
    let request = CreateChatCompletionRequestArgs::default()
        .model("gpt-4o-mini")
        .messages([ChatCompletionRequestUserMessageArgs::default()
            .content(question)
            .build()?
            .into()])
        .build()?;
    let response = client.chat().create(request).await?;
    Ok(response.choices[0].message.content.clone().unwrap_or_default())
}

pub async fn plan_resume(topic: &str, partition: i32, incident: &str) -> anyhow::Result<TopicPartitionList> {
    let client = Client::new();
    let request = CreateChatCompletionRequestArgs::default()
        .model("gpt-4o-mini")
        .messages([ChatCompletionRequestUserMessageArgs::default()
            .content(format!("Incident: {incident}. Reply with the offset to resume from."))
            .build()?
            .into()])
        .build()?;
    let response = client.chat().create(request).await?;
    let text = response.choices[0].message.content.clone().unwrap_or_default();
    let resume_at = text.trim().parse::<i64>()?;

    let mut tpl = TopicPartitionList::new();
    tpl.add_partition_offset(
        topic,
        partition,
        Offset::Offset(resume_at), // expect: OL301
    )?;
    tpl.add_partition_offset(topic, partition + 1, Offset::Offset(resume_at + 1))?; // expect: OL301
    Ok(tpl)
}

pub async fn rewind(consumer: &StreamConsumer, topic: &str, partition: i32, alert: &str) -> anyhow::Result<()> {
    let client = Client::new();
    let request = CreateChatCompletionRequestArgs::default()
        .model("gpt-4o-mini")
        .messages([ChatCompletionRequestUserMessageArgs::default()
            .content(format!("{alert}\nHow many records should we rewind?"))
            .build()?
            .into()])
        .build()?;
    let answer = client.chat().create(request).await?;
    let back: i64 = answer.choices[0]
        .message
        .content
        .as_deref()
        .unwrap_or("0")
        .trim()
        .parse::<i64>()?;
    let (_low, high) = consumer.fetch_watermarks(topic, partition, Duration::from_secs(5))?;
    let target = high - back;
    consumer.seek(
        topic,
        partition,
        Offset::Offset(target), // expect: OL301
        Duration::from_secs(5),
    )?;
    Ok(())
}

pub async fn store_from_ollama(consumer: &StreamConsumer, topic: &str, partition: i32, excerpt: &str) -> anyhow::Result<()> {
    let ollama = Ollama::default();
    let prompt = format!("{excerpt}\nWhich offset was handled last? Reply with a number.");
    let res = ollama.generate(GenerationRequest::new("llama3.1".to_string(), prompt)).await?;
    let last_done: i64 = res.response.trim().parse()?;
    consumer.store_offset(topic, partition, last_done + 1)?; // expect: OL301
    Ok(())
}

pub async fn patch_list(tpl: &mut TopicPartitionList, topic: &str, partition: i32) -> anyhow::Result<()> {
    let ollama = Ollama::default();
    let res = ollama
        .generate(GenerationRequest::new("llama3.1".to_string(), "resume offset?".to_string()))
        .await?;
    let numbers: [i64; 1] = [res.response.trim().parse::<i64>()?];
    tpl.set_partition_offset(topic, partition, Offset::Offset(numbers[0]))?; // expect: OL301
    Ok(())
}

pub async fn summarise(
    consumer: &StreamConsumer,
    producer: &FutureProducer,
) -> anyhow::Result<()> {
    // Negative: model text is only logged and produced; the offset comes from the message.
    let m = consumer.recv().await?;
    let body = String::from_utf8_lossy(m.payload().unwrap_or_default()).into_owned();
    let summary = ask(format!("Summarise: {body}")).await?;
    println!("summary for offset {}: {summary}", m.offset()); // model text only logged
    producer
        .send(FutureRecord::to("summaries").key("s").payload(&summary), Duration::from_secs(5)) // model text as a message value
        .await
        .map_err(|(e, _)| e)?;
    let mut tpl = TopicPartitionList::new();
    tpl.add_partition_offset(m.topic(), m.partition(), Offset::Offset(m.offset() + 1))?; // offset from the handled message
    consumer.commit(&tpl, CommitMode::Sync)?; // explicitly built list, untainted
    consumer.store_offset(m.topic(), m.partition(), m.offset())?; // offset from the handled message
    Ok(())
}

pub fn apply(consumer: &StreamConsumer, topic: &str, partition: i32, offset: i64) -> anyhow::Result<()> {
    // `offset` is a parameter: OL301 taint is intraprocedural, and no function in this
    // file passes model output to `apply`.
    consumer.seek(topic, partition, Offset::Offset(offset), Duration::from_secs(5))?;
    Ok(())
}
