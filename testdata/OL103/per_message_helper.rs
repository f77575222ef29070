//! OL103: a function the consume loop calls once per message (its result thrown away), whose
//! `Err` arm only logs, lets the loop go on past the message.

use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};
use rdkafka::message::{BorrowedMessage, Message};

async fn process(m: &BorrowedMessage<'_>) {
    match send_http(m.payload()).await {
        Ok(()) => {}
        Err(e) => eprintln!("Error processing message: {e:?}"), // expect: OL103
    }
}

async fn process_checked(m: &BorrowedMessage<'_>) -> Result<(), String> {
    send_http(m.payload()).await
}

pub async fn run(consumer: StreamConsumer) {
    loop {
        match consumer.recv().await {
            Ok(m) => {
                process(&m).await;
                if process_checked(&m).await.is_err() {
                    break;
                }
                consumer.commit_message(&m, CommitMode::Async).unwrap();
            }
            Err(e) => eprintln!("{e}"),
        }
    }
}

async fn send_http(body: Option<&[u8]>) -> Result<(), String> {
    body.map(|_| ()).ok_or_else(|| "empty".to_string())
}
