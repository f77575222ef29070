//! The `kafka` module (a directory module, `kafka/mod.rs`): factories and aliases.

mod factory;
pub mod types;

pub use self::factory::{build_consumer, build_producer, maybe_producer};
pub use factory::pair;
