//! OL103: a function the consume loop calls once per message, whose result the loop tests
//! for an error (`if let Err(e) = process(..)`): an `Err` arm inside it that only logs
//! returns `Ok(())`, so the loop's test never sees the failure and the loop goes on (the
//! next message's commit, inside the function, covers the failed offset).

use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};
use rdkafka::message::{BorrowedMessage, Message};

async fn process(consumer: &StreamConsumer, m: &BorrowedMessage<'_>) -> Result<(), String> {
    // The rows derive from the message through a `match` and its arm's binding.
    let payload = match m.payload_view::<str>() {
        Some(Ok(text)) => text,
        _ => return Ok(()),
    };
    let rows = payload.lines().collect::<Vec<_>>();
    match insert_rows(Some(rows.concat().as_bytes())).await {
        Ok(()) => consumer.commit_message(m, CommitMode::Async).map_err(|e| e.to_string())?,
        Err(e) => eprintln!("insert failed: {e:?}"), // expect: OL103
    }
    Ok(())
}

async fn process_propagating(
    consumer: &StreamConsumer,
    m: &BorrowedMessage<'_>,
) -> Result<(), String> {
    match insert_rows(m.payload()).await {
        Ok(()) => consumer.commit_message(m, CommitMode::Async).map_err(|e| e.to_string())?,
        Err(e) => return Err(format!("insert failed: {e:?}")),
    }
    Ok(())
}

pub async fn run(consumer: &StreamConsumer) {
    loop {
        match consumer.recv().await {
            Err(e) => eprintln!("kafka error: {e}"),
            Ok(m) => {
                if let Err(e) = process(consumer, &m).await {
                    eprintln!("processing failed: {e}");
                }
            }
        }
    }
}

pub async fn run_stopping(consumer: &StreamConsumer) {
    loop {
        match consumer.recv().await {
            Err(e) => eprintln!("kafka error: {e}"),
            Ok(m) => {
                if let Err(e) = process_propagating(consumer, &m).await {
                    eprintln!("processing failed, stopping: {e}");
                    break;
                }
            }
        }
    }
}

async fn insert_rows(body: Option<&[u8]>) -> Result<(), String> {
    body.map(|_| ()).ok_or_else(|| "empty".to_string())
}
