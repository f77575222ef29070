pub mod config;
pub mod consumer;
pub mod sandbox;
