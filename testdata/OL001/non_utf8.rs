// expect-file: OL001
//! Not UTF-8: Rust sources must be UTF-8, so this file cannot be read as Rust.
//! It would consume with rdkafka, so offsetlint reads it.

pub const GREETING: &str = "café ÿþ";
