//! Checkpoints kept in Kafka itself, on rdkafka.
//!
//! OL401 fixture: the file name matches `*checkpoint*`, but it only uses rdkafka (the
//! legitimate commit path) and non-network std modules. Expected findings: none.

use std::fs;
use std::path::Path;
use std::time::Duration;

use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer};
use rdkafka::error::KafkaResult;
use rdkafka::{Offset, TopicPartitionList};

pub fn commit_checkpoint(consumer: &BaseConsumer, topic: &str, partition: i32, next: i64) -> KafkaResult<()> {
    let mut tpl = TopicPartitionList::new();
    tpl.add_partition_offset(topic, partition, Offset::Offset(next))?;
    consumer.commit(&tpl, CommitMode::Sync) // explicitly built list
}

pub fn dump_checkpoint(consumer: &BaseConsumer, out: &Path) -> std::io::Result<()> {
    let committed = consumer
        .committed(Duration::from_secs(10))
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::Other, e))?;
    fs::write(out, format!("{committed:?}"))
}
