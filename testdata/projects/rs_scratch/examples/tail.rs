//! Example code in the production group: not production, and not scratch code.
use rdkafka::config::ClientConfig;
use rdkafka::consumer::BaseConsumer;
use rdkafka::error::KafkaResult;

fn main() -> KafkaResult<()> {
    let _consumer: BaseConsumer = ClientConfig::new()
        .set("group.id", "ledger")
        .set("enable.auto.commit", "false")
        .create()?;
    Ok(())
}
