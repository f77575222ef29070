//! offsetlint: a static source-contract linter for Kafka consumers and producers.
//!
//! Layers, each importing only those below it (`tests/architecture.rs` holds the table):
//! `registry` → `model` → `knowledge` → `frontend` / `analysis` → `rules`, `suppress`,
//! `diagnostic`, `config`, `inventory` → `engine` → `render` → `server` (the language server) → `cli`; `safe_fs` (bounded reads, atomic
//! writes) is below them all.

pub(crate) mod analysis;
pub mod cli;
pub(crate) mod config;
pub(crate) mod diagnostic;
pub(crate) mod engine;
pub(crate) mod error;
pub(crate) mod frontend;
pub(crate) mod inventory;
pub(crate) mod knowledge;
pub(crate) mod model;
pub(crate) mod project;
pub(crate) mod registry;
pub(crate) mod render;
pub(crate) mod rules;
pub(crate) mod safe_fs;
pub(crate) mod server;
pub(crate) mod suppress;

pub use config::Settings;
pub use diagnostic::Finding;
pub use engine::discover::language;
pub use engine::{check_paths, lint_source, Report};
pub use error::ExitStatus;
pub use model::{Lang, LineIndex};
pub use registry::{Rule, Severity};
