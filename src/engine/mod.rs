//! The engine: discover the files, then read, parse, analyse and check each in parallel (one
//! file per task, as ruff does), then sort so output never depends on thread count.

pub mod discover;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::analysis::index::FileIndex;
use crate::analysis::program::{FileId, Program, ProgramFile};
use crate::analysis::FileAnalysis;
use crate::config::Settings;
use crate::diagnostic::Finding;
use crate::error::Error;
use crate::frontend::{self, Lowered};
use crate::model::{Lang, LineIndex, SyntaxError, TextRange};
use crate::project::{self, ProjectFile};
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

/// Runs `f` on a thread pool with deep stacks (the parsers recurse on nested input).
fn with_pool<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    match rayon::ThreadPoolBuilder::new()
        .stack_size(STACK_SIZE)
        .build()
    {
        Ok(pool) => pool.install(f),
        Err(_) => f(),
    }
}

/// A file the run knows about: one to report on (named or found under an argument), or one
/// of its project that resolution may need.
struct Entry {
    /// The path as reported (as the user spelled it, or relative to the working directory).
    display: PathBuf,
    lang: Lang,
    target: bool,
}

pub fn check_paths(paths: &[PathBuf], settings: &Settings, walk: &WalkOptions) -> Report {
    let start = Instant::now();
    let (targets, mut errors) = discover(paths, walk);
    let (entries, keys) = project_entries(paths, targets, walk);
    let files_checked = entries.iter().filter(|e| e.target).count();
    let (reports, file_errors) = with_pool(|| lint_project(&entries, &keys, settings));
    errors.extend(file_errors);
    let mut report = Report {
        files_checked,
        files: reports
            .into_iter()
            .filter(|f| !f.findings.is_empty())
            .collect(),
        ..Report::default()
    };
    report.files.sort_by(|a, b| a.path.cmp(&b.path));
    report.errors = errors;
    report.elapsed = start.elapsed();
    report
}

/// The targets, then the other files of the projects they belong to (the nearest directory
/// with `pyproject.toml`, `setup.cfg`, `Cargo.toml` or `.git`), walked with the same options;
/// and each entry's canonical path.
fn project_entries(
    paths: &[PathBuf],
    targets: Vec<(PathBuf, Lang)>,
    walk: &WalkOptions,
) -> (Vec<Entry>, Vec<PathBuf>) {
    let mut roots: Vec<PathBuf> = paths
        .iter()
        .filter_map(|p| project::project_root(p))
        .collect();
    roots.sort();
    roots.dedup();
    let cwd = std::env::current_dir().ok();
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let mut seen = std::collections::HashSet::new();
    let mut entries = Vec::new();
    let mut keys = Vec::new();
    // Every target is linted under its own path (a symlinked file too); project files are
    // added once, unless a target already is that file.
    for (path, lang) in targets {
        let key = canonical(&path);
        seen.insert(key.clone());
        entries.push(Entry {
            display: path,
            lang,
            target: true,
        });
        keys.push(key);
    }
    if !roots.is_empty() {
        let others = WalkOptions {
            force_exclude: true,
            ..*walk
        };
        let (more, _) = discover(&roots, &others);
        for (path, lang) in more {
            let key = canonical(&path);
            if seen.insert(key.clone()) {
                let display = cwd
                    .as_deref()
                    .and_then(|c| key.strip_prefix(c).ok())
                    .map_or_else(|| key.clone(), Path::to_path_buf);
                entries.push(Entry {
                    display,
                    lang,
                    target: false,
                });
                keys.push(key);
            }
        }
    }
    (entries, keys)
}

/// Reads every entry, selects what to lint and index, parses, builds the program, then
/// lints each relevant target.
fn lint_project(
    entries: &[Entry],
    keys: &[PathBuf],
    settings: &Settings,
) -> (Vec<FileReport>, Vec<Error>) {
    let mut layouts = project::Layouts::default();
    let files: Vec<ProjectFile> = entries
        .iter()
        .zip(keys)
        .map(|(e, key)| ProjectFile {
            path: key.clone(),
            lang: e.lang,
            layout: layouts.layout(key, e.lang),
            target: e.target,
            kinds: settings.file_kinds(&e.display),
        })
        .collect();
    let selection = project::select(
        &files,
        |i| read_source(&entries[i].display),
        &|text: &str| settings.knowledge.may_concern(text),
        &|text: &str| settings.knowledge.may_concern_importers(text),
    );
    let texts: Vec<Option<&str>> = selection
        .texts
        .iter()
        .map(|t| t.as_ref().and_then(|r| r.as_ref().ok()).map(String::as_str))
        .collect();
    let parsed: Vec<Option<Result<Lowered, SyntaxError>>> = files
        .par_iter()
        .zip(&texts)
        .zip(&selection.indexed)
        .map(|((f, text), &indexed)| {
            let text = text.filter(|_| indexed)?;
            Some(
                catch_unwind(AssertUnwindSafe(|| frontend::lower(f.lang, text))).unwrap_or_else(
                    |_| {
                        Err(SyntaxError {
                            message: "internal error while parsing this file".into(),
                            range: TextRange::default(),
                        })
                    },
                ),
            )
        })
        .collect();
    let lines: Vec<Option<LineIndex>> = texts
        .par_iter()
        .zip(&parsed)
        .map(|(text, p)| p.as_ref().and(*text).map(LineIndex::new))
        .collect();
    let indexes: Vec<Option<FileIndex>> = parsed
        .par_iter()
        .map(|p| match p {
            Some(Ok(lowered)) => Some(FileIndex::new(&lowered.module, &settings.knowledge.vocab)),
            _ => None,
        })
        .collect();
    let program = Program::new(
        entries
            .iter()
            .zip(files.iter())
            .zip(indexes)
            .zip(&lines)
            .map(|(((e, f), index), lines)| ProgramFile {
                path: e.display.clone(),
                lang: f.lang,
                module: f.layout.module.clone(),
                is_package: f.layout.is_package,
                index,
                lines: lines.as_ref(),
                kinds: f.kinds.clone(),
            })
            .collect(),
    );
    let mut errors = Vec::new();
    let mut todo = Vec::new();
    for (i, (e, r)) in entries.iter().zip(&selection.texts).enumerate() {
        if !e.target {
            continue;
        }
        match r {
            Some(Err(err)) => errors.push(err.clone()),
            Some(Ok(_)) if selection.relevant[i] => todo.push(i),
            _ => {}
        }
    }
    let results: Vec<Result<FileReport, Error>> = todo
        .par_iter()
        .map(|&i| {
            let e = &entries[i];
            let (Some(source), Some(Some(result)), Some(lines)) =
                (texts[i], parsed.get(i), &lines[i])
            else {
                return Err(Error::Internal {
                    path: e.display.clone(),
                    message: "file selected but not parsed".into(),
                });
            };
            let findings = catch_unwind(AssertUnwindSafe(|| {
                lint_parsed(
                    &program,
                    FileId(i as u32),
                    &e.display,
                    source,
                    lines,
                    result,
                    settings,
                )
            }))
            .map_err(|panic| Error::Internal {
                path: e.display.clone(),
                message: panic_message(&*panic),
            })?;
            Ok(FileReport {
                path: e.display.clone(),
                lang: e.lang,
                source: source.to_string(),
                lines: LineIndex::new(source),
                findings,
            })
        })
        .collect();
    let mut reports = Vec::new();
    for r in results {
        match r {
            Ok(f) => reports.push(f),
            Err(e) => errors.push(e),
        }
    }
    (reports, errors)
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "panic".into())
}

/// Reads a source file as text.
fn read_source(path: &Path) -> Result<String, Error> {
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
    Ok(source)
}

/// Lints one file's text on its own (a program of one file). Findings come back sorted by
/// position and code.
pub fn lint_source(path: &Path, source: &str, lang: Lang, settings: &Settings) -> Vec<Finding> {
    let kinds = settings.file_kinds(path);
    if kinds.is_empty() && !settings.knowledge.may_concern(source) {
        return Vec::new();
    }
    let lines = LineIndex::new(source);
    let parsed = frontend::lower(lang, source);
    let index = parsed
        .as_ref()
        .ok()
        .map(|l| FileIndex::new(&l.module, &settings.knowledge.vocab));
    let program = Program::single(path, lang, index, Some(&lines), kinds);
    lint_parsed(&program, FileId(0), path, source, &lines, &parsed, settings)
}

/// Runs the rules on a parsed file of the program, then the suppressions.
#[allow(clippy::too_many_arguments)]
fn lint_parsed<'m>(
    program: &Program<'m>,
    file: FileId,
    path: &Path,
    source: &str,
    lines: &LineIndex,
    parsed: &Result<Lowered, SyntaxError>,
    settings: &'m Settings,
) -> Vec<Finding> {
    let lowered = match parsed {
        Err(err) => {
            return settings
                .enabled(Rule::SyntaxError)
                .then(|| syntax_error(err))
                .into_iter()
                .collect()
        }
        Ok(lowered) => lowered,
    };
    let _ = path;
    let findings = match FileAnalysis::new(program, file, &settings.knowledge, settings.heuristic) {
        Some(analysis) => {
            let facts = FileFacts { source, lines };
            let ctx = RuleContext::new(&analysis, &settings.knowledge, &facts);
            rules::run(&ctx, settings.rules);
            ctx.into_findings()
        }
        None => Vec::new(),
    };
    let mut findings = apply_suppressions(findings, source, &lowered.comments, lines, settings);
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
