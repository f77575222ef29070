//! The engine: discover the files, then read, parse, analyse and check each in parallel (one
//! file per task, as ruff does), then sort so output never depends on thread count.

pub mod discover;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::analysis::names::Names;
use crate::analysis::FileAnalysis;
use crate::config::Settings;
use crate::diagnostic::Finding;
use crate::error::Error;
use crate::frontend;
use crate::model::{Lang, LineIndex};
use crate::registry::Rule;
use crate::rules::{self, syntax_error, unused_suppression, FileFacts, RuleContext};
use crate::suppress;
use discover::{discover, WalkOptions};

/// One linted file and its findings.
#[derive(Debug)]
pub struct FileReport {
    pub path: PathBuf,
    pub lang: Lang,
    pub source: String,
    pub lines: LineIndex,
    pub findings: Vec<Finding>,
}

#[derive(Debug, Default)]
pub struct Report {
    /// Files with at least one finding, sorted by path.
    pub files: Vec<FileReport>,
    pub files_checked: usize,
    /// Per-file and per-path errors; the rest of the run went on.
    pub errors: Vec<Error>,
    pub elapsed: Duration,
}

impl Report {
    pub fn finding_count(&self) -> usize {
        self.files.iter().map(|f| f.findings.len()).sum()
    }
}

/// Worker stack size: the parsers recurse on deeply nested input.
const STACK_SIZE: usize = 256 * 1024 * 1024;

pub fn check_paths(paths: &[PathBuf], settings: &Settings, walk: &WalkOptions) -> Report {
    let start = Instant::now();
    let (files, mut errors) = discover(paths, walk);
    let lint_all = || {
        files
            .par_iter()
            .map(|(path, lang)| lint_path(path, *lang, settings))
            .collect::<Vec<_>>()
    };
    let results = match rayon::ThreadPoolBuilder::new()
        .stack_size(STACK_SIZE)
        .build()
    {
        Ok(pool) => pool.install(lint_all),
        Err(_) => lint_all(),
    };
    let mut report = Report {
        files_checked: files.len(),
        ..Report::default()
    };
    for r in results {
        match r {
            Ok(file) if !file.findings.is_empty() => report.files.push(file),
            Ok(_) => {}
            Err(e) => errors.push(e),
        }
    }
    report.files.sort_by(|a, b| a.path.cmp(&b.path));
    report.errors = errors;
    report.elapsed = start.elapsed();
    report
}

fn lint_path(path: &Path, lang: Lang, settings: &Settings) -> Result<FileReport, Error> {
    let bytes = std::fs::read(path).map_err(|e| Error::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    if bytes.iter().take(8192).any(|&b| b == 0) {
        return Err(Error::Binary {
            path: path.to_path_buf(),
        });
    }
    let mut source = String::from_utf8(bytes).map_err(|e| Error::NotUtf8 {
        path: path.to_path_buf(),
        offset: e.utf8_error().valid_up_to(),
    })?;
    if source.starts_with('\u{feff}') {
        source.drain(..3);
    }
    let lines = LineIndex::new(&source);
    let findings = catch_unwind(AssertUnwindSafe(|| {
        lint_indexed(path, &source, &lines, lang, settings)
    }))
    .map_err(|panic| {
        let message = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".into());
        Error::Internal {
            path: path.to_path_buf(),
            message,
        }
    })?;
    Ok(FileReport {
        path: path.to_path_buf(),
        lang,
        source,
        lines,
        findings,
    })
}

/// Lints one file's text. Findings come back sorted by position and code.
pub fn lint_source(path: &Path, source: &str, lang: Lang, settings: &Settings) -> Vec<Finding> {
    lint_indexed(path, source, &LineIndex::new(source), lang, settings)
}

/// `lint_source` with the line index the caller keeps for rendering.
fn lint_indexed(
    path: &Path,
    source: &str,
    lines: &LineIndex,
    lang: Lang,
    settings: &Settings,
) -> Vec<Finding> {
    // Literal prefilter: a file that names no Kafka module and is no checkpoint module cannot
    // give any finding but OL001 and OL002; parse it for those and skip the analyses.
    let is_checkpoint_module = settings.is_checkpoint_module(path);
    let concerned = is_checkpoint_module || settings.knowledge.may_concern(source);
    let parsed = if concerned {
        frontend::lower(lang, source).map(|lowered| {
            let names = Names::new(&lowered.module);
            let analysis = FileAnalysis::new(
                &lowered.module,
                &settings.knowledge,
                &names,
                settings.heuristic,
            );
            let file = FileFacts {
                source,
                lines,
                is_checkpoint_module,
            };
            let ctx = RuleContext::new(&analysis, &settings.knowledge, &file);
            rules::run(&ctx, settings.rules);
            (ctx.into_findings(), lowered.comments)
        })
    } else {
        frontend::syntax_only(lang, source).map(|comments| (Vec::new(), comments))
    };
    let mut findings = match parsed {
        Err(err) => settings
            .enabled(Rule::SyntaxError)
            .then(|| syntax_error(&err))
            .into_iter()
            .collect(),
        Ok((findings, comments)) => {
            apply_suppressions(findings, source, &comments, lines, settings)
        }
    };
    findings.sort_by(|a, b| {
        (a.range.start, a.rule, a.range.end).cmp(&(b.range.start, b.rule, b.range.end))
    });
    findings.dedup();
    findings
}

/// Drops suppressed findings, then adds OL002 for the directives that suppressed nothing
/// (unless another directive suppresses that OL002).
fn apply_suppressions(
    findings: Vec<Finding>,
    source: &str,
    comments: &[crate::model::TextRange],
    lines: &LineIndex,
    settings: &Settings,
) -> Vec<Finding> {
    let directives = suppress::parse(source, comments, lines);
    let (mut kept, used) = suppress::apply(findings, &directives.directives, lines);
    if settings.enabled(Rule::UnusedSuppression) {
        let meta = unused_suppression(
            &directives,
            &used,
            settings.rules,
            settings.require_suppression_reason,
        );
        kept.extend(
            meta.into_iter()
                .filter(|f| !suppress::is_suppressed_by_other(f, &directives.directives, lines)),
        );
    }
    kept
}
