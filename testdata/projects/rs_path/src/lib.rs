//! Modules whose files are not where their names say: `#[path]` gives each its module path.

#[path = "infra/kafka_impl.rs"]
pub mod kafka;

#[path = "net/sink_v2.rs"]
#[allow(dead_code)]
mod sink;

pub mod worker;
