//! Project linting: lay out the project, then lint its targets a batch at a time (whole
//! namespaces together), reading, parsing, indexing and analysing each batch's files.

use foldhash::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::isolate::isolated;
use super::timings::Phases;
use super::{
    alone_rules, lint_isolated, load, read_entry, set_levels, spawn_deep, undecodable_findings,
    DepthCuts, Entry, FileReport, Linted, ParsedFile, Source, NO_PINS,
};
use crate::analysis::index::FileIndex;
use crate::analysis::program::{FileId, Program, ProgramFile};
use crate::error::Error;
use crate::frontend::Lowered;
use crate::inventory::FilePart;
use crate::knowledge::version::Pins;
use crate::model::{Lang, LineIndex, SyntaxError};
use crate::project::{self, ProjectFile};

/// What was read of a file, when it was read as text.
fn text_of(read: &Option<Result<Source, Error>>) -> Option<&Source> {
    read.as_ref()?.as_ref().ok()
}

/// What a file's text read again must be to stand for the text parsed: its length and hash.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Fingerprint(usize, u64);

impl Fingerprint {
    fn of(text: &str) -> Fingerprint {
        use std::hash::BuildHasher;
        let hash = foldhash::fast::FixedState::with_seed(0).hash_one(text);
        Fingerprint(text.len(), hash)
    }
}

/// Targets linted together at the most, in whole namespaces (see [`batches`]).
const BATCH_TARGETS: usize = 8192;

/// Lays out the project, then lints the targets a batch at a time (see [`batches`]).
pub(super) fn lint_project(
    entries: &[Entry],
    keys: &[PathBuf],
    batch_targets: Option<usize>,
    inventory: bool,
    phases: &mut Phases,
) -> (Vec<FileReport>, Vec<Error>, DepthCuts, Vec<FilePart>) {
    let paths: Vec<(&Path, Lang)> = (keys.iter().zip(entries))
        .map(|(key, e)| (key.as_path(), e.lang))
        .collect();
    let layouts = project::Layouts::default().layout_all(&paths);
    let mut files: Vec<ProjectFile> = (entries.iter().zip(keys).zip(layouts))
        .map(|((e, key), layout)| ProjectFile {
            path: key.clone(),
            lang: e.lang,
            layout,
            target: e.target,
        })
        .collect();
    let batches = batches(&files, batch_targets.unwrap_or(BATCH_TARGETS).max(1));
    let mut reports = Vec::new();
    let mut errors = Vec::new();
    let mut cuts = DepthCuts::default();
    let mut parts = Vec::new();
    let mut freeing: Option<std::thread::JoinHandle<()>> = None;
    for batch in &batches {
        // What the batch before left is freed before this one reads: memory holds one
        // batch's models at a time.
        if let Some(done) = freeing.take() {
            let _ = done.join();
        }
        let (r, e, c, p, free) = if batches.len() == 1 {
            lint_batch(entries, &mut files, inventory, phases)
        } else {
            let world = batch_world(&files, batch);
            let mut in_batch = vec![false; files.len()];
            for &i in batch {
                in_batch[i] = true;
            }
            let batch_entries: Vec<Entry> = world.iter().map(|&i| entries[i].clone()).collect();
            let mut batch_files: Vec<ProjectFile> = (world.iter())
                .map(|&i| ProjectFile {
                    target: in_batch[i],
                    ..files[i].clone()
                })
                .collect();
            lint_batch(&batch_entries, &mut batch_files, inventory, phases)
        };
        reports.extend(r);
        parts.extend(p);
        errors.extend(e);
        cuts.chains += c.chains;
        cuts.files += c.files;
        freeing = Some(free);
    }
    (reports, errors, cuts, parts)
}

/// The files a batch's targets can reach: those of the batch's namespaces, and of the
/// namespaces of the `conftest.py` files above its targets (pytest hands their fixtures down
/// by directory, whatever the namespace).
fn batch_world(files: &[ProjectFile], batch: &[usize]) -> Vec<usize> {
    let mut namespaces: HashSet<&Path> =
        batch.iter().map(|&i| &*files[i].layout.namespace).collect();
    let conftests: HashMap<&Path, &Path> = (files.iter())
        .filter(|f| project::is_conftest(f))
        .filter_map(|c| Some((c.path.parent()?, &*c.layout.namespace)))
        .collect();
    if !conftests.is_empty() {
        // Each directory of the batch's targets and those above it, once.
        let mut seen: HashSet<&Path> = HashSet::default();
        for dir in batch.iter().filter_map(|&i| files[i].path.parent()) {
            for d in dir.ancestors() {
                if !seen.insert(d) {
                    break;
                }
                if let Some(&namespace) = conftests.get(d) {
                    namespaces.insert(namespace);
                }
            }
        }
    }
    (0..files.len())
        .filter(|&i| namespaces.contains(&*files[i].layout.namespace))
        .collect()
}

/// The targets in batches, each of whole namespaces (a Python project, a Cargo workspace),
/// filled in path order with as many namespaces as fit in `limit` targets. Imports resolve within a
/// namespace, so every value, caller and import a rule follows from a target is in its own
/// batch; a batch's models are freed before the next is read, so a tree of many projects
/// needs the memory of its largest batch, not of the whole tree. A namespace larger than
/// `limit` is a batch of its own.
fn batches(files: &[ProjectFile], limit: usize) -> Vec<Vec<usize>> {
    let mut by_namespace: std::collections::BTreeMap<&Path, Vec<usize>> = Default::default();
    for (i, f) in files.iter().enumerate().filter(|(_, f)| f.target) {
        by_namespace.entry(&f.layout.namespace).or_default().push(i);
    }
    let mut out: Vec<Vec<usize>> = Vec::new();
    for (_, targets) in by_namespace {
        match out.last_mut() {
            Some(last) if last.len() + targets.len() <= limit => last.extend(targets),
            _ => out.push(targets),
        }
    }
    out
}

/// The client versions each project of the files to lint (`todo`) pins, read once per
/// project (a Cargo workspace's root: the layout's namespace; a Java module's or a Python
/// service's directory: `pins::pins_dir`), with each file's project directory.
fn project_pins(
    entries: &[Entry],
    files: &[ProjectFile],
    todo: &[usize],
) -> (HashMap<PathBuf, Pins>, HashMap<usize, PathBuf>) {
    let mut projects: HashMap<PathBuf, (usize, PathBuf)> = HashMap::default();
    let mut dirs: HashMap<usize, PathBuf> = HashMap::default();
    let mut module_dirs = std::collections::HashMap::new();
    for &i in todo {
        let f = &files[i];
        let dir = project::pins::pins_dir(&f.path, f.lang, &f.layout.namespace, &mut module_dirs);
        (projects.entry(dir.clone())).or_insert_with(|| (i, f.layout.namespace.to_path_buf()));
        dirs.insert(i, dir);
    }
    let pins = (projects.into_par_iter())
        .filter(|(dir, _)| !dir.as_os_str().is_empty())
        .map(|(dir, (i, namespace))| {
            let libraries = &entries[i].settings.knowledge.libraries;
            let packages: Vec<&str> = libraries.iter().map(|l| l.name).collect();
            let pins = project::pins::read_within(&dir, &namespace, &packages);
            (dir, pins)
        })
        .collect();
    (pins, dirs)
}

/// Lints the targets of one batch (`files[i].target`): reads what they reach, selects what to
/// lint and index, parses, builds the program, then lints each relevant target. The last
/// value frees what the batch read, on a thread of its own.
fn lint_batch(
    entries: &[Entry],
    files: &mut [ProjectFile],
    inventory: bool,
    phases: &mut Phases,
) -> (
    Vec<FileReport>,
    Vec<Error>,
    DepthCuts,
    Vec<FilePart>,
    std::thread::JoinHandle<()>,
) {
    // A scratch target needs every production consumer of its project (OL404); test code is
    // never OL404's.
    let namespaces: Vec<std::sync::Arc<Path>> =
        files.iter().map(|f| f.layout.namespace.clone()).collect();
    let gathers = |i: usize| {
        let e = &entries[i];
        (e.settings).is_scratch(&e.absolute, &namespaces[i])
            // Relative to the project: a checkout under `/home/u/test/` is not test code.
            && !crate::knowledge::boundary::is_test_path(
                e.absolute.strip_prefix(&*namespaces[i]).unwrap_or(&e.absolute),
            )
    };
    let mut selection = project::select(
        files,
        |i| read_entry(&entries[i]),
        |i| super::read_bytes(&entries[i]),
        |s: &Source| s.text.as_str(),
        |i| entries[i].settings.file_kinds(&entries[i].absolute),
        |s: &Source| s.concerned,
        |s: &Source| s.propagates,
        gathers,
        Source::shrink,
    );
    phases.mark("layout, read and select");
    let count = |v: &[bool]| v.iter().filter(|&&b| b).count();
    phases.counts = vec![
        ("known", files.len()),
        (
            "read",
            selection.texts.iter().filter(|t| t.is_some()).count(),
        ),
        ("relevant", count(&selection.relevant)),
        ("indexed", count(&selection.indexed)),
    ];
    // What is neither linted nor indexed was read for its imports only; what is linted, but
    // had its text dropped after the import scan, is read again now. A module that is only
    // imported is read again when a resolution first reaches it (most never are).
    let again: Vec<usize> = (0..files.len())
        .filter(|&i| selection.relevant[i])
        .filter(|&i| matches!(&selection.texts[i], Some(Ok(s)) if s.shrunk))
        .collect();
    let reread: Vec<(usize, Result<Source, Error>)> = again
        .into_par_iter()
        .map(|i| (i, read_entry(&entries[i])))
        .collect();
    for (i, read) in reread {
        selection.texts[i] = Some(read);
    }
    if phases.enabled {
        let kib = |v: &[bool]| {
            let bytes: usize = (selection.texts.iter().zip(v))
                .filter(|(_, &b)| b)
                .filter_map(|(t, _)| t.as_ref()?.as_ref().ok())
                .map(|s| s.text.len())
                .sum();
            bytes >> 10
        };
        phases
            .counts
            .push(("KiB relevant", kib(&selection.relevant)));
        phases.counts.push(("KiB indexed", kib(&selection.indexed)));
    }
    for (t, (&relevant, &indexed)) in
        (selection.texts.iter_mut()).zip(selection.relevant.iter().zip(&selection.indexed))
    {
        if !relevant && !indexed && matches!(t, Some(Ok(_))) {
            *t = None;
        }
    }
    // The imports of a file not indexed served the selection only: freed before the models
    // are built (they were most of the memory the selection held).
    for (imports, &indexed) in selection.imports.iter_mut().zip(&selection.indexed) {
        if !indexed {
            *imports = Vec::new();
        }
    }
    // Relevant files are parsed now; the modules they only import, when a resolution
    // reaches them.
    let eager: Vec<bool> = (selection.indexed.iter().zip(&selection.relevant))
        .map(|(&indexed, &relevant)| indexed && relevant)
        .collect();
    let lazy: Vec<bool> = (selection.indexed.iter().zip(&eager))
        .map(|(&indexed, &eager)| indexed && !eager)
        .collect();
    // One task per file (rayon's default splitting of a slice left one thread with a tail
    // of large files), each parsed file's line index in the same task.
    let to_parse: Vec<usize> = (0..files.len())
        .filter(|&i| {
            eager[i] && text_of(&selection.texts[i]).is_some_and(|s| s.undecodable.is_none())
        })
        .collect();
    let mut parsed: Vec<Option<Box<Result<Lowered, SyntaxError>>>> =
        (0..files.len()).map(|_| None).collect();
    let mut lines: Vec<Option<LineIndex>> = (0..files.len()).map(|_| None).collect();
    let done: Vec<_> = (to_parse.par_iter().with_max_len(1))
        .map(|&i| {
            let text = text_of(&selection.texts[i]).map_or("", |s| s.text.as_str());
            let fingerprint = Fingerprint::of(text);
            (
                i,
                Box::new(load::parse(files[i].lang, &files[i].path, text)),
                LineIndex::new(text),
                fingerprint,
            )
        })
        .collect();
    // A parsed file's text is needed again only when its own rules run (the models hold
    // what other files' resolution reads): it is dropped now and read again then, so the
    // texts of all relevant files are not held through the rules (4.5 MiB on the
    // benchmark's Python corpus).
    let mut fingerprints: HashMap<usize, Fingerprint> = HashMap::default();
    for (i, p, l, fingerprint) in done {
        parsed[i] = Some(p);
        lines[i] = Some(l);
        if let Some(Ok(s)) = &mut selection.texts[i] {
            s.text = String::new();
            s.shrunk = true;
        }
        fingerprints.insert(i, fingerprint);
    }
    let sources: Vec<Option<&Source>> = selection.texts.iter().map(text_of).collect();
    phases.mark("parse");
    let mut indexes: Vec<Option<FileIndex>> = (0..files.len()).map(|_| None).collect();
    let built: Vec<_> = (to_parse.par_iter().with_max_len(1))
        .filter_map(|&i| match parsed[i].as_deref() {
            Some(Ok(lowered)) => Some((
                i,
                FileIndex::new(&lowered.module, &entries[i].settings.knowledge.vocab),
            )),
            _ => None,
        })
        .collect();
    for (i, index) in built {
        indexes[i] = Some(index);
    }
    let loader = load::Loader::new(entries, &sources, lazy);
    // What an indexed file may import (the boundary walk follows those); the rest is dropped.
    let scanned = (std::mem::take(&mut selection.imports).into_iter())
        .zip(&selection.indexed)
        .map(|(imports, &indexed)| indexed.then(|| imports.into_boxed_slice()));
    let kinds = std::mem::take(&mut selection.kinds);
    // Only the files a rule looks at get the kinds the settings add (`scratch`): matching
    // every project file's path against the scratch globs was most of a pre-commit run's
    // index phase, for files nothing reaches.
    let looked_at = (selection.indexed.iter().zip(&selection.relevant)).map(|(&i, &r)| i || r);
    let tables = std::mem::take(&mut selection.tables);
    let program = Program::with_tables(
        entries
            .iter()
            .zip(files.iter())
            .zip(indexes)
            .zip(&lines)
            .zip(scanned)
            .zip(kinds.into_iter().zip(looked_at))
            .map(
                |(((((e, f), index), lines), scanned), (kinds, looked_at))| ProgramFile {
                    path: e.display.clone(),
                    lang: f.lang,
                    module: f.layout.module.clone(),
                    is_package: f.layout.is_package,
                    namespace: f.layout.namespace.clone(),
                    roots: f.layout.roots.clone(),
                    index: index.map(Box::new),
                    lines: lines.as_ref(),
                    kinds: if looked_at {
                        (e.settings).rule_kinds(&e.absolute, &f.layout.namespace, kinds)
                    } else {
                        kinds
                    },
                    scanned,
                },
            )
            .collect(),
        Some(&loader),
        tables,
    );
    phases.mark("index");
    let mut errors = Vec::new();
    let mut todo = Vec::new();
    for (i, r) in selection.texts.iter().enumerate() {
        if !files[i].target {
            continue;
        }
        match r {
            Some(Err(err)) => errors.push(err.clone()),
            Some(Ok(_)) if selection.relevant[i] => todo.push(i),
            _ => {}
        }
    }
    let (pins, pin_dirs) = project_pins(entries, files, &todo);
    type Done = (
        Option<FileReport>,
        Vec<Error>,
        Option<FilePart>,
        usize,
        Duration,
    );
    let results: Vec<Done> = (todo.par_iter())
        .with_max_len(1)
        .map(|&i| {
            let started = Instant::now();
            let e = &entries[i];
            let settings = &*e.settings;
            let Some(source) = sources[i] else {
                return (None, Vec::new(), None, 0, started.elapsed());
            };
            // The text dropped after parsing, read again: it must be the one parsed.
            let again;
            let source = match fingerprints.get(&i) {
                None => source,
                Some(parsed_from) => match read_entry(e) {
                    Ok(s) if Fingerprint::of(&s.text) == *parsed_from => {
                        again = s;
                        &again
                    }
                    Ok(_) => {
                        let changed = Error::Io {
                            path: e.display.clone(),
                            message: "the file changed while it was being linted".to_string(),
                        };
                        return (None, vec![changed], None, 0, started.elapsed());
                    }
                    Err(err) => return (None, vec![err], None, 0, started.elapsed()),
                },
            };
            let linted = match (&source.undecodable, parsed[i].as_deref(), &lines[i]) {
                (Some(bad), _, _) => {
                    let mut findings = undecodable_findings(bad, e.rules);
                    set_levels(settings, &mut findings);
                    Linted {
                        findings,
                        ..Linted::default()
                    }
                }
                (None, Some(result), Some(lines)) => {
                    let file = ParsedFile {
                        program: &program,
                        pins: (pin_dirs.get(&i).and_then(|d| pins.get(d))).unwrap_or(&NO_PINS),
                        id: FileId(i as u32),
                        path: &e.display,
                        source: &source.text,
                        lines,
                        parsed: result,
                        cells: source.cells.as_deref(),
                    };
                    let rules = if selection.alone[i] {
                        alone_rules(e.rules)
                    } else {
                        e.rules
                    };
                    match isolated(|| lint_isolated(&file, settings, rules, inventory)) {
                        Ok(result) => result,
                        Err(message) => Linted {
                            errors: vec![Error::Internal {
                                path: e.display.clone(),
                                message,
                            }],
                            ..Linted::default()
                        },
                    }
                }
                _ => Linted::default(),
            };
            let Linted {
                findings,
                suppressed,
                errors,
                depth_cuts,
                part,
            } = linted;
            let report = (!findings.is_empty() || !suppressed.is_empty()).then(|| FileReport {
                path: e.display.clone(),
                lang: e.lang,
                source: source.text.clone(),
                lines: LineIndex::new(&source.text),
                findings,
                suppressed,
                cells: source.cells.clone(),
            });
            (report, errors, part, depth_cuts, started.elapsed())
        })
        .collect();
    phases.mark("analyse and rules");
    let mut slowest: Vec<(Duration, usize)> =
        results.iter().zip(&todo).map(|(r, &i)| (r.4, i)).collect();
    slowest.sort_by(|a, b| b.cmp(a));
    phases.slowest = slowest
        .into_iter()
        .take(5)
        .map(|(d, i)| (entries[i].display.clone(), d))
        .collect();
    let mut reports = Vec::new();
    let mut cuts = DepthCuts::default();
    let mut parts = Vec::new();
    for (report, errs, part, depth_cuts, _) in results {
        reports.extend(report);
        errors.extend(errs);
        parts.extend(part);
        cuts.add_file(depth_cuts);
    }
    // Freeing every file's model and text takes as long as a phase: it happens on a thread
    // of its own, off the path to the output (the program borrows them, so it goes first).
    drop(program);
    phases.counts.push(("parsed on first use", loader.loaded()));
    let models = loader.into_models();
    let free = spawn_deep(move || drop((parsed, models, selection)));
    (reports, errors, cuts, parts, free)
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};
    use std::sync::Arc;

    use crate::model::Lang;
    use crate::project::{Layout, ProjectFile};

    fn file(namespace: &str, target: bool) -> ProjectFile {
        ProjectFile {
            path: PathBuf::from(format!("{namespace}/m.py")),
            lang: Lang::Python,
            layout: Layout {
                namespace: Arc::from(Path::new(namespace)),
                ..Layout::default()
            },
            target,
        }
    }

    #[test]
    fn batches_hold_whole_namespaces_up_to_the_limit() {
        // a: 2 targets, b: 3 (and a file that is no target), c: 1, d: 5.
        let mut files = Vec::new();
        for (ns, n) in [("/r/a", 2), ("/r/b", 3), ("/r/c", 1), ("/r/d", 5)] {
            files.extend((0..n).map(|_| file(ns, true)));
        }
        files.push(file("/r/b", false));
        let namespaces = |batches: Vec<Vec<usize>>| -> Vec<Vec<String>> {
            (batches.into_iter())
                .map(|b| {
                    let mut ns: Vec<String> = (b.iter())
                        .map(|&i| files[i].layout.namespace.display().to_string())
                        .collect();
                    ns.dedup();
                    ns
                })
                .collect()
        };
        assert_eq!(
            namespaces(super::batches(&files, 6)),
            [vec!["/r/a", "/r/b", "/r/c"], vec!["/r/d"]]
        );
        // A namespace larger than the limit is a batch of its own, never split.
        assert_eq!(
            namespaces(super::batches(&files, 4)),
            [vec!["/r/a"], vec!["/r/b", "/r/c"], vec!["/r/d"]]
        );
        assert_eq!(super::batches(&files, 100).len(), 1);
        assert_eq!(super::batches(&files, 100)[0].len(), 11);
    }
}
