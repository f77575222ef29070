//! OL204: a delivery future kept in a binding confirms delivery only where it is awaited
//! before the commit.

use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};
use rdkafka::message::Message;
use rdkafka::producer::{FutureProducer, FutureRecord};

pub async fn relay_awaited_too_late(c: &StreamConsumer, p: &FutureProducer) -> anyhow::Result<()> {
    loop {
        let m = c.recv().await?;
        let record = FutureRecord::<(), [u8]>::to("out").payload(m.payload().unwrap_or_default());
        let delivery = p.send_result(record).map_err(|(e, _)| e)?;
        c.commit_message(&m, CommitMode::Async)?; // expect: OL204
        delivery.await?.map_err(|(e, _)| e)?;
    }
}

pub async fn relay_awaited_first(c: &StreamConsumer, p: &FutureProducer) -> anyhow::Result<()> {
    loop {
        let m = c.recv().await?;
        let record = FutureRecord::<(), [u8]>::to("out").payload(m.payload().unwrap_or_default());
        let delivery = p.send_result(record).map_err(|(e, _)| e)?;
        delivery.await?.map_err(|(e, _)| e)?;
        c.commit_message(&m, CommitMode::Async)?;
    }
}
