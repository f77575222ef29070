//! offsetlint: a static source-contract linter for Kafka consumers and producers.

pub mod analysis;
pub mod frontend;
pub mod knowledge;
pub mod model;
