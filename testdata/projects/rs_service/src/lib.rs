//! Ledger service: Kafka clients are built in `kafka` and used everywhere else.

pub mod config;
pub mod containers;
pub mod kafka;
pub mod ledger;
pub mod pipeline;
pub mod state;
pub mod statics;
pub mod stores;
pub mod wrappers;
