//! Collections, smart pointers and lock guards.

use std::collections::HashMap;
use std::rc::Rc;
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer};
use rdkafka::error::KafkaResult;
use rdkafka::producer::{FutureProducer, Producer};

pub struct Fanout {
    outs: Vec<FutureProducer>,
    by_topic: HashMap<String, FutureProducer>,
    spare: Option<FutureProducer>,
    shared: Arc<Mutex<BaseConsumer>>,
    locked: RwLock<FutureProducer>,
    boxed: Box<FutureProducer>,
    counted: Rc<FutureProducer>,
}

impl Fanout {
    pub fn drain(&self) -> KafkaResult<()> {
        for sink in &self.outs {
            let _ = sink.flush(Duration::from_secs(1)); // expect: OL202
            sink.flush(Duration::from_secs(1))?;
        }
        for (_topic, routed) in self.by_topic.iter() {
            routed.flush(Duration::from_secs(1))?;
        }
        for each in self.by_topic.values() {
            each.flush(Duration::from_secs(1)).ok(); // expect: OL202
        }
        if let Some(audit) = self.by_topic.get("audit") {
            let _ = audit.flush(Duration::from_secs(1)); // expect: OL202
        }
        if let Some(spare) = &self.spare {
            let _ = spare.flush(Duration::from_secs(1)); // expect: OL202
            spare.flush(Duration::from_secs(1))?;
        }
        let guard = self.shared.lock().unwrap();
        guard.commit_consumer_state(CommitMode::Sync).ok(); // expect: OL101
        self.shared.lock().unwrap().commit_consumer_state(CommitMode::Sync).ok(); // expect: OL101
        let reader = self.locked.read().unwrap();
        let _ = reader.flush(Duration::from_secs(1)); // expect: OL202
        reader.flush(Duration::from_secs(1))?;
        let _ = self.boxed.flush(Duration::from_secs(1)); // expect: OL202
        let _ = self.counted.flush(Duration::from_secs(1)); // expect: OL202
        Ok(())
    }
}

pub fn drain_slice(outs: &[FutureProducer]) -> KafkaResult<()> {
    for sink in outs {
        let _ = sink.flush(Duration::from_secs(1)); // expect: OL202
        sink.flush(Duration::from_secs(1))?;
    }
    if let Some(first) = outs.first() {
        first.flush(Duration::from_secs(1)).ok(); // expect: OL202
    }
    Ok(())
}

pub fn drain_map(outs: &HashMap<String, Arc<FutureProducer>>) {
    for sink in outs.values() {
        let _ = sink.flush(Duration::from_secs(1)); // expect: OL202
    }
}
