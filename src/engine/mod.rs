//! The engine: discover the files, then read, parse, analyse and check each in parallel (one
//! file per task, as ruff does), then sort so output never depends on thread count.

pub mod decode;
pub mod discover;
pub mod isolate;
pub mod read;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::analysis::names::Names;
use crate::analysis::FileAnalysis;
use crate::config::Settings;
use crate::diagnostic::Finding;
use crate::error::Error;
use crate::frontend;
use crate::model::{Lang, LineIndex, SyntaxError, TextRange};
use crate::registry::{Rule, RuleSet};
use crate::rules::{self, syntax_error, unused_suppression, FileFacts, RuleContext};
use crate::suppress;
use discover::{discover, WalkOptions};
use isolate::{fault, isolated, Fault};
use read::{read_source, ReadOutcome};

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
    /// Files skipped on purpose (too large, not a regular file, vanished): printed, but the
    /// exit code does not change.
    pub warnings: Vec<Error>,
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
    let (files, found_errors) = discover(paths, walk);
    let lint_all = || {
        files
            .par_iter()
            .map(|(path, lang)| lint_path(path, *lang, settings, walk.max_file_size))
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
    let mut errors = found_errors;
    for (file, errs) in results {
        report.files.extend(file);
        errors.extend(errs);
    }
    report.files.sort_by(|a, b| a.path.cmp(&b.path));
    let (warnings, errors): (Vec<_>, Vec<_>) = errors.into_iter().partition(Error::is_warning);
    report.errors = errors;
    report.warnings = warnings;
    report.elapsed = start.elapsed();
    report
}

/// Reads, decodes and lints one file. The report is returned only when it has findings (the
/// source of a clean file is dropped at once, so memory does not grow with the tree).
fn lint_path(
    path: &Path,
    lang: Lang,
    settings: &Settings,
    max_size: u64,
) -> (Option<FileReport>, Vec<Error>) {
    let path_buf = || path.to_path_buf();
    let bytes = match read_source(path, max_size) {
        ReadOutcome::Bytes(b) => b,
        ReadOutcome::NotRegular(kind) => {
            return (
                None,
                vec![Error::NotRegular {
                    path: path_buf(),
                    kind,
                }],
            )
        }
        ReadOutcome::TooLarge(size) => {
            return (
                None,
                vec![Error::TooLarge {
                    path: path_buf(),
                    size,
                    max: max_size,
                }],
            )
        }
        ReadOutcome::Vanished => return (None, vec![Error::Vanished { path: path_buf() }]),
        ReadOutcome::Failed(message) => {
            return (
                None,
                vec![Error::Io {
                    path: path_buf(),
                    message,
                }],
            )
        }
    };
    let (source, findings, errors) = match decode::decode(&bytes, lang) {
        Err(bad) => {
            drop(bytes);
            let findings = undecodable_findings(&bad, settings);
            (bad.text, findings, Vec::new())
        }
        Ok(decoded) => {
            drop(bytes);
            let source = decoded.text;
            let lines = LineIndex::new(&source);
            let (findings, errors) =
                match isolated(|| lint_isolated(path, &source, &lines, lang, settings)) {
                    Ok(result) => result,
                    Err(message) => (
                        Vec::new(),
                        vec![Error::Internal {
                            path: path_buf(),
                            message,
                        }],
                    ),
                };
            (source, findings, errors)
        }
    };
    if findings.is_empty() {
        return (None, errors);
    }
    let lines = LineIndex::new(&source);
    let report = FileReport {
        path: path_buf(),
        lang,
        source,
        lines,
        findings,
    };
    (Some(report), errors)
}

/// OL001 for a file whose bytes are not source text, at the offending byte.
fn undecodable_findings(bad: &decode::Undecodable, settings: &Settings) -> Vec<Finding> {
    if !settings.enabled(Rule::SyntaxError) {
        return Vec::new();
    }
    let at = bad.text_offset.min(bad.text.len()) as u32;
    let end = bad.text[at as usize..]
        .chars()
        .next()
        .map_or(at, |c| at + c.len_utf8() as u32);
    let err = SyntaxError {
        message: bad.message.clone(),
        range: TextRange::new(at, end),
    };
    let mut finding = syntax_error(&err).primary("cannot decode here");
    finding.message = bad.message.clone();
    finding.help = Some(bad.help.clone());
    vec![finding]
}

/// The per-file pipeline with each rule isolated: a rule that panics becomes a tool error
/// for this file and the other rules' findings are kept. With any rule failed, unused
/// suppressions (OL002) are not reported for the file: they could be the failed rule's.
fn lint_isolated(
    path: &Path,
    source: &str,
    lines: &LineIndex,
    lang: Lang,
    settings: &Settings,
) -> (Vec<Finding>, Vec<Error>) {
    if let Some(Fault::File(name)) = fault() {
        if path.file_name().is_some_and(|n| n == name.as_str()) {
            panic!("injected fault in the front end (OFFSETLINT_FAULT)");
        }
    }
    let mut errors = Vec::new();
    let run_rules = |ctx_parts: RuleInputs<'_>| -> Vec<Finding> {
        let mut findings = Vec::new();
        for rule in settings.rules.iter() {
            let single: RuleSet = std::iter::once(rule).collect();
            let outcome = isolated(|| {
                if let Some(Fault::Rule(code)) = fault() {
                    if code == rule.code() {
                        panic!("injected fault in rule {code} (OFFSETLINT_FAULT)");
                    }
                }
                let ctx = RuleContext::new(ctx_parts.analysis, ctx_parts.knowledge, ctx_parts.file);
                rules::run(&ctx, single);
                ctx.into_findings()
            });
            match outcome {
                Ok(f) => findings.extend(f),
                Err(message) => errors.push(Error::InternalRule {
                    path: path.to_path_buf(),
                    rule: rule.code(),
                    message,
                }),
            }
        }
        findings
    };
    let findings = lint_with(path, source, lines, lang, settings, run_rules);
    let findings = if errors.is_empty() {
        findings
    } else {
        findings
            .into_iter()
            .filter(|f| f.rule != Rule::UnusedSuppression)
            .collect()
    };
    (findings, errors)
}

/// What the rules of one file are given.
#[derive(Clone, Copy)]
struct RuleInputs<'a> {
    analysis: &'a FileAnalysis<'a>,
    knowledge: &'a crate::knowledge::Knowledge,
    file: &'a FileFacts<'a>,
}

/// Lints one file's text. Findings come back sorted by position and code. A panic is not
/// caught here (the engine isolates files and rules; fuzzers want to see it).
pub fn lint_source(path: &Path, source: &str, lang: Lang, settings: &Settings) -> Vec<Finding> {
    lint_with(
        path,
        source,
        &LineIndex::new(source),
        lang,
        settings,
        |inputs: RuleInputs<'_>| {
            let ctx = RuleContext::new(inputs.analysis, inputs.knowledge, inputs.file);
            rules::run(&ctx, settings.rules);
            ctx.into_findings()
        },
    )
}

/// Lints one file's bytes as read from disk: decoded as the language does it (BOM, PEP 263
/// coding declarations); undecodable bytes are an OL001 finding. Returns the decoded text
/// (what the findings' offsets point into) and the findings.
pub fn lint_bytes(
    path: &Path,
    bytes: &[u8],
    lang: Lang,
    settings: &Settings,
) -> (String, Vec<Finding>) {
    match decode::decode(bytes, lang) {
        Ok(d) => {
            let findings = lint_source(path, &d.text, lang, settings);
            (d.text, findings)
        }
        Err(bad) => {
            let findings = undecodable_findings(&bad, settings);
            (bad.text, findings)
        }
    }
}

/// [`lint_bytes`] as a one-file report, for rendering (the fuzz targets). The language comes
/// from the name (Python when it has no source extension).
pub fn report_for_bytes(path: &Path, bytes: &[u8], settings: &Settings) -> Report {
    let lang = discover::language(path).unwrap_or(Lang::Python);
    let (source, findings) = lint_bytes(path, bytes, lang, settings);
    let mut report = Report {
        files_checked: 1,
        ..Report::default()
    };
    if !findings.is_empty() {
        report.files.push(FileReport {
            path: path.to_path_buf(),
            lang,
            lines: LineIndex::new(&source),
            source,
            findings,
        });
    }
    report
}

/// The per-file pipeline; `run_rules` runs the enabled rules over the analysed file.
fn lint_with(
    path: &Path,
    source: &str,
    lines: &LineIndex,
    lang: Lang,
    settings: &Settings,
    run_rules: impl FnOnce(RuleInputs<'_>) -> Vec<Finding>,
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
            let findings = run_rules(RuleInputs {
                analysis: &analysis,
                knowledge: &settings.knowledge,
                file: &file,
            });
            (findings, lowered.comments)
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
