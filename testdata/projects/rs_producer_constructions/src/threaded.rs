//! Producers built from a config passed in: the config is not visible, the context is.

use rdkafka::config::{ClientConfig, FromClientConfig, FromClientConfigAndContext};
use rdkafka::error::KafkaResult;
use rdkafka::producer::{BaseProducer, BaseRecord, ThreadedProducer};

use crate::contexts::{QuietContext, ReportingContext};

pub fn publish_default(cfg: &ClientConfig, line: &str) -> KafkaResult<()> {
    let producer = ThreadedProducer::from_config(cfg)?;
    producer // expect: OL201
        .send(BaseRecord::<(), _>::to("audit").payload(line))
        .map_err(|(e, _)| e)
}

pub fn publish_reported(cfg: &ClientConfig, line: &str) -> KafkaResult<()> {
    let producer = ThreadedProducer::from_config_and_context(cfg, ReportingContext::new())?;
    producer
        .send(BaseRecord::<(), _>::to("audit").payload(line))
        .map_err(|(e, _)| e)
}

pub fn publish_quiet(cfg: &ClientConfig, line: &str) -> KafkaResult<()> {
    let producer = ThreadedProducer::from_config_and_context(cfg, QuietContext)?;
    producer // expect: OL201
        .send(BaseRecord::<(), _>::to("audit").payload(line))
        .map_err(|(e, _)| e)
}

pub fn poll_default(cfg: &ClientConfig, line: &str) -> KafkaResult<()> {
    let producer: BaseProducer = cfg.create()?;
    producer.send(BaseRecord::<(), _>::to("audit").payload(line)).ok(); // expect: OL201
    Ok(())
}

pub fn poll_reported(cfg: &ClientConfig, line: &str) -> KafkaResult<()> {
    let producer: BaseProducer<ReportingContext> =
        cfg.create_with_context(ReportingContext::new())?;
    producer.send(BaseRecord::<(), _>::to("audit").payload(line)).ok();
    Ok(())
}

pub fn poll_quiet(cfg: &ClientConfig, line: &str) -> KafkaResult<()> {
    let producer: BaseProducer<QuietContext> = cfg.create_with_context(QuietContext)?;
    producer.send(BaseRecord::<(), _>::to("audit").payload(line)).ok(); // expect: OL201
    Ok(())
}

pub fn from_trait(cfg: &ClientConfig, line: &str) -> KafkaResult<()> {
    let producer = BaseProducer::from_config(cfg)?;
    producer.send(BaseRecord::<(), _>::to("audit").payload(line)).ok(); // expect: OL201
    Ok(())
}
