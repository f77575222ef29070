//! Watermarks stay local (the twin of store/offset_store.rs).

use std::net::{Ipv6Addr, SocketAddr};
use std::path::Path;

use rdkafka::TopicPartitionList;

use crate::fsutil::write_atomic;
use crate::search::matching;

/// Addresses are values: storing the broker a watermark came from talks to nobody.
pub fn origin(broker: SocketAddr) -> String {
    format!("{broker} {}", Ipv6Addr::LOCALHOST)
}

pub fn partitions(topics: &[String]) -> usize {
    matching(topics)
}

pub fn save(path: &Path, tpl: &TopicPartitionList) -> std::io::Result<()> {
    write_atomic(path, format!("{:?}", tpl.elements().len()).as_bytes())
}
