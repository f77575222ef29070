//! OL103 (rdkafka): a loop gathering a batch within a time window (`while batch.len() < max
//! { .. consumer.recv() .. }`), then handing it to a function that writes it and commits its
//! offsets in a transaction: a failure that is only logged, with the batch emptied after it,
//! drops the batch, and the next batch's offsets commit past it. The twin leaves the loop.
use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};
use rdkafka::message::BorrowedMessage;
use rdkafka::Message;
use std::time::Duration;
use tokio::time::timeout;

pub async fn dropped(consumer: StreamConsumer) {
    let mut batch: Vec<String> = Vec::new();
    loop {
        while batch.len() < 500 {
            if let Ok(Ok(m)) = timeout(Duration::from_millis(10), consumer.recv()).await {
                if let Some(t) = decode(&m) {
                    batch.push(t);
                }
            }
        }
        if let Err(e) = process_batch(&consumer, &batch).await { // expect: OL103
            eprintln!("batch error: {e:?}");
        }
        batch.clear();
    }
}

pub async fn stops(consumer: StreamConsumer) -> Result<(), String> {
    let mut batch: Vec<String> = Vec::new();
    loop {
        while batch.len() < 500 {
            if let Ok(Ok(m)) = timeout(Duration::from_millis(10), consumer.recv()).await {
                if let Some(t) = decode(&m) {
                    batch.push(t);
                }
            }
        }
        if let Err(e) = process_batch(&consumer, &batch).await {
            eprintln!("batch error: {e:?}");
            return Err(e);
        }
        batch.clear();
    }
}

fn decode(m: &BorrowedMessage<'_>) -> Option<String> {
    Some(m.payload_view::<str>()?.ok()?.to_string())
}

async fn process_batch(consumer: &StreamConsumer, batch: &[String]) -> Result<(), String> {
    write_rows(batch).await?;
    let committed = consumer.commit_consumer_state(CommitMode::Sync); // expect: OL101
    committed.map_err(|e| e.to_string())
}

async fn write_rows(_rows: &[String]) -> Result<(), String> {
    Ok(())
}
