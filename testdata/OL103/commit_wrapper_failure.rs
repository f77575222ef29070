//! OL103: the failure of a commit through the program's own commit wrapper is the commit's,
//! not a failure of processing the message: only the processing handler is flagged.

use futures::StreamExt;
use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};
use rdkafka::message::BorrowedMessage;

pub enum QueueError {
    Commit(String),
}

pub struct Queue {
    consumer: StreamConsumer,
}

impl Queue {
    pub async fn process(&self) {
        let mut stream = self.consumer.stream();
        while let Some(result) = stream.next().await {
            match result {
                Ok(msg) => {
                    if let Err(e) = handle(&msg).await { // expect: OL103
                        eprintln!("handler error: {e}");
                    }
                    if let Err(e) = self.commit_message(&msg) {
                        eprintln!("failed to commit: {}", describe(&e));
                    }
                }
                Err(e) => eprintln!("kafka error: {e}"),
            }
        }
    }

    fn commit_message(&self, msg: &BorrowedMessage<'_>) -> Result<(), QueueError> {
        self.consumer
            .commit_message(msg, CommitMode::Async)
            .map_err(|e| QueueError::Commit(format!("commit failed: {e}")))
    }
}

async fn handle(m: &BorrowedMessage<'_>) -> Result<(), String> {
    m.payload().map(|_| ()).ok_or_else(|| "empty".to_string())
}

fn describe(e: &QueueError) -> &str {
    match e {
        QueueError::Commit(s) => s,
    }
}
