//! Tool errors (not findings): bad arguments, unreadable configuration, files that cannot be
//! read. Exit codes live here too.

use std::path::PathBuf;

/// A user-visible failure. Per-file errors are reported and the run goes on.
#[derive(Debug, Clone, thiserror::Error, miette::Diagnostic)]
#[non_exhaustive]
pub enum Error {
    #[error("unknown rule selector `{0}`")]
    #[diagnostic(
        code(offsetlint::unknown_rule),
        help("run `offsetlint rules` for the codes and names")
    )]
    UnknownRule(String),
    #[error("invalid glob `{glob}`: {message}")]
    #[diagnostic(code(offsetlint::bad_glob))]
    BadGlob { glob: String, message: String },
    #[error("cannot read configuration {}: {message}", path.display())]
    #[diagnostic(code(offsetlint::config))]
    Config { path: PathBuf, message: String },
    #[error("{}: no such file or directory", path.display())]
    #[diagnostic(code(offsetlint::missing_path))]
    MissingPath { path: PathBuf },
    #[error("{}: {message}", path.display())]
    #[diagnostic(code(offsetlint::walk))]
    Walk { path: PathBuf, message: String },
    #[error("{}: cannot read: {message}", path.display())]
    #[diagnostic(code(offsetlint::io))]
    Io { path: PathBuf, message: String },
    #[error("{}: not UTF-8 (invalid byte at offset {offset}); skipped", path.display())]
    #[diagnostic(
        code(offsetlint::encoding),
        help("offsetlint reads source files as UTF-8")
    )]
    NotUtf8 { path: PathBuf, offset: usize },
    #[error("{}: binary file; skipped", path.display())]
    #[diagnostic(code(offsetlint::binary))]
    Binary { path: PathBuf },
    #[error("{}: internal error while linting: {message}", path.display())]
    #[diagnostic(
        code(offsetlint::internal),
        help("please report this with the file that triggers it")
    )]
    Internal { path: PathBuf, message: String },
}

/// Process exit codes: 0 clean, 1 findings, 2 tool error (an error outranks findings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExitStatus {
    Clean = 0,
    Findings = 1,
    Error = 2,
}
