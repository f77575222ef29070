//! The client library's own source (a sketch of rdkafka's layout).

pub mod config;
pub mod producer;

pub use crate::config::ClientConfig;
