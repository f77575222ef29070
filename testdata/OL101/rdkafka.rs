//! OL101 fixture for rdkafka: position-wide commits (`commit_consumer_state`,
//! `commit(&consumer.position()?, ..)`, `commit(&consumer.assignment()?, ..)`) on consumers
//! resolved through every binding form the catalog lists, and commits that name what was
//! processed (clean).

use std::sync::Arc;
use std::time::Duration;

use rdkafka::config::ClientConfig;
use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer, StreamConsumer};
use rdkafka::error::KafkaResult;
use rdkafka::message::{BorrowedMessage, Message};
use rdkafka::{Offset, TopicPartitionList};
use tokio::sync::watch;

const BROKERS: &str = "localhost:9092";

async fn handle(m: &BorrowedMessage<'_>) {
    let _len = m.payload().map(|p| p.len()).unwrap_or(0);
}

pub async fn run_stream(group: &str) -> KafkaResult<()> {
    let consumer: StreamConsumer = ClientConfig::new()
        .set("bootstrap.servers", BROKERS)
        .set("group.id", group)
        .set("enable.auto.commit", "false")
        .create()?;
    consumer.subscribe(&["orders"])?;
    loop {
        let m = consumer.recv().await?;
        handle(&m).await;
        consumer.commit_consumer_state(CommitMode::Async)?; // expect: OL101
    }
}

pub fn run_base_turbofish(group: &str) -> KafkaResult<()> {
    let source = ClientConfig::new()
        .set("bootstrap.servers", BROKERS)
        .set("group.id", group)
        .set("enable.auto.commit", "false")
        .create::<BaseConsumer>()?;
    source.subscribe(&["orders"])?;
    for _ in 0..1_000 {
        match source.poll(Duration::from_millis(500)) {
            Some(Ok(_m)) => {}
            Some(Err(e)) => return Err(e),
            None => continue,
        }
    }
    source.commit(&source.position()?, CommitMode::Sync)?; // expect: OL101
    Ok(())
}

pub fn run_config_variable(group: &str) -> KafkaResult<()> {
    let mut config = ClientConfig::new();
    config.set("bootstrap.servers", BROKERS).set("group.id", group);
    let reader: BaseConsumer = config.create()?; // expect: OL105
    reader.subscribe(&["orders"])?;
    while let Some(res) = reader.poll(Duration::from_secs(1)) {
        let _m = res?;
    }
    reader.commit(&reader.assignment()?, CommitMode::Sync)?; // expect: OL101
    Ok(())
}

pub async fn run_per_message(consumer: &StreamConsumer) -> KafkaResult<()> {
    loop {
        let m = consumer.recv().await?;
        handle(&m).await;
        consumer.commit_message(&m, CommitMode::Async)?; // names the handled message
        consumer.store_offset_from_message(&m)?; // stores this message's offset only

        let mut tpl = TopicPartitionList::new();
        tpl.add_partition_offset(m.topic(), m.partition(), Offset::Offset(m.offset() + 1))?;
        consumer.commit(&tpl, CommitMode::Sync)?; // explicitly built list
    }
}

pub fn commit_after_batch(c: &StreamConsumer) -> KafkaResult<()> {
    // Parameter typed `&StreamConsumer`.
    c.commit_consumer_state(CommitMode::Sync) // expect: OL101
}

pub fn commit_impl_trait(source: &impl Consumer) -> KafkaResult<()> {
    source.commit_consumer_state(CommitMode::Sync)?; // expect: OL101
    Ok(())
}

pub fn commit_generic<C: Consumer>(source: &C) -> KafkaResult<()> {
    let position = source.position()?;
    source.commit(&position, CommitMode::Async)?; // expect: OL101
    Ok(())
}

pub fn commit_where_clause<C>(source: &C) -> KafkaResult<()>
where
    C: Consumer,
{
    source.commit_consumer_state(CommitMode::Async) // expect: OL101
}

pub fn commit_dyn(source: &dyn Consumer) -> KafkaResult<()> {
    source.commit(&source.assignment()?, CommitMode::Sync) // expect: OL101
}

pub fn spawn_committer(consumer: Arc<StreamConsumer>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(5));
        loop {
            tick.tick().await;
            if let Err(e) = consumer.commit_consumer_state(CommitMode::Async) { // expect: OL101
                eprintln!("periodic commit failed: {e}");
            }
        }
    })
}

pub async fn run_until_shutdown(
    consumer: StreamConsumer,
    mut shutdown: watch::Receiver<bool>,
) -> KafkaResult<()> {
    consumer.subscribe(&["orders"])?;
    loop {
        tokio::select! {
            _ = shutdown.changed() => {
                consumer.commit_consumer_state(CommitMode::Sync)?; // expect: OL101
                return Ok(());
            }
            received = consumer.recv() => {
                let m = received?;
                handle(&m).await;
                consumer.commit_message(&m, CommitMode::Async)?; // names the handled message
            }
        }
    }
}

pub struct OrderProjector {
    consumer: StreamConsumer,
    topic: String,
}

impl OrderProjector {
    pub fn new(group: &str, topic: &str) -> KafkaResult<Self> {
        let consumer: StreamConsumer = ClientConfig::new() // expect: OL105
            .set("bootstrap.servers", BROKERS)
            .set("group.id", group)
            .create()?;
        Ok(Self { consumer, topic: topic.to_owned() })
    }

    pub async fn step(&self) -> KafkaResult<()> {
        let m = self.consumer.recv().await?;
        handle(&m).await;
        self.consumer.commit(&self.consumer.assignment()?, CommitMode::Sync)?; // expect: OL101
        Ok(())
    }

    pub async fn step_exact(&self) -> KafkaResult<()> {
        let m = self.consumer.recv().await?;
        handle(&m).await;
        self.consumer.commit_message(&m, CommitMode::Sync) // names the handled message
    }

    pub fn rewind(&self, partition: i32) -> KafkaResult<()> {
        let mut tpl = TopicPartitionList::new();
        tpl.add_partition_offset(&self.topic, partition, Offset::Beginning)?;
        self.consumer.commit(&tpl, CommitMode::Sync) // explicitly built list
    }
}

pub struct AppContext {
    pub kafka_consumer: StreamConsumer,
}

pub fn shutdown(ctx: &AppContext) -> KafkaResult<()> {
    // Field of a struct declared with an rdkafka type.
    ctx.kafka_consumer.commit_consumer_state(CommitMode::Sync) // expect: OL101
}

pub fn shutdown_pipeline(pipeline: &crate::pipeline::Pipeline) {
    // `Pipeline` is declared in another module: only the heuristic applies here
    // (file imports rdkafka, name contains "consumer").
    let _ = pipeline.order_consumer.commit_consumer_state(CommitMode::Sync); // expect: OL101
}

pub async fn run_explicit_store(group: &str) -> KafkaResult<()> {
    let consumer: StreamConsumer = ClientConfig::new()
        .set("bootstrap.servers", BROKERS)
        .set("group.id", group)
        .set("enable.auto.commit", "false")
        .set("enable.auto.offset.store", "false")
        .create()?;
    consumer.subscribe(&["orders"])?;
    let mut handled = 0u64;
    loop {
        let m = consumer.recv().await?;
        handle(&m).await;
        consumer.store_offset_from_message(&m)?;
        handled += 1;
        if handled % 100 == 0 {
            consumer.commit_consumer_state(CommitMode::Async)?; // offset store off in the visible chain: commits stored offsets only
        }
    }
}
