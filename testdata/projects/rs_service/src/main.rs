//! The binary: uses the library crate by its name.

use std::time::Duration;

use rdkafka::consumer::Consumer;
use rdkafka::producer::{FutureProducer, Producer};
use rdkafka::TopicPartitionList;

use ledger_svc::kafka::{build_consumer, build_producer};
use ledger_svc::wrappers::{Bus, Inbox};

fn shutdown(bus: &Bus) -> Result<(), Box<dyn std::error::Error>> {
    let _ = bus.flush(); // expect: OL202
    bus.flush()?;
    let out = build_producer()?;
    out.flush(Duration::from_secs(1)).ok(); // expect: OL202
    Ok(())
}

async fn announce(bus: &Bus) -> Result<(), Box<dyn std::error::Error>> {
    let _ = bus.publish("news", "hello").await; // expect: OL201
    bus.publish("news", "hello").await.map_err(|(e, _)| e)?;
    Ok(())
}

fn ack(inbox: &Inbox, tpl: &TopicPartitionList) -> Result<(), Box<dyn std::error::Error>> {
    let src = build_consumer()?;
    inbox.commit(&src.position()?)?; // expect: OL101
    inbox.commit(tpl)?;
    inbox.commit(&inbox.position()?)?; // expect: OL101
    Ok(())
}

fn drain(out: &FutureProducer) {
    let _ = out.flush(Duration::from_secs(1)); // expect: OL202
}

#[tokio::main]
async fn main() {
    let bus = make_bus();
    announce(&bus).await.unwrap();
    shutdown(&bus).unwrap();
}
