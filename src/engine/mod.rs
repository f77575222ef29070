//! The engine: discover the files, then read, parse, analyse and check each in parallel (one
//! file per task, as ruff does), then sort so output never depends on thread count.

pub mod decode;
pub mod discover;
mod ignore_files;
pub mod isolate;
mod load;
pub mod noqa;
pub mod notebook;
mod project_lint;
pub mod read;
mod timings;
mod unmatched;
pub mod warm;

use foldhash::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::analysis::index::FileIndex;
use crate::analysis::program::{FileId, Program};
use crate::analysis::FileAnalysis;
use crate::config::Settings;
use crate::diagnostic::Finding;
use crate::error::Error;
use crate::frontend::{self, Lowered};
use crate::knowledge::prefilter::Naming;
use crate::knowledge::version::Pins;
use crate::model::{Lang, LineIndex, SyntaxError, TextRange};
use crate::project;
use crate::registry::{Rule, RuleSet};
use crate::rules::{self, syntax_error, unused_suppression, FileFacts, RuleContext};
use crate::suppress;
use discover::{discover, WalkOptions};
use isolate::{fault, isolated, Fault};
use project_lint::lint_project;
use read::{read_source, ReadOutcome};
use timings::Phases;

/// One linted file and its findings.
#[derive(Debug)]
pub struct FileReport {
    pub path: PathBuf,
    pub lang: Lang,
    pub source: String,
    pub lines: LineIndex,
    pub findings: Vec<Finding>,
    /// Findings a suppression comment silenced (SARIF's `--sarif-include-suppressed`).
    pub suppressed: Vec<Suppressed>,
    /// For a notebook: the cell and cell line of each line of `source` (its code cells
    /// joined); positions are reported in those.
    pub cells: Option<Arc<notebook::CellMap>>,
}

/// A finding silenced by a suppression comment, and the comment's reason.
#[derive(Debug)]
pub struct Suppressed {
    pub finding: Finding,
    pub reason: String,
}

#[derive(Debug, Default)]
pub struct Report {
    /// Files with at least one finding or suppressed finding, sorted by path.
    pub files: Vec<FileReport>,
    pub files_checked: usize,
    /// The files linted (the targets, as reported), with findings or not: a baseline prunes
    /// only their entries.
    pub checked: Vec<PathBuf>,
    /// Per-file and per-path errors; the rest of the run went on.
    pub errors: Vec<Error>,
    /// Files skipped on purpose (too large, not a regular file, vanished): printed, but the
    /// exit code does not change.
    pub warnings: Vec<Error>,
    pub elapsed: Duration,
    /// Chains of values the resolution depth bound cut while the rules asked about a call
    /// named as a Kafka method (`--statistics`): findings there may be missing.
    pub depth_cuts: DepthCuts,
    /// What each linted file contributes to the inventory (`offsetlint inventory` only).
    pub(crate) inventory: Vec<crate::inventory::FilePart>,
}

/// Steps value resolution follows at most (`--statistics` names it).
pub const RESOLUTION_DEPTH: u32 = crate::analysis::resolve::MAX_DEPTH;

/// Resolution chains cut at the depth bound (`FileAnalysis::depth_cuts`), and the files
/// they were cut in.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct DepthCuts {
    pub chains: usize,
    pub files: usize,
}

impl DepthCuts {
    fn add_file(&mut self, chains: usize) {
        self.chains += chains;
        self.files += usize::from(chains > 0);
    }
}

impl Report {
    pub fn finding_count(&self) -> usize {
        self.files.iter().map(|f| f.findings.len()).sum()
    }
}

/// What a file of no project (or one linted on its own) pins: nothing.
static NO_PINS: Pins = Pins {
    packages: Vec::new(),
};

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

/// Runs `f` on a thread of its own with a worker's deep stack: models are dropped
/// recursively, once per level of an `elif` chain.
fn spawn_deep(f: impl FnOnce() + Send + 'static) -> std::thread::JoinHandle<()> {
    std::thread::Builder::new()
        .stack_size(STACK_SIZE)
        .spawn(f)
        .expect("could not start a thread to free the models")
}

/// A file the run knows about: one to report on (named or found under an argument), or one
/// of its project that resolution may need.
#[derive(Clone)]
struct Entry {
    /// The path as reported (relative to the working directory when under it, else as the
    /// user spelled it).
    display: PathBuf,
    /// The path made absolute (not canonical), as configuration patterns match it.
    absolute: PathBuf,
    lang: Lang,
    target: bool,
    /// The settings of the configuration that applies to the file.
    settings: Arc<Settings>,
    /// Its rules (the selection minus its `per-file-ignores`).
    rules: RuleSet,
    /// Its text when it comes from standard input (`--stdin-filename`), not from the disk.
    buffer: Option<Arc<[u8]>>,
    /// Files read by earlier runs (the language server), reused while unchanged on disk.
    warm: Option<Arc<warm::Warm>>,
}

/// Lints the files named or found under `paths`, each with the settings of the configuration
/// that applies to it. A configuration file that cannot be loaded stops the run (tool error)
/// before anything is linted.
pub fn check_paths(paths: &[PathBuf], walk: &WalkOptions) -> Report {
    with_pool(|| check_paths_in_pool(paths, walk, false))
}

/// [`check_paths`], with each linted file's part of the inventory in `Report::inventory`
/// (from the same analysis the rules read).
pub fn inventory_paths(paths: &[PathBuf], walk: &WalkOptions) -> Report {
    with_pool(|| check_paths_in_pool(paths, walk, true))
}

fn check_paths_in_pool(paths: &[PathBuf], walk: &WalkOptions, inventory: bool) -> Report {
    let start = Instant::now();
    let (targets, errors) = discover(paths, walk);
    let (entries, keys) = project_entries(paths, targets, walk, None);
    check_entries(paths, entries, keys, errors, walk, start, inventory)
}

/// The project directory `dir` belongs to (as `check` finds it: the nearest directory with a
/// project marker, widened to a Cargo workspace) and the Kafka client versions its dependency
/// files pin, each described (`kafka-python ==2.0.2 (requirements.txt)`); `None` outside a
/// project. For `offsetlint rule`.
pub fn pinned_versions(dir: &Path) -> Option<(PathBuf, Vec<String>)> {
    let root = project::project_root(dir)?;
    let knowledge = crate::knowledge::Knowledge::default();
    let packages: Vec<&str> = knowledge.libraries.iter().map(|l| l.name).collect();
    let pins = project::pins::read(&root, &packages);
    let described = (pins.packages.iter())
        .map(|(package, pin)| pin.describe(package))
        .collect();
    Some((root, described))
}

/// Lints `bytes` (standard input) as the file `path` of its project: the other files of the
/// project are read from disk as for `check path`, and the buffer stands for that file, so
/// an editor shows what the command line shows. `None` when the name is not a source file.
pub fn check_buffer(path: &Path, bytes: Vec<u8>, walk: &WalkOptions) -> Option<Report> {
    check_buffer_in(path, bytes, walk, None)
}

/// [`check_buffer`], reusing the project's walk and the files read by the runs before it
/// (`warm`) and keeping them for the next: the language server's lint after an edit.
pub fn check_buffer_warm(
    path: &Path,
    bytes: Vec<u8>,
    walk: &WalkOptions,
    warm: &Arc<warm::Warm>,
) -> Option<Report> {
    check_buffer_in(path, bytes, walk, Some(warm))
}

fn check_buffer_in(
    path: &Path,
    bytes: Vec<u8>,
    walk: &WalkOptions,
    warm: Option<&Arc<warm::Warm>>,
) -> Option<Report> {
    let lang = discover::language(path)?;
    Some(with_pool(|| {
        let start = Instant::now();
        let paths = [path.to_path_buf()];
        let target = discover::Found {
            path: path.to_path_buf(),
            lang,
            canonical: Some(buffer_key(path)),
        };
        let (mut entries, keys) = project_entries(&paths, vec![target], walk, warm);
        entries[0].buffer = Some(bytes.into());
        check_entries(&paths, entries, keys, Vec::new(), walk, start, false)
    }))
}

/// The canonical path a buffer's file has, or would have (it need not exist yet).
fn buffer_key(path: &Path) -> PathBuf {
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    match (std::fs::canonicalize(parent), path.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name),
        _ => crate::config::absolute_from(path, std::env::current_dir().ok().as_deref()),
    }
}

/// Lints the entries (targets first) and builds the report.
fn check_entries(
    paths: &[PathBuf],
    entries: Vec<Entry>,
    keys: Vec<PathBuf>,
    mut errors: Vec<Error>,
    walk: &WalkOptions,
    start: Instant,
    inventory: bool,
) -> Report {
    let mut phases = Phases::new(start);
    let config_errors = walk.configs.take_errors();
    if !config_errors.is_empty() {
        return Report {
            errors: config_errors,
            elapsed: start.elapsed(),
            ..Report::default()
        };
    }
    phases.mark("discover");
    let files_checked = entries.iter().filter(|e| e.target).count();
    if files_checked == 0 && errors.iter().all(Error::is_warning) {
        let shown: Vec<String> = paths.iter().map(|p| crate::error::shown(p)).collect();
        errors.push(Error::NothingLinted {
            paths: shown.join(", "),
        });
    }
    let (reports, file_errors, depth_cuts, parts) =
        lint_project(&entries, &keys, walk.batch_targets, inventory, &mut phases);
    phases.report();
    errors.extend(file_errors);
    errors.extend(unmatched::unmatched(paths, &entries));
    let checked = entries
        .iter()
        .filter(|e| e.target)
        .map(|e| e.display.clone())
        .collect();
    let mut report = Report {
        files_checked,
        checked,
        depth_cuts,
        inventory: parts,
        files: reports
            .into_iter()
            .filter(|f| !f.findings.is_empty() || !f.suppressed.is_empty())
            .collect(),
        ..Report::default()
    };
    report.files.sort_by(|a, b| a.path.cmp(&b.path));
    let (warnings, errors): (Vec<_>, Vec<_>) = errors.into_iter().partition(Error::is_warning);
    report.errors = errors;
    report.warnings = warnings;
    report.elapsed = start.elapsed();
    report
}

/// The targets, then the other files of the projects they belong to (the nearest directory
/// with `pyproject.toml`, `setup.cfg`, `Cargo.toml` or `.git`, widened to a Cargo workspace;
/// outside any, a Python file's script directory),
/// walked with the same options; and each entry's canonical path.
fn project_entries(
    paths: &[PathBuf],
    targets: Vec<discover::Found>,
    walk: &WalkOptions,
    warm: Option<&Arc<warm::Warm>>,
) -> (Vec<Entry>, Vec<PathBuf>) {
    // A Python file named outside any project is in its script directory's (a directory
    // named so is all targets already).
    let roots = widen_to_conftests(
        paths
            .iter()
            .filter_map(|p| project::project_root(p).or_else(|| project::script_root(p)))
            .collect(),
    );
    let cwd = std::env::current_dir().ok();
    // `absolute` is given for a project file: its canonical path (the display path is made
    // from it, so it is that path made absolute again).
    let entry = |display: PathBuf, absolute: Option<PathBuf>, lang: Lang, target: bool| {
        let abs =
            absolute.unwrap_or_else(|| crate::config::absolute_from(&display, cwd.as_deref()));
        let settings = walk.configs.for_file(&abs);
        let rules = settings.rules_for(&abs);
        Entry {
            display,
            absolute: abs,
            lang,
            target,
            settings,
            rules,
            buffer: None,
            warm: warm.cloned(),
        }
    };
    let mut dirs = HashMap::default();
    let mut canonical = |f: &discover::Found| match &f.canonical {
        Some(known) => known.clone(),
        None => canonical_file(&f.path, &mut dirs),
    };
    // (display path, absolute path, language, target), then each file's settings, in
    // parallel.
    let mut found_files = Vec::new();
    let mut keys = Vec::new();
    // One file is one file: a target reached under two names (a symlink to a file of the
    // tree) is linted once, under the first name in path order; project files are added
    // once (the walk gives each once), unless a target already is that file.
    let mut targets_seen: HashSet<std::ffi::OsString> = HashSet::default();
    for found in targets {
        let key = canonical(&found);
        if !targets_seen.insert(key.as_os_str().to_owned()) {
            continue;
        }
        found_files.push((found.path, None, found.lang, true));
        keys.push(key);
    }
    // A project root that is a directory the targets' walk started at: that walk found
    // every file the project's would (the same filters below the root, and it also goes into
    // a root the configuration excludes), all targets already.
    let walked: HashSet<PathBuf> = (paths.iter())
        .filter(|p| p.is_dir())
        .filter_map(|p| std::fs::canonicalize(p).ok())
        .collect();
    let roots: Vec<PathBuf> = roots.into_iter().filter(|r| !walked.contains(r)).collect();
    if !roots.is_empty() {
        let others = WalkOptions {
            force_exclude: true,
            ..walk.clone()
        };
        let more = match warm {
            Some(w) => w.walk(&roots, || discover::discover_canonical(&roots, &others)),
            None => discover::discover_canonical(&roots, &others),
        };
        found_files.reserve(more.len());
        keys.reserve(more.len());
        for found in more {
            let key = found.path;
            if !targets_seen.contains(key.as_os_str()) {
                let display = cwd
                    .as_deref()
                    .and_then(|c| crate::config::strip_prefix(&key, c))
                    .map_or_else(|| key.clone(), Path::to_path_buf);
                found_files.push((display, Some(key.clone()), found.lang, false));
                keys.push(key);
            }
        }
    }
    let entries = (found_files.into_par_iter())
        .map(|(display, absolute, lang, target)| entry(display, absolute, lang, target))
        .collect();
    (entries, keys)
}

/// The projects' roots, widened to the project of each `conftest.py` above a root, up to the
/// repository's top level (the nearest directory with `.git`; none without one): pytest hands
/// its fixtures down to every test below it, and it resolves in its own project (a
/// monorepo's root conftest importing the monorepo's shared package). So a service's tests
/// see the same fixtures whether the run was started at the repository's top or in the
/// service. Roots inside another root are dropped (walked with it).
fn widen_to_conftests(mut roots: Vec<PathBuf>) -> Vec<PathBuf> {
    let mut wider = Vec::new();
    for root in &roots {
        let above: Vec<&Path> = root.ancestors().skip(1).collect();
        let Some(top) = above.iter().position(|d| d.join(".git").exists()) else {
            continue;
        };
        let outermost = above[..=top]
            .iter()
            .rev()
            .find(|d| d.join("conftest.py").is_file())
            .and_then(|d| project::project_root(&d.join("conftest.py")));
        wider.extend(outermost);
    }
    roots.extend(wider);
    roots.sort();
    roots.dedup();
    let all = roots.clone();
    roots.retain(|r| !all.iter().any(|o| o != r && r.starts_with(o)));
    roots
}

/// The canonical path of a file the walk did not resolve (one named on the command line).
/// Files of one directory share its canonical form (one `canonicalize` per directory, not
/// one per file: each costs a system call per path component); a file that is itself a
/// symlink is resolved on its own.
fn canonical_file(path: &Path, dirs: &mut HashMap<std::ffi::OsString, Option<PathBuf>>) -> PathBuf {
    let whole = || std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let (Some(parent), Some(name)) = (path.parent(), path.file_name()) else {
        return whole();
    };
    if std::fs::symlink_metadata(path).map_or(true, |m| m.file_type().is_symlink()) {
        return whole();
    }
    let parent = if parent.as_os_str().is_empty() {
        Path::new(".")
    } else {
        parent
    };
    // Keyed by the path's bytes: hashing a `Path` splits it into components.
    if !dirs.contains_key(parent.as_os_str()) {
        let canonical = std::fs::canonicalize(parent).ok();
        dirs.insert(parent.as_os_str().to_owned(), canonical);
    }
    match &dirs[parent.as_os_str()] {
        Some(dir) => dir.join(name),
        None => whole(),
    }
}

/// A file's text as read: decoded, or the undecodable bytes (an OL001 finding if linted).
#[derive(Clone)]
struct Source {
    text: String,
    undecodable: Option<decode::Undecodable>,
    /// The literal prefilter matched the file's bytes.
    concerned: bool,
    /// ... with a word that also concerns the files importing it (a Kafka library).
    propagates: bool,
    /// The text was dropped once the imports were scanned (see [`Source::shrink`]).
    shrunk: bool,
    /// A notebook's cells (`text` is its code cells joined).
    cells: Option<Arc<notebook::CellMap>>,
}

impl Source {
    /// What is kept of a file once its imports are scanned: a file the prefilter rejects is
    /// needed only if a relevant file imports it (then it is read again), so its text goes.
    /// On the benchmark's Python corpus that is 42 of its 47 MiB, which otherwise all stayed
    /// resident until the last file was read.
    fn shrink(self) -> Source {
        if self.concerned {
            return self;
        }
        Source {
            text: String::new(),
            undecodable: None,
            shrunk: true,
            cells: None,
            ..self
        }
    }
}

fn read_entry(e: &Entry) -> Result<Source, Error> {
    match &e.buffer {
        Some(bytes) => Ok(decode_source(
            bytes.to_vec(),
            &e.display,
            e.lang,
            &e.settings,
        )),
        None => {
            let read = || read_file(&e.display, e.lang, e.settings.max_file_size, &e.settings);
            match &e.warm {
                Some(w) => w.source(&e.absolute, read),
                None => read(),
            }
        }
    }
}

/// A file's raw bytes as on disk (the importer search), kept by `warm` when there is one.
fn read_bytes(e: &Entry) -> Option<Vec<u8>> {
    let read = || match read_source(&e.display, e.settings.max_file_size) {
        ReadOutcome::Bytes(b) => Some(b),
        _ => None,
    };
    match &e.warm {
        Some(w) => w.bytes(&e.absolute, read),
        None => read(),
    }
}

/// Reads and decodes one file. Files skipped on purpose are warnings; unreadable ones errors.
fn read_file(path: &Path, lang: Lang, max_size: u64, settings: &Settings) -> Result<Source, Error> {
    let path_buf = || path.to_path_buf();
    let bytes = match read_source(path, max_size) {
        ReadOutcome::Bytes(b) => b,
        ReadOutcome::NotRegular(kind) => {
            return Err(Error::NotRegular {
                path: path_buf(),
                kind,
            })
        }
        ReadOutcome::TooLarge(size) => {
            return Err(Error::TooLarge {
                path: path_buf(),
                size,
                max: max_size,
            })
        }
        ReadOutcome::Vanished => return Err(Error::Vanished { path: path_buf() }),
        ReadOutcome::Failed(message) => {
            return Err(Error::Io {
                path: path_buf(),
                message,
            })
        }
    };
    Ok(decode_source(bytes, path, lang, settings))
}

/// A file's bytes decoded, with what the prefilter saw in them.
fn decode_source(bytes: Vec<u8>, path: &Path, lang: Lang, settings: &Settings) -> Source {
    // The words are ASCII and every source encoding offsetlint decodes is ASCII-compatible,
    // so the bytes are scanned as read; a notebook's code, once its cells are joined (words
    // in its markdown and outputs are no code).
    let naming = naming(path, lang);
    let raw_concern = settings.knowledge.prefilter.scan(naming, &bytes);
    let (decoded, cells) = decode_file(bytes, path, lang);
    let (text, undecodable, concern) = match decoded {
        Ok(d) if cells.is_some() => {
            let concern = settings.knowledge.prefilter.scan(naming, d.text.as_bytes());
            (d.text, None, concern)
        }
        Ok(d) => (d.text, None, raw_concern),
        Err(bad) => (bad.text.clone(), Some(bad), raw_concern),
    };
    Source {
        text,
        undecodable,
        concerned: concern.concerned,
        propagates: concern.propagates,
        shrunk: false,
        cells,
    }
}

/// How a file names what the rules look for: a Java source by qualified type names; a
/// Spring Boot configuration file, which the Java front end reads, by words.
fn naming(path: &Path, lang: Lang) -> Naming {
    if lang == Lang::Java && !frontend::spring_boot::is_config_file(path) {
        Naming::JavaTypes
    } else {
        Naming::Words
    }
}

/// A file's bytes as source text: decoded as its language does (see [`decode`]), or a
/// notebook's code cells joined (see [`notebook`]) with the map back to its cells.
fn decode_file(
    bytes: Vec<u8>,
    path: &Path,
    lang: Lang,
) -> (
    Result<decode::Decoded, decode::Undecodable>,
    Option<Arc<notebook::CellMap>>,
) {
    if lang == Lang::Python && notebook::is_notebook(path) {
        match notebook::decode(&bytes) {
            Ok((decoded, cells)) => (Ok(decoded), Some(Arc::new(cells))),
            Err(bad) => (Err(bad), None),
        }
    } else {
        (decode::decode(bytes, lang), None)
    }
}

/// The rules that can concern a file relevant on its own (`Selection::alone`): the prefilter
/// words that concern a file alone are task spawns, which are OL203's; no client library
/// reaches the file, so no other rule but the meta rules can have anything to say there
/// (and the client facts are never computed for it).
fn alone_rules(rules: RuleSet) -> RuleSet {
    [
        Rule::UnobservedTask,
        Rule::SyntaxError,
        Rule::UnusedSuppression,
    ]
    .into_iter()
    .filter(|&r| rules.contains(r))
    .collect()
}

/// OL001 for a file whose bytes are not source text, at the offending byte.
fn undecodable_findings(bad: &decode::Undecodable, rules: RuleSet) -> Vec<Finding> {
    if !rules.contains(Rule::SyntaxError) {
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

/// A parsed file of the program, ready for its rules.
struct ParsedFile<'a, 'm> {
    program: &'a Program<'m>,
    /// The client versions the file's project pins.
    pins: &'a Pins,
    id: FileId,
    path: &'a Path,
    source: &'a str,
    lines: &'a LineIndex,
    parsed: &'a Result<Lowered, SyntaxError>,
    /// A notebook's cells (each cell that does not parse is OL001 of its own).
    cells: Option<&'a notebook::CellMap>,
}

/// The rules of one file, each isolated: a rule that panics becomes a tool error for this
/// file and the other rules' findings are kept. With any rule failed, unused suppressions
/// (OL002) are not reported for the file: they could be the failed rule's.
fn lint_isolated<'m>(
    file: &ParsedFile<'_, 'm>,
    settings: &'m Settings,
    rules: RuleSet,
    inventory: bool,
) -> Linted {
    if let Some(Fault::File(name)) = fault() {
        if file.path.file_name().is_some_and(|n| n == name.as_str()) {
            panic!("injected fault in the front end (OFFSETLINT_FAULT)");
        }
    }
    let mut errors = Vec::new();
    let mut part = None;
    let (findings, suppressed, depth_cuts) =
        lint_parsed(file, settings, rules, |analysis, facts| {
            let mut findings = Vec::new();
            for rule in rules.iter() {
                let single: RuleSet = std::iter::once(rule).collect();
                let outcome = isolated(|| {
                    if let Some(Fault::Rule(code)) = fault() {
                        if code == rule.code() {
                            panic!("injected fault in rule {code} (OFFSETLINT_FAULT)");
                        }
                    }
                    let ctx = RuleContext::new(analysis, &settings.knowledge, facts);
                    rules::run(&ctx, single);
                    ctx.into_findings()
                });
                match outcome {
                    Ok(f) => findings.extend(f),
                    Err(message) => errors.push(Error::InternalRule {
                        path: file.path.to_path_buf(),
                        rule: rule.code(),
                        message,
                    }),
                }
            }
            if inventory {
                match isolated(|| {
                    crate::inventory::collect(analysis, facts.source, facts.lines, facts.pins)
                }) {
                    Ok(p) => part = Some(p),
                    Err(message) => errors.push(Error::Internal {
                        path: file.path.to_path_buf(),
                        message,
                    }),
                }
            }
            findings
        });
    let findings = if errors.is_empty() {
        findings
    } else {
        findings
            .into_iter()
            .filter(|f| f.rule != Rule::UnusedSuppression)
            .collect()
    };
    Linted {
        findings,
        suppressed,
        errors,
        depth_cuts,
        part,
    }
}

/// What linting one file gave.
#[derive(Default)]
struct Linted {
    findings: Vec<Finding>,
    suppressed: Vec<Suppressed>,
    errors: Vec<Error>,
    depth_cuts: usize,
    /// Its part of the inventory, when asked for.
    part: Option<crate::inventory::FilePart>,
}

/// Lints one file's text on its own (a program of one file). Findings come back sorted by
/// position and code. A panic is not caught here (the engine isolates files and rules;
/// fuzzers want to see it).
pub fn lint_source(path: &Path, source: &str, lang: Lang, settings: &Settings) -> Vec<Finding> {
    lint_text(path, source, lang, settings, None)
}

/// [`lint_source`], with a notebook's cells when `source` is its cells joined.
fn lint_text(
    path: &Path,
    source: &str,
    lang: Lang,
    settings: &Settings,
    cells: Option<&notebook::CellMap>,
) -> Vec<Finding> {
    let kinds = settings.file_kinds(path);
    if kinds.is_empty() && !(settings.knowledge).may_concern(naming(path, lang), source.as_bytes())
    {
        return Vec::new();
    }
    let lines = LineIndex::new(source);
    let parsed = frontend::lower(lang, path, source);
    let index = parsed
        .as_ref()
        .ok()
        .map(|l| FileIndex::new(&l.module, &settings.knowledge.vocab));
    let kinds = settings.rule_kinds(path, Path::new(""), kinds);
    let program = Program::single(path, lang, index, Some(&lines), kinds);
    let file = ParsedFile {
        program: &program,
        pins: &NO_PINS,
        id: FileId(0),
        path,
        source,
        lines: &lines,
        parsed: &parsed,
        cells,
    };
    let enabled = settings.rules_for(path);
    lint_parsed(&file, settings, enabled, |analysis, facts| {
        let ctx = RuleContext::new(analysis, &settings.knowledge, facts);
        rules::run(&ctx, enabled);
        ctx.into_findings()
    })
    .0
}

/// Lints one file's bytes as read from disk: decoded as the language does it (BOM, PEP 263
/// coding declarations), a notebook's code cells joined; undecodable bytes are an OL001
/// finding. Returns the text the findings' offsets point into, the findings, and a
/// notebook's cells.
fn lint_bytes(
    path: &Path,
    bytes: &[u8],
    lang: Lang,
    settings: &Settings,
) -> (String, Vec<Finding>, Option<Arc<notebook::CellMap>>) {
    match decode_file(bytes.to_vec(), path, lang) {
        (Ok(d), cells) => {
            let findings = lint_text(path, &d.text, lang, settings, cells.as_deref());
            (d.text, findings, cells)
        }
        (Err(bad), _) => {
            let concerned = !settings.file_kinds(path).is_empty()
                || settings.knowledge.may_concern(naming(path, lang), bytes);
            let mut findings = if concerned {
                undecodable_findings(&bad, settings.rules_for(path))
            } else {
                Vec::new()
            };
            set_levels(settings, &mut findings);
            (bad.text, findings, None)
        }
    }
}

/// [`lint_bytes`] as a one-file report, for rendering (the fuzz targets). The language comes
/// from the name (Python when it has no source extension).
pub fn report_for_bytes(path: &Path, bytes: &[u8], settings: &Settings) -> Report {
    let lang = discover::language(path).unwrap_or(Lang::Python);
    let (source, findings, cells) = lint_bytes(path, bytes, lang, settings);
    let mut report = Report {
        files_checked: 1,
        checked: vec![path.to_path_buf()],
        ..Report::default()
    };
    if !findings.is_empty() {
        report.files.push(FileReport {
            path: path.to_path_buf(),
            lang,
            lines: LineIndex::new(&source),
            source,
            findings,
            suppressed: Vec::new(),
            cells,
        });
    }
    report
}

/// Runs the rules on a parsed file of the program (`run_rules` is given a maker of rule
/// contexts), then the suppressions. Findings come back sorted by position and code.
fn lint_parsed<'m>(
    file: &ParsedFile<'_, 'm>,
    settings: &'m Settings,
    rules: RuleSet,
    run_rules: impl FnOnce(&FileAnalysis<'_, 'm>, &FileFacts<'_>) -> Vec<Finding>,
) -> (Vec<Finding>, Vec<Suppressed>, usize) {
    let lowered = match file.parsed {
        Err(err) => {
            let mut findings: Vec<Finding> = rules
                .contains(Rule::SyntaxError)
                .then(|| syntax_error(err))
                .into_iter()
                .chain(cell_syntax_errors(file.cells, rules))
                .collect();
            set_levels(settings, &mut findings);
            return (findings, Vec::new(), 0);
        }
        Ok(lowered) => lowered,
    };
    let (findings, depth_cuts) = match FileAnalysis::new(
        file.program,
        file.id,
        &settings.knowledge,
        settings.heuristic,
    ) {
        Some(analysis) => {
            let facts = FileFacts {
                source: file.source,
                lines: file.lines,
                pins: file.pins,
            };
            let findings = run_rules(&analysis, &facts);
            (findings, analysis.depth_cuts())
        }
        None => (Vec::new(), 0),
    };
    let findings = recovered_findings(findings, lowered.recovered.as_ref(), rules);
    let (mut findings, mut suppressed) = apply_suppressions(
        findings,
        file.source,
        &lowered.comments,
        file.lines,
        rules,
        settings.require_suppression_reason,
    );
    findings.extend(cell_syntax_errors(file.cells, rules));
    let order = |a: &Finding, b: &Finding| {
        (a.range.start, a.rule, a.range.end).cmp(&(b.range.start, b.rule, b.range.end))
    };
    set_levels(settings, &mut findings);
    for s in &mut suppressed {
        set_levels(settings, std::slice::from_mut(&mut s.finding));
    }
    findings.sort_by(order);
    findings.dedup();
    suppressed.sort_by(|a, b| order(&a.finding, &b.finding));
    suppressed.dedup_by(|a, b| a.finding == b.finding);
    (findings, suppressed, depth_cuts)
}

/// OL001 for each notebook cell that does not parse (the other cells were linted).
fn cell_syntax_errors(
    cells: Option<&notebook::CellMap>,
    rules: RuleSet,
) -> impl Iterator<Item = Finding> + '_ {
    (cells.filter(|_| rules.contains(Rule::SyntaxError)))
        .into_iter()
        .flat_map(|c| &c.errors)
        .map(|e| {
            syntax_error(e).help(
                "fix the syntax error; the notebook's other cells are linted, this one once it \
                 parses",
            )
        })
}

/// A file the parser recovered from an error in: its first error is OL001, and findings in
/// the input the parser skipped are dropped (what it made of that input is a guess).
fn recovered_findings(
    mut findings: Vec<Finding>,
    recovered: Option<&crate::frontend::Recovered>,
    rules: RuleSet,
) -> Vec<Finding> {
    let Some(r) = recovered else {
        return findings;
    };
    findings
        .retain(|f| !(r.skipped.iter()).any(|s| s.start <= f.range.start && f.range.end <= s.end));
    if rules.contains(Rule::SyntaxError) {
        findings.push(syntax_error(&r.error));
    }
    findings
}

/// Gives each finding its rule's level in the file's settings (`[severity]`).
fn set_levels(settings: &Settings, findings: &mut [Finding]) {
    for f in findings {
        f.severity = settings.severity(f.rule);
    }
}

/// Drops suppressed findings, then adds OL002 for the directives that suppressed nothing
/// (unless another directive suppresses that OL002). Returns the kept findings and the
/// suppressed ones with the reason of the directive that silenced each.
fn apply_suppressions(
    findings: Vec<Finding>,
    source: &str,
    comments: &[crate::model::TextRange],
    lines: &LineIndex,
    rules: RuleSet,
    require_reason: bool,
) -> (Vec<Finding>, Vec<Suppressed>) {
    let directives = suppress::parse(source, comments, lines);
    let (mut kept, mut silenced, used) = suppress::apply(findings, &directives.directives, lines);
    if rules.contains(Rule::UnusedSuppression) {
        let meta = unused_suppression(source, &directives, &used, rules, require_reason);
        let (other, meta): (Vec<_>, Vec<_>) = meta
            .into_iter()
            .partition(|f| suppress::is_suppressed_by_other(f, &directives.directives, lines));
        kept.extend(meta);
        silenced.extend(other);
    }
    let suppressed = silenced
        .into_iter()
        .map(|finding| {
            let reason = suppression_reason(&finding, &directives.directives, lines);
            Suppressed { finding, reason }
        })
        .collect();
    (kept, suppressed)
}

/// The reason of the first directive (other than the finding's own comment, for OL002) that
/// covers the finding's line and rule.
fn suppression_reason(
    finding: &Finding,
    directives: &[suppress::Directive],
    lines: &LineIndex,
) -> String {
    let line = lines.line(finding.range.start);
    directives
        .iter()
        .find(|d| {
            let covers = match d.scope {
                suppress::Scope::File => true,
                suppress::Scope::Line { line: at, own_line } => {
                    line == at || (own_line && line == at + 1)
                }
            };
            d.range != finding.range && covers && d.matches(finding.rule)
        })
        .map(|d| d.reason.trim().to_string())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #[test]
    fn pinned_versions_of_the_project_a_directory_is_in() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("pyproject.toml"),
            "[project]\nname = \"x\"\n",
        )
        .unwrap();
        std::fs::write(dir.path().join("requirements.txt"), "kafka-python<3\n").unwrap();
        let below = dir.path().join("app");
        std::fs::create_dir(&below).unwrap();
        let (root, pins) = super::pinned_versions(&below).unwrap();
        assert_eq!(root, std::fs::canonicalize(dir.path()).unwrap());
        assert_eq!(pins, vec!["kafka-python <3 (requirements.txt)".to_string()]);
    }
}
