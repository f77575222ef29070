//! OL204 fixture (rdkafka): a helper that confirms its delivery and returns the error, whose
//! caller logs the error and goes on to save the checkpoint: the checkpoint then covers a
//! change the broker never got. Building a checkpoint value or timing the next one is not an
//! advance.

use std::time::{Duration, Instant};

use rdkafka::producer::{FutureProducer, FutureRecord};

pub struct Checkpoint {
    pub lsn: u64,
}

impl Checkpoint {
    pub fn new(lsn: u64) -> Self {
        Checkpoint { lsn }
    }
}

pub struct CheckpointManager;

impl CheckpointManager {
    pub async fn save(&self, _checkpoint: &Checkpoint) -> Result<(), String> {
        Ok(())
    }
}

pub struct Replicator {
    producer: FutureProducer,
    checkpoint_manager: CheckpointManager,
}

impl Replicator {
    async fn publish(producer: &FutureProducer, payload: &str) -> Result<(), String> {
        let record = FutureRecord::<(), _>::to("changes").payload(payload);
        producer
            .send(record, Duration::from_secs(5))
            .await
            .map_err(|(e, _)| e.to_string())?;
        Ok(())
    }

    pub async fn run(&mut self, changes: Vec<(u64, String)>) {
        let mut last_checkpoint = Instant::now();
        for (lsn, payload) in changes {
            if let Err(e) = Self::publish(&self.producer, &payload).await {
                eprintln!("failed to publish, going on: {e}");
            }
            if last_checkpoint.elapsed() > Duration::from_secs(10) {
                let checkpoint = Checkpoint::new(lsn);
                if let Err(e) = self.checkpoint_manager.save(&checkpoint).await { // expect: OL204
                    eprintln!("failed to save checkpoint: {e}");
                }
                last_checkpoint = Instant::now();
            }
        }
    }

    pub async fn run_stopping(&mut self, changes: Vec<(u64, String)>) -> Result<(), String> {
        let mut last_checkpoint = Instant::now();
        for (lsn, payload) in changes {
            if let Err(e) = Self::publish(&self.producer, &payload).await {
                eprintln!("failed to publish: {e}");
                return Err(e);
            }
            if last_checkpoint.elapsed() > Duration::from_secs(10) {
                let checkpoint = Checkpoint::new(lsn);
                self.checkpoint_manager.save(&checkpoint).await?;
                last_checkpoint = Instant::now();
            }
        }
        Ok(())
    }

    pub async fn run_on_success(&mut self, changes: Vec<(u64, String)>) {
        for (lsn, payload) in changes {
            match Self::publish(&self.producer, &payload).await {
                Ok(()) => {
                    let checkpoint = Checkpoint::new(lsn);
                    let _ = self.checkpoint_manager.save(&checkpoint).await;
                }
                Err(e) => eprintln!("failed to publish: {e}"),
            }
        }
    }
}
