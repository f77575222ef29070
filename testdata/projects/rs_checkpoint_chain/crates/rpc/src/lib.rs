//! The coordinator's RPC client: network code.
pub mod client;
pub mod types;

pub use client::Coordinator;
