//! The project: which files belong to it, where each sits in its module tree (`layout`), and
//! which of them offsetlint must read. A target is *relevant* (linted) when its bytes name
//! something a rule looks for (a Kafka or model client module, a checkpoint or boundary
//! module), when it imports a relevant module of the project, directly or transitively, or when
//! it is a test module under a relevant `conftest.py` (fixtures reach tests without imports).
//! Relevance only depends on what a file imports, so only the targets and what they reach are
//! read: a pre-commit run on a few files of a large project reads a few files. Relevant targets
//! and every project module they reach are *indexed* (parsed and walked), so resolution can
//! follow values into them.

mod importers;
pub mod layout;
pub mod pins;
mod roots;
pub mod scan;

use std::path::PathBuf;

use rayon::prelude::*;

use crate::analysis::program::{FileId, ModuleTables, Program, ProgramFile};
use crate::model::Lang;
pub use layout::{project_root, script_root, Layout, Layouts};

/// One file of the project, before reading.
#[derive(Clone)]
pub struct ProjectFile {
    /// Canonical path (the identity of the file).
    pub path: PathBuf,
    pub lang: Lang,
    pub layout: Layout,
    /// To be reported on (named or found under an argument).
    pub target: bool,
}

/// What was read, and which files to lint and index.
pub struct Selection<T, E> {
    /// What was read of each file (`None`: not needed, or `Some(Err)`: unreadable).
    pub texts: Vec<Option<Result<T, E>>>,
    pub relevant: Vec<bool>,
    /// Relevant on its own only: the prefilter found words that concern the file itself
    /// (asyncio task spawns, OL203), no word of a client library, and it imports nothing that
    /// leads to one. No client can reach such a file, so only the rules those words are for
    /// can concern it.
    pub alone: Vec<bool>,
    pub indexed: Vec<bool>,
    /// What the import scan found each file may import (empty for a file not read).
    pub imports: Vec<Vec<scan::ScannedImport>>,
    /// The boundary kinds (`checkpoint`, `fixture`) of each file read (empty for the others:
    /// only what the targets reach is looked at).
    pub kinds: Vec<Vec<String>>,
    /// The module tables of the files as laid out in the end, for the program to lint with
    /// (see [`Program::with_tables`]).
    /// `None` when a file moved after they were made.
    pub tables: Option<ModuleTables>,
}

/// A program of the files' layouts only (no index), for import resolution before parsing.
pub fn skeleton<'m>(files: &[ProjectFile]) -> Program<'m> {
    Program::new(
        files
            .iter()
            .map(|f| ProgramFile {
                path: f.path.clone(),
                lang: f.lang,
                module: f.layout.module.clone(),
                is_package: f.layout.is_package,
                namespace: f.layout.namespace.clone(),
                roots: f.layout.roots.clone(),
                index: None,
                lines: None,
                kinds: Vec::new(),
                scanned: None,
            })
            .collect(),
    )
}

/// What an earlier round of [`select`] read of a file, with the imports scanned from it.
pub(crate) type Read<T, E> = (Result<T, E>, scan::Scanned);

/// Reads the targets and what they reach, and decides relevance; `read` reads file `i`,
/// `bytes` reads its raw bytes (for the search of the targets' importers, see below),
/// `text` is what was read as text (for the import scan), `kinds` gives a file's boundary
/// kinds (a file of a kind is linted whatever it names), `concerns` is the literal
/// prefilter. `propagates` says which relevant files also make their importers relevant, and
/// have what they import indexed (what leads to a Kafka client does; a file that only spawns
/// asyncio tasks, OL203, concerns itself alone). `shrink` is applied to what was read once its
/// imports are scanned: most files are read for their imports only, so their text need not
/// stay (the caller reads again what turns out to be needed). `gathers` says which targets,
/// when they name a client themselves, need every file of the project that names one,
/// whatever imports what (scratch code, OL404: the production consumers whose group it may
/// join).
///
/// A target's findings do not depend on which other files are targets: when only some files
/// of a project are targets, the files that import them (directly or through other files)
/// are found ([`importers`]) and selected as a whole-project run selects them, without being
/// reported on.
#[allow(clippy::too_many_arguments)]
pub fn select<T: Send, E: Send>(
    files: &mut [ProjectFile],
    read: impl Fn(usize) -> Result<T, E> + Sync,
    bytes: impl Fn(usize) -> Option<Vec<u8>> + Sync,
    text: impl Fn(&T) -> &str + Sync,
    kinds: impl Fn(usize) -> Vec<String> + Sync,
    concerns: impl Fn(&T) -> bool + Sync,
    propagates: impl Fn(&T) -> bool + Sync,
    gathers: impl Fn(usize) -> bool + Sync,
    shrink: impl Fn(T) -> T + Sync,
) -> Selection<T, E> {
    // A Rust `#[path]` module lives where its layout does not say: when the files read name
    // one, the file takes the module path its declaration gives it, and if that can change
    // the selection (the file is relevant, or was not read) the imports are resolved again
    // with what was read. Each file moves once (the first declaration read wins), so the
    // rounds end.
    let mut moved = vec![false; files.len()];
    let mut prior: Vec<Option<Read<T, E>>> = (0..files.len()).map(|_| None).collect();
    loop {
        let reads = Reads {
            read: &read,
            bytes: &bytes,
            text: &text,
            kinds: &kinds,
            shrink: &shrink,
        };
        let (selection, scanned) =
            select_once(files, prior, &reads, &concerns, &propagates, &gathers);
        let (any_moved, selection_may_change) =
            apply_path_mods(files, &selection, &scanned, &mut moved);
        if !selection_may_change {
            return Selection {
                imports: scanned.into_iter().map(|s| s.imports).collect(),
                // Made before the files that moved took their new module paths.
                tables: (!any_moved).then_some(selection.tables).flatten(),
                ..selection
            };
        }
        prior = (selection.texts.into_iter().zip(scanned))
            .map(|(t, s)| Some((t?, s)))
            .collect();
    }
}

/// How [`select`] reads a file, scans it and names its kinds.
struct Reads<'a, R, B, X, K, S> {
    read: &'a R,
    /// A file's raw bytes, for the importer search.
    bytes: &'a B,
    text: &'a X,
    kinds: &'a K,
    shrink: &'a S,
}

impl<T, E, R, B, X, K, S> Reads<'_, R, B, X, K, S>
where
    R: Fn(usize) -> Result<T, E>,
    X: Fn(&T) -> &str,
    S: Fn(T) -> T,
{
    /// Reads file `i`, scans its imports, and shrinks what was read.
    fn read_scanned(&self, files: &[ProjectFile], i: usize) -> Read<T, E> {
        let read = (self.read)(i);
        let scanned = match &read {
            Ok(t) => scan::scan(files[i].lang, (self.text)(t)),
            Err(_) => scan::Scanned::default(),
        };
        (read.map(self.shrink), scanned)
    }
}

/// Gives each file a Rust `#[path = ".."] mod name;` names the module path `name` has in
/// the declaring module, unless it was moved before. Whether a moved file can change the
/// selection: it is relevant (its importers become relevant through its new path), or it
/// was not read (nothing imported it by its old path). An irrelevant file that was read
/// makes nothing relevant wherever it sits. Returns whether any file moved, and whether that
/// can change the selection.
fn apply_path_mods<T, E>(
    files: &mut [ProjectFile],
    selection: &Selection<T, E>,
    scanned: &[scan::Scanned],
    moved: &mut [bool],
) -> (bool, bool) {
    let texts = &selection.texts;
    let mut moves = Vec::new();
    for (i, found) in scanned.iter().enumerate() {
        if found.path_mods.is_empty() || files[i].layout.module.is_empty() {
            continue;
        }
        let Some(dir) = files[i].path.parent() else {
            continue;
        };
        for (file, name) in &found.path_mods {
            let joined = dir.join(file);
            let target = std::fs::canonicalize(&joined).unwrap_or(joined);
            let Some(j) = files.iter().position(|f| f.path == target) else {
                continue;
            };
            let mut module = files[i].layout.module.to_vec();
            module.push(name.clone());
            if !moved[j] && files[j].layout.module[..] != module[..] {
                moved[j] = true;
                moves.push((j, module, files[i].layout.namespace.clone()));
            }
        }
    }
    let any = !moves.is_empty();
    let may_change = moves
        .iter()
        .any(|&(j, _, _)| selection.relevant[j] || texts[j].is_none());
    for (j, module, namespace) in moves {
        files[j].layout = Layout {
            module: module.into(),
            is_package: false,
            namespace,
            roots: files[j].layout.roots.clone(),
        };
    }
    (any, may_change)
}

/// One round of [`select`]; `prior` holds what an earlier round read (not read again), and
/// the imports scanned from each file come back for the next round.
fn select_once<T: Send, E: Send, R, B, X, K, S>(
    files: &[ProjectFile],
    mut prior: Vec<Option<Read<T, E>>>,
    reads: &Reads<R, B, X, K, S>,
    concerns: &(impl Fn(&T) -> bool + Sync),
    propagates: &(impl Fn(&T) -> bool + Sync),
    gathers: &(impl Fn(usize) -> bool + Sync),
) -> (Selection<T, E>, Vec<scan::Scanned>)
where
    R: Fn(usize) -> Result<T, E> + Sync,
    B: Fn(usize) -> Option<Vec<u8>> + Sync,
    X: Fn(&T) -> &str + Sync,
    K: Fn(usize) -> Vec<String> + Sync,
    S: Fn(T) -> T + Sync,
{
    let program = skeleton(files);
    let n = files.len();
    let mut texts: Vec<Option<Result<T, E>>> = (0..n).map(|_| None).collect();
    let mut scans: Vec<scan::Scanned> = vec![scan::Scanned::default(); n];
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    // The `__init__.py` files of each file's packages (`enclosing_packages`).
    let mut inits: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut reached = vec![false; n];
    // Targets, and the files that import them when only some files are targets: each is
    // selected as the whole-project run selects it (`rooted`), only targets are reported.
    let targets: Vec<usize> = (0..n).filter(|&i| files[i].target).collect();
    let mut rooted: Vec<bool> = files.iter().map(|f| f.target).collect();
    let mut frontier = targets.clone();
    if targets.len() < n {
        let others: Vec<usize> = (0..n).filter(|&i| !files[i].target).collect();
        // A Java target that implements an interface is reached through the interface's
        // importers (`sole_implementations`), so theirs are searched for too.
        let mut start = targets.clone();
        for &i in targets.iter().filter(|&&i| files[i].lang == Lang::Java) {
            let read = prior[i]
                .take()
                .unwrap_or_else(|| reads.read_scanned(files, i));
            start.extend(imports(&program, i, &read.1.supertypes));
            prior[i] = Some(read);
        }
        start.sort_unstable();
        start.dedup();
        let importers = importers::importers(files, &program, &start, others.clone(), reads.bytes);
        for i in importers {
            rooted[i] = true;
            frontier.push(i);
        }
        // A scratch target that names a client gathers every file naming one.
        let mut gather = false;
        for &i in targets.iter().filter(|&&i| gathers(i)) {
            let read = prior[i]
                .take()
                .unwrap_or_else(|| reads.read_scanned(files, i));
            gather |= matches!(&read.0, Ok(t) if propagates(t));
            prior[i] = Some(read);
        }
        if gather {
            let known: Vec<(usize, Option<Read<T, E>>)> = (others.into_iter())
                .filter(|&i| !rooted[i])
                .map(|i| (i, prior[i].take()))
                .collect();
            let read: Vec<(usize, Read<T, E>)> = (known.into_par_iter())
                .map(|(i, known)| (i, known.unwrap_or_else(|| reads.read_scanned(files, i))))
                .collect();
            for (i, read) in read {
                if matches!(&read.0, Ok(t) if propagates(t)) {
                    rooted[i] = true;
                    frontier.push(i);
                }
                prior[i] = Some(read);
            }
        }
    }
    frontier.extend(conftests_above(files, &frontier));
    frontier.sort_unstable();
    frontier.dedup();
    for &i in &frontier {
        reached[i] = true;
    }
    // Breadth first over imports, each level read and scanned in parallel.
    while !frontier.is_empty() {
        let known: Vec<(usize, Option<Read<T, E>>)> =
            frontier.iter().map(|&i| (i, prior[i].take())).collect();
        let level: Vec<(usize, Read<T, E>, Vec<usize>)> = (known.into_par_iter())
            .with_max_len(1)
            .map(|(i, known)| {
                let (read, scanned) = known.unwrap_or_else(|| reads.read_scanned(files, i));
                let targets = imports(&program, i, &scanned.imports);
                (i, (read, scanned), targets)
            })
            .collect();
        let mut next = Vec::new();
        for (i, (text, scanned), targets) in level {
            // Importing a module runs its packages' `__init__.py` first (a Pyramid
            // `includeme` stores the clients its modules read): read, not an import edge,
            // so the package does not make the module's importers relevant.
            let packages = enclosing_packages(&program, i);
            for &g in targets.iter().chain(&packages) {
                if !reached[g] {
                    reached[g] = true;
                    next.push(g);
                }
            }
            edges[i] = targets;
            inits[i] = packages;
            texts[i] = Some(text);
            scans[i] = scanned;
        }
        frontier = next;
    }
    let mut relevant: Vec<bool> = (0..n)
        .map(|i| matches!(&texts[i], Some(Ok(t)) if propagates(t)))
        .collect();
    // Importers of relevant modules are relevant (within what was reached, which is closed
    // under imports, so a target's relevance is complete).
    let mut reverse = vec![Vec::new(); n];
    for (i, targets) in edges.iter().enumerate() {
        for &g in targets {
            reverse[g].push(i);
        }
    }
    let mut queue: Vec<usize> = (0..n).filter(|&i| relevant[i]).collect();
    while let Some(g) = queue.pop() {
        for &i in &reverse[g] {
            if !relevant[i] {
                relevant[i] = true;
                queue.push(i);
            }
        }
    }
    // Constructor injection: a client reaches the modules relevant files import (a
    // `Handler(consumer)` defined in a module that names no Kafka module), and what those
    // import in turn. Such a target is linted too; it does not make its importers relevant
    // (no client comes from it). Only resolution can find a client there: the name heuristic
    // needs the file's own Kafka import. A call through a Java interface reaches its
    // implementation when it has one (as the analysis follows it), which is reached as if
    // the interface imported it: by the interface's file, or by its name where it is no file
    // of the project (another module's interface).
    let implementations = sole_implementations(&program, &scans);
    let mut queue: Vec<usize> = (0..n).filter(|&i| relevant[i]).collect();
    let mut downstream = vec![false; n];
    while let Some(i) = queue.pop() {
        for &g in edges[i].iter().chain(&implementations[i]) {
            if !relevant[g] && !downstream[g] {
                downstream[g] = true;
                queue.push(g);
            }
        }
    }
    // Relevant because a relevant file imports it: a client may reach it by injection
    // (passed to a function or constructor it defines).
    for i in (0..n).filter(|&i| downstream[i] && rooted[i]) {
        relevant[i] = true;
    }
    // Relevant on their own, without making their importers relevant.
    let mut alone = vec![false; n];
    for (i, text) in texts.iter().enumerate() {
        if !relevant[i] && matches!(text, Some(Ok(t)) if concerns(t)) {
            relevant[i] = true;
            alone[i] = true;
        }
    }
    // A file of a boundary kind (`checkpoint`, `fixture`) is linted for its own imports; its
    // importers are not concerned by its kind (no rule looks at what imports a fixture
    // module), so it does not make them relevant. Its imports are indexed: the boundary
    // follows them.
    let read: Vec<bool> = texts.iter().map(Option::is_some).collect();
    let kinds: Vec<Vec<String>> = (read.par_iter().enumerate())
        .map(|(i, &read)| if read { (reads.kinds)(i) } else { Vec::new() })
        .collect();
    for i in 0..n {
        if !kinds[i].is_empty() {
            relevant[i] = true;
            alone[i] = false;
        }
    }
    // Tests under a relevant conftest get its fixtures without importing it.
    let conftests: Vec<usize> = (0..n)
        .filter(|&c| relevant[c] && is_conftest(&files[c]))
        .collect();
    for c in conftests {
        let Some(dir) = files[c].path.parent() else {
            continue;
        };
        for i in 0..n {
            if rooted[i] && is_test_module(&files[i]) && files[i].path.starts_with(dir) {
                relevant[i] = true;
                alone[i] = false;
            }
        }
    }
    // Relevant targets, what they import, their packages' `__init__.py` and the conftests
    // above them are indexed.
    let mut indexed = vec![false; n];
    let mut queue: Vec<usize> = (0..n)
        .filter(|&i| rooted[i] && relevant[i] && !alone[i])
        .collect();
    queue.extend(conftests_above(files, &queue.clone()));
    for i in (0..n).filter(|&i| rooted[i] && alone[i]) {
        indexed[i] = true;
    }
    while let Some(i) = queue.pop() {
        if !indexed[i] {
            indexed[i] = true;
            queue.extend((edges[i].iter().chain(&inits[i])).filter(|&&g| !indexed[g]));
        }
    }
    (
        Selection {
            texts,
            relevant,
            alone,
            indexed,
            imports: Vec::new(),
            kinds,
            tables: Some(program.into_tables()),
        },
        scans,
    )
}

/// For each file, the files that implement what it is or imports, where exactly one file
/// implements it (see [`scan::Scanned::supertypes`]).
fn sole_implementations(program: &Program, scans: &[scan::Scanned]) -> Vec<Vec<usize>> {
    let n = scans.len();
    let mut by_file: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut by_name: foldhash::HashMap<&[String], Vec<usize>> = Default::default();
    for (i, scanned) in scans.iter().enumerate() {
        for g in imports(program, i, &scanned.supertypes) {
            by_file[g].push(i);
        }
        for s in &scanned.supertypes {
            by_name.entry(&s.path[..]).or_default().push(i);
        }
    }
    let sole = |mut of: Vec<usize>| {
        of.sort_unstable();
        of.dedup();
        if of.len() == 1 {
            of
        } else {
            Vec::new()
        }
    };
    let mut implementations: Vec<Vec<usize>> = by_file.into_iter().map(sole).collect();
    let by_name: foldhash::HashMap<&[String], Vec<usize>> =
        (by_name.into_iter()).map(|(k, v)| (k, sole(v))).collect();
    if !by_name.is_empty() {
        for (i, scanned) in scans.iter().enumerate() {
            let named = (scanned.imports.iter()).filter_map(|s| by_name.get(&s.path[..]));
            let named: Vec<usize> = named.flatten().copied().filter(|&g| g != i).collect();
            implementations[i].extend(named);
        }
    }
    implementations
}

/// The project files a file's scanned imports may name.
fn imports<'s>(
    program: &Program,
    i: usize,
    scanned: impl IntoIterator<Item = &'s scan::ScannedImport>,
) -> Vec<usize> {
    let mut targets: Vec<usize> = (scanned.into_iter())
        .filter_map(|s| program.resolve_file(FileId(i as u32), &s.path, s.level))
        .map(|g| g.0 as usize)
        .filter(|&g| g != i)
        .collect();
    targets.sort_unstable();
    targets.dedup();
    targets
}

/// The `__init__.py` files of the packages around Python file `i` (`app/__init__.py` for
/// `app/kafka/worker.py`, then `app/kafka/__init__.py`).
fn enclosing_packages(program: &Program, i: usize) -> Vec<usize> {
    let file = program.file(FileId(i as u32));
    if file.lang != Lang::Python {
        return Vec::new();
    }
    (1..file.module.len())
        .filter_map(|k| program.module_file(FileId(i as u32), &file.module[..k]))
        .map(|g| g.0 as usize)
        .filter(|&g| g != i && program.file(FileId(g as u32)).is_package)
        .collect()
}

/// `conftest.py` files in the directories of the given Python test modules and above.
fn conftests_above(files: &[ProjectFile], of: &[usize]) -> Vec<usize> {
    let dirs: Vec<&std::path::Path> = of
        .iter()
        .filter(|&&i| is_test_module(&files[i]))
        .filter_map(|&i| files[i].path.parent())
        .collect();
    (0..files.len())
        .filter(|&c| is_conftest(&files[c]))
        .filter(|&c| {
            files[c]
                .path
                .parent()
                .is_some_and(|cdir| dirs.iter().any(|d| d.starts_with(cdir)))
        })
        .collect()
}

fn file_name(f: &ProjectFile) -> &str {
    f.path.file_name().and_then(|n| n.to_str()).unwrap_or("")
}

pub fn is_conftest(f: &ProjectFile) -> bool {
    f.lang == Lang::Python && crate::model::file_name_is(&f.path, "conftest.py")
}

/// pytest's default test module names.
fn is_test_module(f: &ProjectFile) -> bool {
    let name = file_name(f);
    f.lang == Lang::Python && (name.starts_with("test_") || name.ends_with("_test.py"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The module tables the selection hands on follow the files' final module paths: in
    /// `rs_path`, `net/sink_v2.rs` is `crate::sink` by its `#[path]` declaration, also when
    /// no file is relevant (the move cannot change the selection, so no second round runs).
    #[test]
    fn handed_on_tables_follow_path_modules() {
        let root = std::fs::canonicalize("testdata/projects/rs_path").expect("fixture");
        let rel = [
            "src/infra/kafka_impl.rs",
            "src/lib.rs",
            "src/net/sink_v2.rs",
            "src/worker.rs",
        ];
        let paths: Vec<PathBuf> = rel.iter().map(|r| root.join(r)).collect();
        let langs: Vec<(&std::path::Path, Lang)> =
            paths.iter().map(|p| (p.as_path(), Lang::Rust)).collect();
        let layouts = Layouts::default().layout_all(&langs);
        let mut files: Vec<ProjectFile> = (paths.iter().zip(layouts))
            .map(|(p, layout)| ProjectFile {
                path: p.clone(),
                lang: Lang::Rust,
                layout,
                target: true,
            })
            .collect();
        let selection = select(
            &mut files,
            |i| std::fs::read_to_string(&paths[i]),
            |i| std::fs::read(&paths[i]).ok(),
            |t: &String| t.as_str(),
            |_| Vec::new(),
            |_| false,
            |_| false,
            |_| false,
            |t| t,
        );
        assert!(selection.relevant.iter().all(|r| !r));
        let skeleton = skeleton(&files);
        let program = Program::with_tables(skeleton.files, None, selection.tables);
        let module = |m: &[&str]| m.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let lib = FileId(1);
        assert_eq!(
            program.module_file(lib, &module(&["relay_path", "sink"])),
            Some(FileId(2))
        );
        assert_eq!(
            program.module_file(lib, &module(&["relay_path", "kafka"])),
            Some(FileId(0))
        );
        assert_eq!(
            program.module_file(lib, &module(&["relay_path", "net", "sink_v2"])),
            None
        );
    }
}
