//! rdkafka producers without a delivery callback, built every way but a visible
//! `ClientConfig::new()..create()` chain: `from_config(&cfg)` on a config passed in, fields
//! typed with the default context (named or left out), a `create()` in another method's
//! struct literal, and a custom context whose `delivery` is empty. Each has a twin whose
//! context does observe deliveries.

pub mod contexts;
pub mod fields;
pub mod threaded;
pub mod wiring;
