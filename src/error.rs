//! Tool errors and warnings (not findings): bad arguments, unreadable or invalid
//! configuration, files that cannot be read, internal errors; and the per-file warnings for
//! files skipped on purpose (too large, not a regular file, gone). Exit codes live here too.
//!
//! Errors are rendered through miette (`cli`), with their help and, for a bad value from a
//! configuration file, the file's line under a label.

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use miette::{NamedSource, SourceSpan};

/// The files offsetlint lints, by extension, for messages (`engine::discover::language`
/// decides; a test there checks that this names each of its extensions).
pub const SOURCE_FILES: &str = "Python (.py, .pyi, .ipynb), Rust (.rs) or Java (.java)";

/// A path as printed in messages: control characters (a newline or an escape sequence in a
/// file name) are escaped, so a crafted name cannot forge output lines.
pub fn shown(path: &std::path::Path) -> String {
    escape_text(&path.display().to_string()).into_owned()
}

/// Escapes what could forge or garble terminal output: control characters (including
/// newlines and ANSI escapes), and Unicode bidirectional and zero-width format characters.
pub fn escape_text(s: &str) -> std::borrow::Cow<'_, str> {
    escape_text_but(s, |_| false)
}

/// [`escape_text`], keeping the characters `keep` accepts (a format that encodes them its
/// own way).
pub fn escape_text_but(s: &str, keep: impl Fn(char) -> bool) -> std::borrow::Cow<'_, str> {
    let escape = |c: char| needs_escape(c) && !keep(c);
    if !s.chars().any(escape) {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if escape(c) {
            out.push_str(&c.escape_unicode().to_string());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// [`escape_text`] as an owned string: what a configuration, a baseline or a source file
/// puts into an error message (a selector, a glob, a value, a parser's message quoting it).
pub fn escaped(s: &str) -> String {
    escape_text(s).into_owned()
}

/// Characters never printed as they are.
pub fn needs_escape(c: char) -> bool {
    (c.is_control() && c != '\t')
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{061c}' | '\u{feff}')
}

/// A configuration file's path as shown: relative to the working directory when it is under
/// it (configuration files are loaded by absolute path).
pub fn shown_config(path: &std::path::Path) -> String {
    let rel = std::env::current_dir()
        .ok()
        .and_then(|cwd| {
            path.strip_prefix(cwd)
                .ok()
                .map(std::path::Path::to_path_buf)
        })
        .filter(|p| !p.as_os_str().is_empty());
    shown(rel.as_deref().unwrap_or(path))
}

/// A configuration file's path and text, kept to point at a bad value.
#[derive(Debug)]
pub struct ConfigText {
    pub path: PathBuf,
    pub text: String,
}

impl ConfigText {
    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = self.text.get(..offset).unwrap_or(&self.text);
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, before[line_start..].chars().count() + 1)
    }

    fn named(&self) -> NamedSource<String> {
        // Same-length replacement keeps the spans valid.
        let text: String = self
            .text
            .chars()
            .map(|c| {
                if needs_escape(c) && c != '\n' && c != '\r' {
                    "?".repeat(c.len_utf8())
                } else {
                    c.to_string()
                }
            })
            .collect();
        NamedSource::new(shown_config(&self.path), text)
    }
}

/// Where a setting's value came from.
#[derive(Debug, Clone)]
pub enum Origin {
    /// A command-line flag, e.g. `--select`.
    Flag(&'static str),
    /// The built-in default of a setting.
    Default(&'static str),
    /// A key of a configuration file, with the value's byte range in it.
    File {
        key: &'static str,
        file: Arc<ConfigText>,
        span: (usize, usize),
    },
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Flag(flag) => write!(f, "`{flag}` on the command line"),
            Origin::Default(key) => write!(f, "the default of `{key}`"),
            Origin::File { key, file, span } => {
                let (line, col) = file.line_col(span.0);
                write!(f, "`{key}` in {}:{line}:{col}", shown_config(&file.path))
            }
        }
    }
}

impl Origin {
    fn source(&self) -> (Option<Arc<NamedSource<String>>>, Option<SourceSpan>) {
        match self {
            Origin::Flag(_) | Origin::Default(_) => (None, None),
            Origin::File { file, span, .. } => (
                Some(Arc::new(file.named())),
                Some((span.0, span.1.saturating_sub(span.0)).into()),
            ),
        }
    }
}

/// A user-visible failure or warning. Per-file ones are reported and the run goes on.
#[derive(Debug, Clone, thiserror::Error, miette::Diagnostic)]
#[non_exhaustive]
pub enum Error {
    #[error("unknown rule selector `{selector}` in {origin}")]
    #[diagnostic(code(offsetlint::unknown_rule), help("{help}"))]
    UnknownRule {
        selector: String,
        help: String,
        origin: Box<Origin>,
        #[source_code]
        src: Option<Arc<NamedSource<String>>>,
        #[label("unknown selector")]
        span: Option<SourceSpan>,
    },
    #[error("invalid glob `{glob}` in {origin}: {message}")]
    #[diagnostic(code(offsetlint::bad_glob))]
    BadGlob {
        glob: String,
        message: String,
        origin: Box<Origin>,
        #[source_code]
        src: Option<Arc<NamedSource<String>>>,
        #[label("invalid glob")]
        span: Option<SourceSpan>,
    },
    #[error("invalid value `{value}` in {origin}: {message}")]
    #[diagnostic(code(offsetlint::bad_value), help("{help}"))]
    BadValue {
        value: String,
        message: String,
        origin: Box<Origin>,
        #[source_code]
        src: Option<Arc<NamedSource<String>>>,
        #[label("invalid value")]
        span: Option<SourceSpan>,
        help: String,
    },
    #[error("cannot read configuration {}: {message}", shown_config(path))]
    #[diagnostic(code(offsetlint::config), help("{help}"))]
    Config {
        path: PathBuf,
        message: String,
        help: String,
        #[source_code]
        src: Option<Arc<NamedSource<String>>>,
        #[label("here")]
        span: Option<SourceSpan>,
    },
    #[error("{message}")]
    #[diagnostic(code(offsetlint::usage))]
    Usage { message: String },
    #[error("{}: no such file or directory", shown(path))]
    #[diagnostic(code(offsetlint::missing_path))]
    MissingPath { path: PathBuf },
    #[error("{}: {message}", shown(path))]
    #[diagnostic(code(offsetlint::walk))]
    Walk { path: PathBuf, message: String },
    #[error("{}: cannot read: {message}", shown(path))]
    #[diagnostic(code(offsetlint::io))]
    Io { path: PathBuf, message: String },
    #[error("{}: internal error while linting: {message}", shown(path))]
    #[diagnostic(
        code(offsetlint::internal),
        help("the other files were linted; please report this with the file that triggers it")
    )]
    Internal { path: PathBuf, message: String },
    #[error("{}: internal error in rule {rule}: {message}", shown(path))]
    #[diagnostic(
        code(offsetlint::internal),
        help("the file's other rules ran and their findings are reported; please report this with the file that triggers it")
    )]
    InternalRule {
        path: PathBuf,
        rule: &'static str,
        message: String,
    },
    // Warnings: the file is skipped on purpose, the exit code does not change.
    #[error(
        "{}: skipped: {size} bytes is over the maximum file size of {max} bytes",
        shown(path)
    )]
    #[diagnostic(
        code(offsetlint::too_large),
        severity(Warning),
        help("large files are usually generated; raise `max-file-size` (or `--max-file-size`) to lint it")
    )]
    TooLarge { path: PathBuf, size: u64, max: u64 },
    #[error("{}: skipped: {kind}, not a regular file", shown(path))]
    #[diagnostic(code(offsetlint::not_regular), severity(Warning))]
    NotRegular { path: PathBuf, kind: &'static str },
    #[error("{}: skipped: it disappeared during the run", shown(path))]
    #[diagnostic(code(offsetlint::vanished), severity(Warning))]
    Vanished { path: PathBuf },
    #[error("no {SOURCE_FILES} files to lint under {paths}", SOURCE_FILES = SOURCE_FILES)]
    #[diagnostic(
        code(offsetlint::nothing_linted),
        severity(Warning),
        help("check the paths, and the `exclude` and `.gitignore` patterns that apply to them (`offsetlint check --show-files`, `offsetlint config FILE`)")
    )]
    NothingLinted { paths: String },
    /// Configuration that matches nothing of the run: a pattern no file matches, a path that
    /// names no module or class (one line on stderr, `cli::render_error`).
    #[error("`{value}` in {origin} {problem}")]
    #[diagnostic(code(offsetlint::unmatched_config), severity(Warning))]
    UnmatchedConfig {
        value: String,
        origin: Box<Origin>,
        problem: &'static str,
    },
}

impl Error {
    pub fn unknown_rule(selector: &str, suggestion: Option<&str>, origin: &Origin) -> Error {
        let (src, span) = origin.source();
        let mut help = "selectors are codes (`OL101`), names (`bare-commit`), prefixes (`OL1`) or `ALL`; run `offsetlint rules` for the list".to_string();
        if let Some(s) = suggestion {
            help = format!("did you mean `{s}`? {help}");
        }
        Error::UnknownRule {
            selector: escaped(selector),
            help: escaped(&help),
            origin: Box::new(origin.clone()),
            src,
            span,
        }
    }

    pub fn unmatched_config(value: &str, origin: &Origin, problem: &'static str) -> Error {
        Error::UnmatchedConfig {
            value: escaped(value),
            origin: Box::new(origin.clone()),
            problem,
        }
    }

    pub fn bad_glob(glob: &str, message: String, origin: &Origin) -> Error {
        let (src, span) = origin.source();
        Error::BadGlob {
            glob: escaped(glob),
            message: escaped(&message),
            origin: Box::new(origin.clone()),
            src,
            span,
        }
    }

    pub fn bad_value(
        value: &str,
        message: String,
        help: impl Into<String>,
        origin: &Origin,
    ) -> Error {
        let (src, span) = origin.source();
        Error::BadValue {
            value: escaped(value),
            message: escaped(&message),
            origin: Box::new(origin.clone()),
            src,
            span,
            help: help.into(),
        }
    }

    /// A configuration file that cannot be read or parsed; `span` points into `file`'s text.
    pub fn config(
        path: PathBuf,
        message: String,
        file: Option<&ConfigText>,
        span: Option<(usize, usize)>,
        help: String,
    ) -> Error {
        let (src, span) = match (file, span) {
            (Some(f), Some((start, end))) => (
                Some(Arc::new(f.named())),
                Some((start, end.saturating_sub(start)).into()),
            ),
            _ => (None, None),
        };
        let see = "see README.md, \"Configuration\", for the keys and their values";
        Error::Config {
            path,
            message: escaped(&message),
            help: if help.is_empty() {
                see.to_string()
            } else {
                format!("{} ({see})", escape_text(&help))
            },
            src,
            span,
        }
    }

    /// Warnings do not change the exit code.
    pub fn is_warning(&self) -> bool {
        matches!(
            self,
            Error::TooLarge { .. }
                | Error::NotRegular { .. }
                | Error::Vanished { .. }
                | Error::NothingLinted { .. }
                | Error::UnmatchedConfig { .. }
        )
    }
}

/// Process exit codes: 0 clean, 1 findings, 2 tool error (an error outranks findings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExitStatus {
    Clean = 0,
    Findings = 1,
    Error = 2,
}
