//! A consume loop that routes failed blocks to an error topic through helpers, and commits
//! each message through a helper of its own.
mod producer;

use futures::StreamExt;
use producer::ErrorProducer;
use rdkafka::config::ClientConfig;
use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};
use rdkafka::message::{BorrowedMessage, Message};

struct Ingestor {
    consumer: StreamConsumer,
    errors: ErrorProducer,
}

async fn upload(_data: &[u8]) -> Result<(), String> {
    Ok(())
}

impl Ingestor {
    fn new() -> Ingestor {
        let consumer: StreamConsumer = ClientConfig::new()
            .set("group.id", "ingest")
            .set("enable.auto.commit", "false")
            .create()
            .expect("consumer");
        Ingestor {
            consumer,
            errors: ErrorProducer::new("kafka:9092", "errors"),
        }
    }

    /// A failed delivery to the error topic is only logged: the commit after it covers a
    /// block that went nowhere.
    async fn run(&self) {
        let mut stream = self.consumer.stream();
        while let Some(next) = stream.next().await {
            let Ok(m) = next else { continue };
            if let Some(data) = m.payload() {
                if upload(data).await.is_err() {
                    self.route_error(data).await;
                }
            }
            self.commit(&m); // expect: OL204
        }
    }

    /// The delivery's failure stops the loop before the commit.
    async fn run_checked(&self) -> Result<(), String> {
        let mut stream = self.consumer.stream();
        while let Some(next) = stream.next().await {
            let Ok(m) = next else { continue };
            if let Some(data) = m.payload() {
                if upload(data).await.is_err() {
                    self.errors.publish_checked(data).await?;
                }
            }
            self.commit(&m);
        }
        Ok(())
    }

    async fn route_error(&self, data: &[u8]) {
        log::warn!("upload failed, routing to the error topic");
        self.errors.publish(data).await;
    }

    fn commit(&self, m: &BorrowedMessage<'_>) {
        if let Err(e) = self.consumer.commit_message(m, CommitMode::Async) {
            log::error!("commit failed: {:?}", e);
        }
    }
}

#[tokio::main]
async fn main() {
    let ingestor = Ingestor::new();
    ingestor.run().await;
    let _ = ingestor.run_checked().await;
}
