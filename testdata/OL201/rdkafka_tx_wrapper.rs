//! OL201: a transactional wrapper whose methods begin, send and commit on one producer: a send
//! in one method is inside the transaction its sibling methods begin and commit (the commit
//! fails when a delivery failed, and it is propagated). A plain producer's wrapper is flagged.

use rdkafka::producer::{BaseProducer, BaseRecord, Producer};

pub struct TxProducer {
    producer: BaseProducer,
}

impl TxProducer {
    pub fn begin(&self) -> anyhow::Result<()> {
        self.producer.begin_transaction()?;
        Ok(())
    }

    pub fn send(&self, key: &str, payload: &str) -> anyhow::Result<()> {
        match self.producer.send(BaseRecord::to("out").payload(payload).key(key)) {
            Ok(_) => Ok(()),
            Err((e, _)) => Err(anyhow::anyhow!("send: {e}")),
        }
    }

    pub fn commit(&self) -> anyhow::Result<()> {
        self.producer.commit_transaction(None)?;
        Ok(())
    }
}

pub struct PlainProducer {
    producer: BaseProducer,
}

impl PlainProducer {
    pub fn send(&self, key: &str, payload: &str) -> anyhow::Result<()> {
        match self.producer.send(BaseRecord::to("out").payload(payload).key(key)) { // expect: OL201
            Ok(_) => Ok(()),
            Err((e, _)) => Err(anyhow::anyhow!("send: {e}")),
        }
    }
}
