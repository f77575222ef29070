//! Watermarks stay local (the twin of store/offset_store.rs).

use std::path::Path;

use rdkafka::TopicPartitionList;

use crate::fsutil::write_atomic;

pub fn save(path: &Path, tpl: &TopicPartitionList) -> std::io::Result<()> {
    write_atomic(path, format!("{:?}", tpl.elements().len()).as_bytes())
}
