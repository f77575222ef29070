//! OL202 fixture for rdkafka: `flush(..)` returns `KafkaResult<()>`; dropping it with `;`,
//! `let _ =`, `.ok()`, `.unwrap_or(())` or `.unwrap_or_default()` hides records still
//! queued at the timeout. `?`, `.expect(..)`, `if let Err(..)`, `match` and binding are
//! clean, and so is a flush that waits without a timeout (`Timeout::Never`, `None`), one in
//! a loop that re-reads `in_flight_count()`, and a back-pressure flush on `QueueFull` before
//! the send is retried. Every send below is observed so OL201 stays quiet.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::time::Duration;

use rdkafka::config::ClientConfig;
use rdkafka::error::{KafkaError, KafkaResult, RDKafkaErrorCode};
use rdkafka::producer::{
    BaseProducer, BaseRecord, FutureProducer, FutureRecord, Producer, ProducerContext,
    ThreadedProducer,
};
use rdkafka::util::Timeout;

const BROKERS: &str = "localhost:9092";

fn build() -> KafkaResult<FutureProducer> {
    ClientConfig::new().set("bootstrap.servers", BROKERS).create()
}

pub fn shutdown_dropped(producer: &FutureProducer) {
    let t = Duration::from_secs(10);
    producer.flush(t); // expect: OL202
    let _ = producer.flush(t); // expect: OL202
    producer.flush(t).ok(); // expect: OL202
    producer.flush(t).unwrap_or(()); // expect: OL202
    producer.flush(Timeout::After(t)).unwrap_or_default(); // expect: OL202
}

pub fn shutdown_checked(producer: &FutureProducer) -> KafkaResult<()> {
    let t = Duration::from_secs(10);
    producer.flush(t)?; // propagated
    producer.flush(t).expect("flush producer before exit"); // panics on error
    if let Err(e) = producer.flush(t) { // checked
        eprintln!("records still queued: {e}");
    }
    match producer.flush(Timeout::Never) { // matched
        Ok(()) => {}
        Err(e) => return Err(e),
    }
    let res = producer.flush(t); // bound, checked below
    res?;
    producer.flush(t) // returned
}

pub async fn publish_then_flush(lines: Vec<String>) -> KafkaResult<()> {
    let producer: FutureProducer = build()?;
    for line in &lines {
        producer
            .send(FutureRecord::<(), _>::to("lines").payload(line), Duration::from_secs(1))
            .await
            .map_err(|(e, _)| e)?;
    }
    producer.flush(Duration::from_secs(30)); // expect: OL202
    Ok(())
}

pub fn base_producer_exit() -> KafkaResult<()> {
    let p = ClientConfig::new()
        .set("bootstrap.servers", BROKERS)
        .create::<BaseProducer>()?;
    p.flush(Duration::from_secs(5)).ok(); // expect: OL202
    Ok(())
}

pub fn threaded_param(p: &ThreadedProducer<rdkafka::producer::DefaultProducerContext>) {
    let _ = p.flush(Duration::from_secs(5)); // expect: OL202
}

pub fn generic_param<P: Producer>(p: &P) -> KafkaResult<()> {
    p.flush(Duration::from_secs(5)).unwrap_or(()); // expect: OL202
    p.flush(Duration::from_secs(5))
}

pub fn shutdown_unbounded(producer: &FutureProducer) {
    producer.flush(Timeout::Never); // waits until the queue is empty: always `Ok`
    let _ = producer.flush(None); // `None` is `Timeout::Never`
    while producer.in_flight_count() > 0 {
        producer.flush(Duration::from_millis(100)); // re-checked by the loop condition
    }
}

// Generic over the context, so OL201 cannot know it drops deliveries.
pub fn send_with_backpressure<C: ProducerContext>(
    producer: &BaseProducer<C>,
    payload: &str,
) -> KafkaResult<()> {
    let mut record = BaseRecord::<(), str>::to("lines").payload(payload);
    loop {
        match producer.send(record) {
            Ok(()) => return Ok(()),
            Err((KafkaError::MessageProduction(RDKafkaErrorCode::QueueFull), rec)) => {
                // Back-pressure: the loop sends the record again.
                let _ = producer.flush(Duration::from_millis(100));
                record = rec;
            }
            Err((e, _)) => {
                let _ = producer.flush(Duration::from_secs(1)); // expect: OL202
                return Err(e);
            }
        }
    }
}

pub fn heuristic(app: &crate::App) {
    // `App` is declared in another module: heuristic (only Kafka import is rdkafka, name contains "producer").
    let _ = app.event_producer.flush(Duration::from_secs(5)); // expect: OL202
}

pub fn write_report(path: &str, rows: &[String]) -> std::io::Result<()> {
    let mut out = BufWriter::new(File::create(path)?);
    for row in rows {
        writeln!(out, "{row}")?;
    }
    out.flush().ok(); // BufWriter (std::io::Write), not Kafka
    let _ = std::io::stdout().flush(); // stdout, not Kafka
    out.flush() // BufWriter, not Kafka
}

pub struct Sink {
    producer: FutureProducer,
}

impl Drop for Sink {
    fn drop(&mut self) {
        let _ = self.producer.flush(Duration::from_secs(5)); // expect: OL202
    }
}

impl Sink {
    pub fn close(&self) -> KafkaResult<()> {
        self.producer.flush(Duration::from_secs(5)) // returned
    }
}

/// A back-pressure flush whose retry is the caller's loop: every call of `try_send` retries.
fn try_send<C: ProducerContext>(producer: &BaseProducer<C>, payload: &str) -> KafkaResult<bool> {
    match producer.send(BaseRecord::<(), str>::to("lines").payload(payload)) {
        Ok(()) => Ok(true),
        Err((KafkaError::MessageProduction(RDKafkaErrorCode::QueueFull), _)) => {
            let _ = producer.flush(Duration::from_millis(100));
            Ok(false)
        }
        Err((e, _)) => Err(e),
    }
}

pub fn send_lines<C: ProducerContext>(producer: &BaseProducer<C>, lines: &[String]) -> KafkaResult<()> {
    for line in lines {
        while !try_send(producer, line)? {}
    }
    Ok(())
}

/// Called once per line, never again: a full queue drops the line.
fn try_send_once<C: ProducerContext>(producer: &BaseProducer<C>, payload: &str) -> KafkaResult<bool> {
    match producer.send(BaseRecord::<(), str>::to("lines").payload(payload)) {
        Ok(()) => Ok(true),
        Err((KafkaError::MessageProduction(RDKafkaErrorCode::QueueFull), _)) => {
            let _ = producer.flush(Duration::from_millis(100)); // expect: OL202
            Ok(false)
        }
        Err((e, _)) => Err(e),
    }
}

pub fn send_or_drop<C: ProducerContext>(producer: &BaseProducer<C>, lines: &[String]) -> KafkaResult<()> {
    for line in lines {
        try_send_once(producer, line)?;
    }
    Ok(())
}
