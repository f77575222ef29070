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

/// Whether a path names a Jupyter notebook (by its extension, as ruff decides): linted as
/// Python (`engine::notebook`), and scratch code (OL404) whatever its name.
pub fn is_notebook(path: &std::path::Path) -> bool {
    path.extension().is_some_and(|e| e == "ipynb")
}

/// Directories of test and benchmark code (OL205, OL404: tests run against test brokers).
pub const TEST_DIRS: &[&str] = &["tests", "test", "testing", "benches"];
/// File-name starts of test modules (`test_worker.py`).
pub const TEST_FILE_PREFIXES: &[&str] = &["test_"];
/// File stems of test modules, alone or after `_` (`conftest.py`, `worker_test.rs`,
/// `kafka_tests.py`).
pub const TEST_FILE_STEMS: &[&str] = &["conftest", "test", "tests"];
/// Test code, by its path: a test module's name (`test_*.py`, `*_test.py`, `conftest.py`,
/// `*_test.rs`, `tests.rs`) or a directory of tests or benchmarks (`tests/`, `benches/`).
pub fn is_test_path(path: &std::path::Path) -> bool {
    let (dir, name) = crate::model::split_file(path);
    let name = name.to_string_lossy();
    let stem = name.split('.').next().unwrap_or("");
    TEST_FILE_PREFIXES.iter().any(|p| stem.starts_with(p))
        || TEST_FILE_STEMS
            .iter()
            .any(|s| stem == *s || stem.strip_suffix(s).is_some_and(|r| r.ends_with('_')))
        || in_directory(dir, TEST_DIRS)
        || name.ends_with(".java")
            && TEST_CLASS_SUFFIXES.iter().any(|s| {
                (stem.strip_suffix(s))
                    .and_then(|r| r.chars().last())
                    .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
            })
}

/// Java test classes by their names' ends (`OrderServiceTest`, `..Tests`, integration tests
/// `..IT`); `src/test/java` is a test directory already.
pub const TEST_CLASS_SUFFIXES: &[&str] = &["Test", "Tests", "IT"];

/// Whether a directory of `dir` (any component) is named one of `names`.
pub fn in_directory(dir: &std::path::Path, names: &[&str]) -> bool {
    dir.components()
        .any(|c| names.contains(&c.as_os_str().to_string_lossy().as_ref()))
}

/// Directories of example code (OL404: not production).
pub const EXAMPLE_DIRS: &[&str] = &["examples", "example", "samples", "docs"];
/// File-name starts of example modules (`example_consumer.py`).
pub const EXAMPLE_FILE_PREFIXES: &[&str] = &["example"];
