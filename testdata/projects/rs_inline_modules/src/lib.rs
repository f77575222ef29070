pub mod consumer;
pub mod startup;
