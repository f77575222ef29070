//! OL201 fixture for rdkafka: a `FutureProducer::send(..).await` whose result is dropped,
//! a `send_result(..)` whose `DeliveryFuture` is dropped, and `BaseProducer` /
//! `ThreadedProducer` built with `create()` (default context: no delivery callback).
//! Every flush result is propagated with `?` so OL202 stays quiet.

use std::sync::Arc;
use std::time::Duration;

use rdkafka::config::ClientConfig;
use rdkafka::error::{KafkaError, KafkaResult};
use rdkafka::producer::{
    BaseProducer, BaseRecord, DefaultProducerContext, DeliveryResult, FutureProducer,
    FutureRecord, Producer, ProducerContext, ThreadedProducer,
};
use rdkafka::util::Timeout;
use rdkafka::ClientContext;

const BROKERS: &str = "localhost:9092";

fn future_producer() -> KafkaResult<FutureProducer> {
    ClientConfig::new()
        .set("bootstrap.servers", BROKERS)
        .set("message.timeout.ms", "5000")
        .create()
}

pub async fn publish_dropped(producer: &FutureProducer, key: &str, body: &[u8]) {
    producer.send(FutureRecord::to("audit").key(key).payload(body), Duration::from_secs(0)).await; // expect: OL201

    let _ = producer.send(FutureRecord::to("audit").key(key).payload(body), Timeout::Never).await; // expect: OL201

    producer.send(FutureRecord::to("audit").key(key).payload(body), Duration::from_secs(0)).await.ok(); // expect: OL201

    producer // expect: OL201
        .send(
            FutureRecord::to("audit").key(key).payload(body),
            Duration::from_secs(0),
        )
        .await;
}

pub async fn publish_observed(producer: &FutureProducer, key: &str, body: &[u8]) -> Result<(), KafkaError> {
    producer
        .send(FutureRecord::to("audit").key(key).payload(body), Duration::from_secs(0))
        .await
        .map_err(|(e, _msg)| e)?; // propagated with `?`

    match producer.send(FutureRecord::to("audit").key(key).payload(body), Timeout::Never).await { // matched
        Ok((partition, offset)) => println!("delivered to {partition}@{offset}"),
        Err((e, _msg)) => return Err(e),
    }

    let delivery = producer.send(FutureRecord::to("audit").key(key).payload(body), Timeout::Never).await; // bound and checked below
    if let Err((e, _)) = delivery {
        return Err(e);
    }

    if let Err((e, _)) = producer.send(FutureRecord::to("audit").key(key).payload(body), Timeout::Never).await { // checked
        eprintln!("delivery failed: {e}");
    }
    Ok(())
}

pub fn enqueue_only(producer: &FutureProducer, body: &[u8]) {
    let _ = producer.send_result(FutureRecord::<(), _>::to("audit").payload(body)); // expect: OL201
}

pub async fn enqueue_and_wait(producer: &FutureProducer, body: &[u8]) -> Result<(), KafkaError> {
    let delivery = producer
        .send_result(FutureRecord::<(), _>::to("audit").payload(body)) // DeliveryFuture kept and awaited
        .map_err(|(e, _)| e)?;
    match delivery.await {
        Ok(Ok(_)) => Ok(()),
        Ok(Err((e, _))) => Err(e),
        Err(_canceled) => Err(KafkaError::Canceled),
    }
}

pub fn publish_base_default_context(lines: &[String]) -> KafkaResult<()> {
    let producer: BaseProducer = ClientConfig::new()
        .set("bootstrap.servers", BROKERS)
        .create()?;
    for line in lines {
        producer // expect: OL201
            .send(BaseRecord::to("metrics").key("host-1").payload(line))
            .map_err(|(e, _)| e)?;
        producer.poll(Duration::from_millis(0));
    }
    producer.flush(Duration::from_secs(10))?;
    Ok(())
}

pub fn publish_threaded_default_context(lines: &[String]) -> KafkaResult<()> {
    let producer = ClientConfig::new()
        .set("bootstrap.servers", BROKERS)
        .create::<ThreadedProducer<DefaultProducerContext>>()?;
    for line in lines {
        producer.send(BaseRecord::to("metrics").key("host-1").payload(line)).map_err(|(e, _)| e)?; // expect: OL201
    }
    producer.flush(Duration::from_secs(10))?;
    Ok(())
}

pub struct DeliveryLogger;

impl ClientContext for DeliveryLogger {}

impl ProducerContext for DeliveryLogger {
    type DeliveryOpaque = ();

    fn delivery(&self, result: &DeliveryResult<'_>, _opaque: Self::DeliveryOpaque) {
        if let Err((e, _msg)) = result {
            eprintln!("delivery failed: {e}");
        }
    }
}

pub fn publish_base_with_context(lines: &[String]) -> KafkaResult<()> {
    let producer: BaseProducer<DeliveryLogger> = ClientConfig::new()
        .set("bootstrap.servers", BROKERS)
        .create_with_context(DeliveryLogger)?;
    for line in lines {
        producer // delivery callback in the context
            .send(BaseRecord::to("metrics").key("host-1").payload(line))
            .map_err(|(e, _)| e)?;
        producer.poll(Duration::from_millis(0));
    }
    producer.flush(Duration::from_secs(10))?;
    Ok(())
}

pub fn publish_threaded_with_context(lines: &[String]) -> KafkaResult<()> {
    let producer: ThreadedProducer<DeliveryLogger> = ClientConfig::new()
        .set("bootstrap.servers", BROKERS)
        .create_with_context(DeliveryLogger)?;
    for line in lines {
        producer.send(BaseRecord::to("metrics").key("host-1").payload(line)).map_err(|(e, _)| e)?; // delivery callback in the context
    }
    producer.flush(Duration::from_secs(10))?;
    Ok(())
}

pub struct AuditSink {
    producer: FutureProducer,
    topic: String,
}

impl AuditSink {
    pub fn new(topic: &str) -> KafkaResult<Self> {
        Ok(Self { producer: future_producer()?, topic: topic.to_owned() })
    }

    pub async fn record(&self, key: &str, body: &[u8]) {
        self.producer.send(FutureRecord::to(&self.topic).key(key).payload(body), Timeout::Never).await; // expect: OL201
    }

    pub async fn record_checked(&self, key: &str, body: &[u8]) -> Result<(i32, i64), KafkaError> {
        self.producer
            .send(FutureRecord::to(&self.topic).key(key).payload(body), Timeout::Never)
            .await
            .map_err(|(e, _)| e) // returned to the caller
    }
}

pub fn fan_out(producer: Arc<FutureProducer>, bodies: Vec<Vec<u8>>) {
    for body in bodies {
        let producer = Arc::clone(&producer);
        tokio::spawn(async move { // expect: OL203
            let _ = producer.send(FutureRecord::<(), _>::to("fanout").payload(&body), Duration::from_secs(1)).await; // expect: OL201
        });
    }
}

/// A transaction's commit fails when any delivery in it failed: sends between
/// `begin_transaction` and a commit whose `Err` is propagated are confirmed by it.
fn transactional(rows: &[Vec<u8>]) -> KafkaResult<()> {
    let producer: BaseProducer = ClientConfig::new()
        .set("bootstrap.servers", BROKERS)
        .set("transactional.id", "mover")
        .create()?;
    producer.begin_transaction()?;
    for r in rows {
        producer.send(BaseRecord::<(), _>::to("t").payload(r)).map_err(|(e, _)| e)?;
    }
    producer.commit_transaction(Timeout::Never)?;
    producer.begin_transaction()?;
    for r in rows {
        producer.send(BaseRecord::<(), _>::to("t").payload(r)).map_err(|(e, _)| e)?; // expect: OL201
    }
    producer.commit_transaction(Timeout::Never).ok();
    Ok(())
}

/// A delivery future bound to a local that nothing reads is dropped at the end of the scope,
/// unobserved, as surely as `let _ = ..`; a bound future that is awaited is kept.
pub fn unread_handles(producer: &FutureProducer, key: &str, body: &[u8]) -> KafkaResult<()> {
    let _f = producer.send_result(FutureRecord::to("audit").key(key).payload(body)); // expect: OL201
    let kept = producer
        .send_result(FutureRecord::to("audit").key(key).payload(body))
        .map_err(|(e, _)| e)?;
    drop(kept);
    Ok(())
}

/// A trait implemented on the client type itself: `self` is a producer of the context its
/// type names (the default context reports deliveries nowhere; `DeliveryLogger` checks them).
pub trait SendRecord {
    fn send_record(&self, record: BaseRecord<String, String>);
}

impl SendRecord for ThreadedProducer<DefaultProducerContext> {
    fn send_record(&self, record: BaseRecord<String, String>) {
        self.send(record).expect("queued"); // expect: OL201
    }
}

impl SendRecord for ThreadedProducer<DeliveryLogger> {
    fn send_record(&self, record: BaseRecord<String, String>) {
        self.send(record).expect("queued");
    }
}
