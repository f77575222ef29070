//! Isolation boundaries (OL4xx): files of a kind (named by globs in the settings) must not
//! reach, directly or through project modules, what the boundary forbids. OL401 and OL402 are
//! the two built-in instances; configuration can declare more.

/// What a boundary's files must not import.
#[derive(Debug, Clone, PartialEq)]
pub enum Forbid {
    /// Network code (`knowledge::network`).
    Network,
    /// A Kafka client library.
    KafkaClient,
    /// A project module of this file kind (`checkpoint`).
    Kind(String),
    /// A module by path prefix (`requests`, `tokio::net`).
    Module(Vec<String>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Boundary {
    /// The kind of file it binds (`checkpoint`, `fixture`, a declared name).
    pub kind: String,
    pub forbidden: Vec<Forbid>,
    /// Module path prefixes that are allowed even when forbidden.
    pub allowed: Vec<Vec<String>>,
    /// Declared in configuration (OL403, reported under its name); the built-in ones are
    /// OL401 and OL402.
    pub declared: bool,
}

/// The built-in boundaries: checkpoint modules stay off the network (OL401); fixture modules
/// stay away from Kafka clients and checkpoint modules (OL402).
pub fn builtin() -> Vec<Boundary> {
    vec![
        Boundary {
            kind: CHECKPOINT.into(),
            forbidden: vec![Forbid::Network],
            allowed: Vec::new(),
            declared: false,
        },
        Boundary {
            kind: FIXTURE.into(),
            forbidden: vec![Forbid::KafkaClient, Forbid::Kind(CHECKPOINT.into())],
            allowed: Vec::new(),
            declared: false,
        },
    ]
}

pub const CHECKPOINT: &str = "checkpoint";
pub const FIXTURE: &str = "fixture";
/// Scratch code (OL404): notebooks, sandboxes, drafts. Not a boundary: what it imports is free;
/// which consumer group it joins is not.
pub const SCRATCH: &str = "scratch";

/// Directories of test and benchmark code (OL205, OL404: tests run against test brokers).
pub const TEST_DIRS: &[&str] = &["tests", "test", "testing", "benches"];
/// File-name starts of test modules (`test_worker.py`).
pub const TEST_FILE_PREFIXES: &[&str] = &["test_"];
/// File stems of test modules, alone or after `_` (`conftest.py`, `worker_test.rs`,
/// `kafka_tests.py`).
pub const TEST_FILE_STEMS: &[&str] = &["conftest", "test", "tests"];
/// Directories of example code (OL404: not production).
pub const EXAMPLE_DIRS: &[&str] = &["examples", "example", "samples", "docs"];
/// File-name starts of example modules (`example_consumer.py`).
pub const EXAMPLE_FILE_PREFIXES: &[&str] = &["example"];
