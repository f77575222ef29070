//! Struct fields, nested fields, axum-style state.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};
use rdkafka::producer::{FutureProducer, FutureRecord, Producer};

pub struct Ctx {
    pub postings: FutureProducer,
    pub reader: StreamConsumer,
}

#[derive(Clone)]
pub struct AppState {
    pub ctx: Arc<Ctx>,
    pub outbox: Arc<FutureProducer>,
}

pub struct Service {
    ctx: Ctx,
}

impl Service {
    pub async fn post(&self, body: &str) {
        let _ = self.ctx.postings.send(FutureRecord::to("postings").payload(body).key("k"), Duration::from_secs(1)).await; // expect: OL201
        if let Err((e, _)) = self.ctx.postings.send(FutureRecord::to("postings").payload(body).key("k"), Duration::from_secs(1)).await {
            eprintln!("posting lost: {e}");
        }
    }

    pub async fn ack(&self) {
        let m = self.ctx.reader.recv().await.unwrap();
        self.ctx.reader.commit_consumer_state(CommitMode::Async).ok(); // expect: OL101
        self.ctx.reader.commit_message(&m, CommitMode::Async).ok();
    }
}

pub async fn handler(State(state): State<AppState>, body: String) -> &'static str {
    let _ = state.outbox.send(FutureRecord::to("outbox").payload(&body).key("k"), Duration::from_secs(1)).await; // expect: OL201
    let _ = state.ctx.postings.flush(Duration::from_secs(1)); // expect: OL202
    match state.outbox.send(FutureRecord::to("outbox").payload(&body).key("k"), Duration::from_secs(1)).await {
        Ok(_) => "ok",
        Err(_) => "failed",
    }
}

pub async fn plain_handler(app: State<AppState>) {
    app.ctx.postings.flush(Duration::from_secs(1)).ok(); // expect: OL202
    app.ctx.postings.flush(Duration::from_secs(1)).expect("postings flushed");
}
