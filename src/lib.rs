//! offsetlint: a static source-contract linter for Kafka consumers and producers.
//!
//! Dependency direction: `cli` → `checker` → `frontend` → `model` ← `analysis` ← `rules`.

pub mod analysis;
pub mod checker;
pub mod cli;
pub mod config;
pub mod diagnostic;
pub mod discover;
pub mod error;
pub mod frontend;
pub mod knowledge;
pub mod model;
pub mod render;
pub mod rules;
pub mod source;
pub mod suppress;

pub use checker::{check_paths, lint_source, Report};
