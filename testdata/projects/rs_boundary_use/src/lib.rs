//! A crate root that declares its modules and re-exports: neither is an import of network
//! code by the modules that name something from `crate::`.
pub mod checkpoint;
pub mod server;
pub mod types;
pub mod offset_store;
pub mod watermark;

pub use reqwest;
pub use types::Key;
