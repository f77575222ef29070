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
        let _ = self.ctx.postings.send(FutureRecord::to("postings").payload(body).key("k"), Duration::from_secs(1)).await; // expect-gap: OL201 crate-root: `use rdkafka::..` in a crate module resolves into lib.rs
        if let Err((e, _)) = self.ctx.postings.send(FutureRecord::to("postings").payload(body).key("k"), Duration::from_secs(1)).await {
            eprintln!("posting lost: {e}");
        }
    }

    pub async fn ack(&self) {
        let m = self.ctx.reader.recv().await.unwrap();
        self.ctx.reader.commit_consumer_state(CommitMode::Async).ok(); // expect-gap: OL101 crate-root: `use rdkafka::..` in a crate module resolves into lib.rs
        self.ctx.reader.commit_message(&m, CommitMode::Async).ok();
    }
}

pub async fn handler(State(state): State<AppState>, body: String) -> &'static str {
    let _ = state.outbox.send(FutureRecord::to("outbox").payload(&body).key("k"), Duration::from_secs(1)).await; // expect-gap: OL201 crate-root: `use rdkafka::..` in a crate module resolves into lib.rs; and the parameter pattern `State(state): State<AppState>` loses its type
    let _ = state.ctx.postings.flush(Duration::from_secs(1)); // expect-gap: OL202 crate-root: `use rdkafka::..` in a crate module resolves into lib.rs; and the parameter pattern `State(state): State<AppState>` loses its type
    match state.outbox.send(FutureRecord::to("outbox").payload(&body).key("k"), Duration::from_secs(1)).await {
        Ok(_) => "ok",
        Err(_) => "failed",
    }
}

pub async fn plain_handler(app: State<AppState>) {
    app.ctx.postings.flush(Duration::from_secs(1)).ok(); // expect-gap: OL202 crate-root: `use rdkafka::..` in a crate module resolves into lib.rs; and `State<AppState>` is not looked through
    app.ctx.postings.flush(Duration::from_secs(1)).expect("postings flushed");
}
