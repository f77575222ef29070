//! Things with a `commit()` that are not Kafka consumers, in a file that imports rdkafka (so
//! the name heuristic is on): a binding resolved to something else is never heuristic.

use rdkafka::consumer::StreamConsumer;
use sqlx::PgPool;

pub struct Journal {
    entries: Vec<String>,
}

impl Journal {
    pub fn new() -> Self {
        Journal { entries: Vec::new() }
    }

    pub fn commit(&self) {}
}

pub struct Stage {
    pub consumer: Journal,
    pub source: StreamConsumer,
}

pub fn close(consumer: &Journal) {
    consumer.commit();
}

pub fn local() {
    let consumer = Journal::new();
    consumer.commit();
}

pub fn field(stage: &Stage) {
    stage.consumer.commit();
}

pub async fn database(pool: &PgPool) -> Result<(), sqlx::Error> {
    let consumer_tx = pool.begin().await?;
    consumer_tx.commit().await?;
    Ok(())
}

pub fn unknown(order_consumer: &impl Committer) {
    order_consumer.commit(); // a project trait's commit: resolved, not heuristic
}

pub trait Committer {
    fn commit(&self);
}
