//! The program: every file of the project that offsetlint read, with its module path and its
//! walk index, and the import resolution between them. The `project` layer decides the module
//! paths (package roots, `src/` layouts, Cargo crates); this module only looks them up.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use super::index::FileIndex;
use super::invocation::Invocation;
use crate::knowledge::vocab::Vocabulary;
use crate::model::{BodyId, Call, Expr, Lang, LineIndex, TextRange};

/// A file of the program (dense, starting at 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub u32);

/// One file and where it sits in the module tree.
pub struct ProgramFile<'m> {
    pub path: PathBuf,
    pub lang: Lang,
    /// Python: `app.kafka` as `[app, kafka]`; Rust: the crate name then the module path
    /// (`[billing, kafka, consumer]`). Empty when the file is in no module tree.
    pub module: Arc<[String]>,
    /// Python `__init__.py`, Rust `lib.rs` / `main.rs` / `mod.rs`: the file is its module's
    /// package, so relative imports start at `module` itself.
    pub is_package: bool,
    /// The project whose module names it shares (its root directory): module names of
    /// different projects in one run never resolve to each other.
    pub namespace: Arc<Path>,
    /// Python: the module paths of the source roots its project declares (packaging and
    /// pytest configuration), where absolute imports are also looked up.
    pub roots: Arc<[Arc<[String]>]>,
    /// Parsed and walked up front; `None` for a file that could not be parsed, or that is
    /// left to the program's [`Load`] (parsed when a resolution first reaches it).
    pub index: Option<Box<FileIndex<'m>>>,
    pub lines: Option<&'m LineIndex>,
    /// Boundary kinds its name gives it (`checkpoint`, `fixture`).
    pub kinds: Vec<String>,
    /// What the import scan found the file may import: every import parsing finds, and
    /// more. `None` when it was not scanned (then it may import anything).
    pub scanned: Option<Box<[ScannedImport]>>,
}

/// A module path a file may import, with its Python relative level (0 for Rust), as the
/// import scan (`project::scan`) finds it without parsing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScannedImport {
    pub path: Vec<String>,
    pub level: u32,
}

impl ProgramFile<'_> {
    /// pytest collects fixtures for tests from the same module and `conftest.py` files.
    pub fn is_conftest(&self) -> bool {
        crate::model::file_name_is(&self.path, "conftest.py")
    }

    /// Test code, by its path ([`crate::knowledge::boundary::is_test_path`]).
    pub fn is_test(&self) -> bool {
        crate::knowledge::boundary::is_test_path(&self.path)
    }

    /// Test or example code (`examples/`, `example_*.py`, ...): OL404's "not production".
    pub fn is_test_or_example(&self) -> bool {
        use crate::knowledge::boundary::{EXAMPLE_DIRS, EXAMPLE_FILE_PREFIXES};
        self.is_test()
            || EXAMPLE_FILE_PREFIXES
                .iter()
                .any(|p| self.stem().starts_with(p))
            || self.in_directory(EXAMPLE_DIRS)
    }

    fn stem(&self) -> String {
        let (_, name) = crate::model::split_file(&self.path);
        let name = name.to_string_lossy();
        name.split('.').next().unwrap_or("").to_string()
    }

    fn in_directory(&self, names: &[&str]) -> bool {
        let (dir, _) = crate::model::split_file(&self.path);
        crate::knowledge::boundary::in_directory(dir, names)
    }
}

/// What an import depends on (see [`Program::dependency`]).
pub enum Dependency {
    /// A project module.
    Module(FileId),
    /// A library path a Rust module re-exports (`pub use reqwest::Client;` named as
    /// `crate::Client`).
    Library(Vec<String>),
}

/// Re-exports followed at the most.
const MAX_REEXPORTS: u32 = 8;

/// What an import path names in the program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportTarget {
    /// A module (file) itself.
    Module(FileId),
    /// A name defined in (or re-exported by) a module, then attributes of it.
    Item(FileId, Vec<String>),
}

/// Parses and indexes files of the program on first use. A project's relevant files are
/// indexed up front; the modules they import, which resolution may or may not follow, are
/// left to this (on the corpus benchmark they are half of what would be parsed).
pub trait Load<'m>: Sync {
    /// The index of file `id`, parsed now; `None` when it cannot be parsed or is not to be.
    fn index(&'m self, id: FileId) -> Option<FileIndex<'m>>;
    /// The line index of file `id`'s text.
    fn lines(&'m self, id: FileId) -> Option<&'m LineIndex>;
}

/// A file's index and lines, as given up front or loaded on first use.
struct Slot<'m> {
    index: OnceLock<Option<Box<FileIndex<'m>>>>,
    lines: OnceLock<Option<&'m LineIndex>>,
    /// The program files its imports name (found on first use).
    imports: OnceLock<Vec<FileId>>,
    /// Given up front: the program-wide lookups (callers, struct literals) read only these,
    /// so that what they see does not depend on what another file's analysis loaded first.
    eager: bool,
}

/// Which knowledge (its address) and whether the name heuristic is on.
pub type StoresKey = (usize, bool);

/// Which knowledge (its address) and what was computed under it (see [`Program::memo`]).
pub type MemoKey = (usize, String);

/// A value computed once per program and key, whatever its type.
type Memo = Arc<OnceLock<Arc<dyn std::any::Any + Send + Sync>>>;

/// Explicit offset stores on consumers: the file of the store, and the file and range of the
/// consumer's construction.
pub type ExplicitStores = Vec<(FileId, FileId, TextRange)>;

/// Calls by the callee's last name: the file and body each is in.
type CallsByName<'m> = HashMap<&'m str, Vec<(FileId, BodyId, &'m Call)>>;

/// `holder.attr = value` by attribute: the file, body, holder and value of each.
type AttrSets<'m> = HashMap<&'m str, Vec<(FileId, BodyId, &'m Expr, &'m Expr)>>;

/// Struct literals by the type they build (`Self { .. }` under its `impl`'s type): the file,
/// body and field initialisers of each.
type RecordsByType<'m> = HashMap<&'m str, Vec<RecordAt<'m>>>;

/// A struct literal's file, body and field initialisers.
pub type RecordAt<'m> = (FileId, BodyId, &'m [(String, Expr)]);

/// The files of one language and namespace by module path, hashed with foldhash: the import
/// scan looks up every prefix of every import of every file read (SipHash of those slices
/// was a twentieth of a run).
type ModulesOf = foldhash::HashMap<Arc<[String]>, FileId>;

/// The first segments of the module paths of one language and namespace: most imports name
/// a library, and one lookup of their first name rules out every prefix of the path.
type HeadsOf = foldhash::HashSet<String>;

/// The Python module paths of one namespace by their last name: [`Program::beside`] looks
/// for an import's first name in every directory above the importing file, for every import
/// of every file read, and most names are the last of few paths.
type HoldersOf = foldhash::HashMap<String, Vec<Arc<[String]>>>;

/// A namespace (project) of the program, numbered densely.
type NamespaceId = u32;

/// What imports resolve against: each file's namespace and the modules of each namespace.
/// It depends only on the files' languages, module paths and namespaces, in order, so the
/// selection's skeleton program hands its tables on to the program that is linted (building
/// them is most of a program's cost on a large project).
#[derive(Default)]
pub struct ModuleTables {
    /// Each file's namespace.
    namespace_of: Vec<NamespaceId>,
    /// Module paths per language and namespace (looked up by slice, without allocating: the
    /// import scan resolves every path of every file it reads).
    modules: foldhash::HashMap<(Lang, NamespaceId), ModulesOf>,
    /// The first segment of every module path, per language and namespace.
    heads: foldhash::HashMap<(Lang, NamespaceId), HeadsOf>,
    /// The other segments of every Python module path, per namespace: the names a
    /// directory's own import may find beside the importing file ([`Program::beside`]).
    inner: foldhash::HashMap<NamespaceId, HeadsOf>,
    /// Where each Python module name is, per namespace: `holders[ns][name]` lists a path
    /// `dir + [name]` (the files' own, shared) exactly when it is a key of
    /// `modules[(Python, ns)]`, once per file of that path. Built on first use (from the
    /// same files, in the same order): a run that finds nothing beside its files (a
    /// pre-commit run over a few named files) does not pay for it.
    holders: OnceLock<foldhash::HashMap<NamespaceId, HoldersOf>>,
    /// The declared source roots of each Python namespace (its files share them).
    roots: foldhash::HashMap<NamespaceId, Arc<[Arc<[String]>]>>,
    /// Rust crates of the program by namespace (`crate::` and `other_crate::` roots).
    crates: HashMap<NamespaceId, HashSet<String>>,
    /// The last segment of every Rust module path, per namespace.
    module_names: HashMap<NamespaceId, HashSet<String>>,
}

impl ModuleTables {
    fn new(files: &[ProgramFile]) -> Self {
        let mut modules: foldhash::HashMap<_, ModulesOf> = Default::default();
        let mut heads: foldhash::HashMap<_, HeadsOf> = Default::default();
        let mut inner: foldhash::HashMap<_, HeadsOf> = Default::default();
        let mut roots: foldhash::HashMap<_, Arc<[Arc<[String]>]>> = Default::default();
        let mut crates: HashMap<NamespaceId, HashSet<String>> = HashMap::new();
        let mut module_names: HashMap<NamespaceId, HashSet<String>> = HashMap::new();
        // By the path's bytes: hashing a `Path` splits it into components. Files come in
        // path order, so most share the namespace of the file before (the same `Arc`).
        let mut namespaces: foldhash::HashMap<&std::ffi::OsStr, NamespaceId> = Default::default();
        let mut namespace_of = Vec::with_capacity(files.len());
        let mut last: Option<(&Arc<Path>, NamespaceId)> = None;
        for (i, f) in files.iter().enumerate() {
            let ns = match last {
                Some((namespace, ns)) if Arc::ptr_eq(namespace, &f.namespace) => ns,
                _ => {
                    let next = namespaces.len() as NamespaceId;
                    *namespaces.entry(f.namespace.as_os_str()).or_insert(next)
                }
            };
            last = Some((&f.namespace, ns));
            namespace_of.push(ns);
            if f.module.is_empty() {
                continue;
            }
            modules
                .entry((f.lang, ns))
                .or_default()
                .entry(f.module.clone())
                .or_insert(FileId(i as u32));
            let of = heads.entry((f.lang, ns)).or_default();
            if !of.contains(&f.module[0]) {
                of.insert(f.module[0].clone());
            }
            if f.lang == Lang::Python {
                if !f.roots.is_empty() {
                    roots.entry(ns).or_insert_with(|| f.roots.clone());
                }
                let of = inner.entry(ns).or_default();
                for name in &f.module[1..] {
                    if !of.contains(name) {
                        of.insert(name.clone());
                    }
                }
            }
            if f.lang == Lang::Rust {
                if f.module.len() == 1 {
                    crates.entry(ns).or_default().insert(f.module[0].clone());
                }
                let last = f.module[f.module.len() - 1].clone();
                module_names.entry(ns).or_default().insert(last);
            }
        }
        // A project whose own package (Python: a directory with `__init__.py`, not a lone
        // `kafka.py`) or crate is named after a client library is that library, or a vendored
        // copy: its examples and tests import the name to use the client, so the name is left
        // to the library (a lone project module named `kafka.py` stays a project module).
        for &(lang, root) in crate::knowledge::CLIENT_ROOTS {
            for ((l, ns), of) in heads.iter_mut() {
                let is_library = *l == lang
                    && (modules.get(&(lang, *ns)))
                        .and_then(|m| m.get(&[root.to_string()][..]))
                        .is_some_and(|&id| lang == Lang::Rust || files[id.0 as usize].is_package);
                if is_library {
                    of.remove(root);
                    if lang == Lang::Rust {
                        crates.entry(*ns).or_default().remove(root);
                    }
                }
            }
        }
        ModuleTables {
            namespace_of,
            modules,
            heads,
            inner,
            holders: OnceLock::new(),
            roots,
            crates,
            module_names,
        }
    }
}

impl ModuleTables {
    /// [`ModuleTables::holders`] of `files`, the files the tables were built from.
    fn holders(&self, files: &[ProgramFile]) -> &foldhash::HashMap<NamespaceId, HoldersOf> {
        self.holders.get_or_init(|| {
            let mut holders: foldhash::HashMap<_, HoldersOf> = Default::default();
            for (f, &ns) in files.iter().zip(&self.namespace_of) {
                let Some(name) = f.module.last().filter(|_| f.lang == Lang::Python) else {
                    continue;
                };
                let of: &mut HoldersOf = holders.entry(ns).or_default();
                match of.get_mut(name) {
                    Some(paths) => paths.push(f.module.clone()),
                    None => {
                        of.insert(name.clone(), vec![f.module.clone()]);
                    }
                }
            }
            holders
        })
    }
}

pub struct Program<'m> {
    pub files: Vec<ProgramFile<'m>>,
    /// Each file's index and lines (taken out of `files`, which keep `None`).
    slots: Vec<Slot<'m>>,
    load: Option<&'m dyn Load<'m>>,
    /// What imports resolve against.
    tables: ModuleTables,
    /// Calls by the callee's last name, for parameter flow from callers (built on first use).
    calls_by_name: OnceLock<CallsByName<'m>>,
    /// Calls that run a function they are handed, by the function's last name (built on
    /// first use).
    runs_by_name: OnceLock<CallsByName<'m>>,
    /// Attributes set on something other than a method's `self`, by attribute name (built on
    /// first use).
    attr_sets: OnceLock<AttrSets<'m>>,
    /// The explicit offset stores of the program, per knowledge (see [`Program::explicit_stores`]).
    explicit_stores: Mutex<Vec<(StoresKey, Arc<ExplicitStores>)>>,
    /// The `conftest.py` files, with their directory's depth (pytest fixture scopes).
    conftests: Vec<(usize, FileId)>,
    /// Struct literals by type name, for field resolution (built on first use).
    records_by_type: OnceLock<RecordsByType<'m>>,
    /// Each file's part of the program: files joined by imports either way (built on first
    /// use, see [`Program::linked`]).
    parts: OnceLock<Vec<u32>>,
    /// What rules compute once over the whole program (see [`Program::memo`]).
    memos: Mutex<HashMap<MemoKey, Memo>>,
}

impl<'m> Program<'m> {
    /// A program of the files as given: those without an index have none.
    pub fn new(files: Vec<ProgramFile<'m>>) -> Self {
        Program::loading(files, None)
    }

    /// A program whose files without an index are loaded by `load` when first asked for.
    pub fn loading(files: Vec<ProgramFile<'m>>, load: Option<&'m dyn Load<'m>>) -> Self {
        Program::with_tables(files, load, None)
    }

    /// [`Program::loading`], with the module tables of a program of the same files (in the
    /// same order, with the same modules and namespaces), as [`Program::into_tables`] gives
    /// them back.
    pub fn with_tables(
        mut files: Vec<ProgramFile<'m>>,
        load: Option<&'m dyn Load<'m>>,
        tables: Option<ModuleTables>,
    ) -> Self {
        let slots = files
            .iter_mut()
            .map(|f| {
                let eager = f.index.is_some() || f.lines.is_some() || load.is_none();
                let slot = Slot {
                    index: OnceLock::new(),
                    lines: OnceLock::new(),
                    imports: OnceLock::new(),
                    eager,
                };
                if eager {
                    let _ = slot.index.set(f.index.take());
                    let _ = slot.lines.set(f.lines.take());
                }
                slot
            })
            .collect();
        let tables = match tables {
            Some(t) if t.namespace_of.len() == files.len() => t,
            _ => ModuleTables::new(&files),
        };
        let conftests = files
            .iter()
            .enumerate()
            .filter(|(_, f)| f.is_conftest())
            .filter_map(|(i, f)| Some((f.path.parent()?.components().count(), FileId(i as u32))))
            .collect();
        Program {
            files,
            slots,
            load,
            tables,
            conftests,
            calls_by_name: OnceLock::new(),
            runs_by_name: OnceLock::new(),
            attr_sets: OnceLock::new(),
            explicit_stores: Mutex::new(Vec::new()),
            records_by_type: OnceLock::new(),
            parts: OnceLock::new(),
            memos: Mutex::new(HashMap::new()),
        }
    }

    /// A program of one file (a file linted on its own, tests and document examples). It has
    /// no module name: nothing imports it, and its imports all lead outside.
    pub fn single(
        path: &Path,
        lang: Lang,
        index: Option<FileIndex<'m>>,
        lines: Option<&'m LineIndex>,
        kinds: Vec<String>,
    ) -> Self {
        Program::new(vec![ProgramFile {
            path: path.to_path_buf(),
            lang,
            module: Arc::from([]),
            is_package: false,
            namespace: Arc::from(Path::new("")),
            roots: Arc::from([]),
            index: index.map(Box::new),
            lines,
            kinds,
            scanned: None,
        }])
    }

    /// The program's module tables, for a program of the same files (see
    /// [`Program::with_tables`]).
    pub fn into_tables(self) -> ModuleTables {
        self.tables
    }

    pub fn file(&self, id: FileId) -> &ProgramFile<'m> {
        &self.files[id.0 as usize]
    }

    pub fn index(&self, id: FileId) -> Option<&FileIndex<'m>> {
        let slot = self.slots.get(id.0 as usize)?;
        slot.index
            .get_or_init(|| self.load.and_then(|l| l.index(id)).map(Box::new))
            .as_deref()
    }

    /// The program files that file `id`'s imports name.
    pub fn imported_files(&self, id: FileId) -> &[FileId] {
        let Some(slot) = self.slots.get(id.0 as usize) else {
            return &[];
        };
        slot.imports.get_or_init(|| {
            let Some(index) = self.index(id) else {
                return Vec::new();
            };
            let mut files: Vec<FileId> = (index.module.imports.iter())
                .flat_map(|i| i.entries.iter().map(move |e| (i.level, e)))
                .filter_map(|(level, e)| self.resolve_file(id, &e.path, level))
                .collect();
            files.sort_unstable();
            files.dedup();
            files
        })
    }

    /// Whether code in file `g` can reach what file `f` defines: the two are joined by a chain
    /// of imports, in either direction (a caller that imports neither may still be handed an
    /// instance by a module that imports both), or by what joins files without an import
    /// (a `conftest.py` and the tests below it; a Java package's classes). The search for a
    /// function's callers asks this before resolving a callee: most calls of the same name
    /// are in code that cannot reach the function (another package's `send`), and in a
    /// monorepo of many services they were most of a run.
    pub fn linked(&self, g: FileId, f: FileId) -> bool {
        let parts = self.parts.get_or_init(|| self.find_parts());
        g == f || parts.get(g.0 as usize) == parts.get(f.0 as usize)
    }

    /// The parts of [`Program::linked`]: union-find over the imports of the files with an
    /// index (as scanned, a superset of what parsing finds; as parsed where a file was not
    /// scanned), the `conftest.py` files' trees and Java packages. A file with neither is a
    /// part of its own: no resolution reads it.
    fn find_parts(&self) -> Vec<u32> {
        let n = self.files.len();
        let mut parent: Vec<u32> = (0..n as u32).collect();
        fn root(parent: &mut [u32], mut i: u32) -> u32 {
            while parent[i as usize] != i {
                let up = parent[parent[i as usize] as usize];
                parent[i as usize] = up;
                i = up;
            }
            i
        }
        let join = |parent: &mut Vec<u32>, a: usize, b: usize| {
            let (ra, rb) = (root(parent, a as u32), root(parent, b as u32));
            parent[ra.max(rb) as usize] = ra.min(rb);
        };
        let mut packages: HashMap<(&Path, &[String]), usize> = HashMap::default();
        for (i, file) in self.files.iter().enumerate() {
            let id = FileId(i as u32);
            match &file.scanned {
                Some(scanned) => {
                    for s in scanned.iter() {
                        if let Some(h) = self.resolve_file(id, &s.path, s.level) {
                            join(&mut parent, i, h.0 as usize);
                        }
                    }
                }
                None if self.slots[i].eager => {
                    for h in self.imported_files(id) {
                        join(&mut parent, i, h.0 as usize);
                    }
                }
                None => {}
            }
            if file.lang.file_is_class() {
                if let Some((_, package)) = file.module.split_last() {
                    let first = *packages.entry((&file.namespace, package)).or_insert(i);
                    join(&mut parent, i, first);
                }
            }
        }
        // Each file with the `conftest.py` files of the directories above it (a lookup per
        // ancestor, not a scan of every file per conftest: a monorepo has hundreds).
        let conftest_dirs: HashMap<&Path, usize> = (self.conftests.iter())
            .filter_map(|&(_, c)| Some((self.file(c).path.parent()?, c.0 as usize)))
            .collect();
        if !conftest_dirs.is_empty() {
            for (i, file) in self.files.iter().enumerate() {
                for dir in file.path.ancestors().skip(1) {
                    if let Some(&c) = conftest_dirs.get(dir) {
                        join(&mut parent, i, c);
                    }
                }
            }
        }
        (0..n as u32).map(|i| root(&mut parent, i)).collect()
    }

    /// Whether a bare name used in file `g` can name something file `f` defines: `g` is `f`,
    /// imports it, or imports a package that imports it (a re-export).
    pub fn may_name_from(&self, g: FileId, f: FileId) -> bool {
        g == f
            || self
                .imported_files(g)
                .iter()
                .any(|&h| h == f || self.file(h).is_package && self.imported_files(h).contains(&f))
            || self.sees_package_of(g, f)
    }

    /// Whether file `g` sees the classes of file `f`'s package without naming the class (a
    /// Java file of the same package, or one importing it on demand, `import com.acme.*`).
    fn sees_package_of(&self, g: FileId, f: FileId) -> bool {
        let (from, to) = (self.file(g), self.file(f));
        if !to.lang.file_is_class() || from.lang != to.lang || from.namespace != to.namespace {
            return false;
        }
        let Some((_, package)) = to.module.split_last() else {
            return false;
        };
        self.index(g).is_some_and(|index| {
            (index.names.globs.iter()).any(|(path, level)| *level == 0 && path[..] == *package)
        })
    }

    /// The line index of a file's text (for messages that point into it).
    pub fn lines(&self, id: FileId) -> Option<&'m LineIndex> {
        let slot = self.slots.get(id.0 as usize)?;
        *slot
            .lines
            .get_or_init(|| self.load.and_then(|l| l.lines(id)))
    }

    /// The files indexed up front, with their index: every file a rule is run on, and what
    /// they import.
    pub fn indexed_files(&self) -> impl Iterator<Item = (FileId, &FileIndex<'m>)> {
        self.eager().map(|(i, index)| (FileId(i as u32), index))
    }

    /// The files indexed up front, with their index (what program-wide lookups read).
    fn eager(&self) -> impl Iterator<Item = (usize, &FileIndex<'m>)> {
        (self.slots.iter().enumerate())
            .filter(|(_, s)| s.eager)
            .filter_map(|(i, s)| Some((i, s.index.get()?.as_deref()?)))
    }

    /// The file of a module, in the namespace (project) of `near`.
    pub fn module_file(&self, near: FileId, module: &[String]) -> Option<FileId> {
        let key = (
            self.file(near).lang,
            self.tables.namespace_of[near.0 as usize],
        );
        self.tables.modules.get(&key)?.get(module).copied()
    }

    /// The module a relative import starts from: the file's package, up `level - 1`.
    fn package_of(&self, from: FileId, level: u32) -> Option<&[String]> {
        let f = self.file(from);
        let up = usize::from(!f.is_package) + (level.max(1) - 1) as usize;
        f.module.get(..f.module.len().checked_sub(up)?)
    }

    /// Resolves an import path (`from_len` segments of module, then names; Python level for
    /// relative imports) seen in `from` to a module of the program, or `None` when it leads
    /// outside (a library).
    pub fn resolve(&self, from: FileId, path: &[String], level: u32) -> Option<ImportTarget> {
        let target = self.resolve_any(from, path, level)?;
        // A module importing its own name (`import kafka` in `kafka.py`) means the library.
        match &target {
            ImportTarget::Module(g) | ImportTarget::Item(g, _) if *g == from => None,
            _ => Some(target),
        }
    }

    /// What an import depends on (the OL4xx import graph). A Python import runs the module
    /// it names (and its package), so that is the module. A Rust `use` depends on the module
    /// that defines the item it names, through `pub use` re-exports: `use crate::Key` where
    /// the root has `pub use types::Key;` depends on `types`, not on the root and whatever
    /// else the root imports.
    pub fn dependency(&self, from: FileId, path: &[String], level: u32) -> Option<Dependency> {
        let mut at = self.resolve(from, path, level)?;
        for _ in 0..MAX_REEXPORTS {
            let (g, items) = match at {
                ImportTarget::Module(g) => return Some(Dependency::Module(g)),
                ImportTarget::Item(g, items) => (g, items),
            };
            if self.file(g).lang != Lang::Rust {
                return Some(Dependency::Module(g));
            }
            let Some(reexported) = self.reexport(g, &items[0]) else {
                return Some(Dependency::Module(g));
            };
            let mut next = reexported.to_vec();
            next.extend(items[1..].iter().cloned());
            match self.resolve(g, &next, 0) {
                Some(t) => at = t,
                None => return Some(Dependency::Library(next)),
            }
        }
        None
    }

    /// The path module `g` binds `name` to with a `use`, if it does.
    fn reexport(&self, g: FileId, name: &str) -> Option<&[String]> {
        // A `use` inside a function or a test module binds nothing of the module's.
        (self.index(g)?.module.imports.iter())
            .filter(|i| !i.local && !i.test)
            .flat_map(|i| &i.entries)
            .find_map(|e| match &e.binding {
                Some((local, path)) if local == name && !e.glob => Some(path.as_slice()),
                _ => None,
            })
    }

    /// The program file an import names (the module, or the module an item is in).
    pub fn resolve_file(&self, from: FileId, path: &[String], level: u32) -> Option<FileId> {
        match self.resolve(from, path, level)? {
            ImportTarget::Module(g) | ImportTarget::Item(g, _) => Some(g),
        }
    }

    fn resolve_any(&self, from: FileId, path: &[String], level: u32) -> Option<ImportTarget> {
        match self.file(from).lang {
            // An absolute import is looked up as written (no copy: most imports name a
            // library, and the selection resolves every import of every file it reads).
            // `src.pkg.mod` from a project whose `src/` is a source root: the app runs from
            // the project's directory, where `src` is a namespace package over the same files.
            Lang::Python | Lang::Java if level == 0 => (self.longest_module(from, path, 1))
                .or_else(|| match path {
                    [src, rest @ ..] if src == "src" && !rest.is_empty() => {
                        self.longest_module(from, rest, 1)
                    }
                    _ => None,
                })
                .or_else(|| self.beside(from, path)),
            Lang::Python | Lang::Java => {
                let mut full = self.package_of(from, level)?.to_vec();
                full.extend(path.iter().cloned());
                self.longest_module(from, &full, 1)
            }
            Lang::Rust => {
                let (full, base) = self.rust_absolute(from, path)?;
                self.longest_module(from, &full, base)
            }
        }
    }

    /// A Python absolute import whose first name is no module at the project's roots, looked
    /// up in the directories above the importing file, nearest first, then in the source
    /// roots the project declares (`package-dir`, pytest's `pythonpath`): what Python finds when
    /// one of them is on `sys.path` (`python app/bake.py` puts `app/` there, so `from utils
    /// import x` in it means `app/utils/`; a Dockerfile's `WORKDIR /app` + `COPY backend/ .`
    /// runs `backend/` as the top level). When two directories above hold the name, the
    /// nearest wins: the script's own directory comes first on `sys.path`, and an import
    /// written beside its target is the likelier meaning. A client library's name is left to
    /// the library (a project's `app/kafka/` is imported as `app.kafka`).
    fn beside(&self, from: FileId, path: &[String]) -> Option<ImportTarget> {
        let f = self.file(from);
        let head = path.first()?;
        let ns = self.tables.namespace_of[from.0 as usize];
        if f.lang != Lang::Python
            || !(self.tables.inner.get(&ns)).is_some_and(|n| n.contains(head))
            || (crate::knowledge::CLIENT_ROOTS.iter())
                .any(|&(lang, root)| lang == Lang::Python && root == head)
        {
            return None;
        }
        // The name must be a module or package in that directory itself.
        let holders = (self.tables.holders(&self.files).get(&ns)?.get(head)?.iter())
            .map(|path| &path[..path.len() - 1]);
        let dir = self.package_of(from, 1)?;
        // The directories above that hold it, nearest first.
        let mut above: Vec<usize> = (holders.clone())
            .filter(|h| !h.is_empty() && dir.starts_with(h))
            .map(<[String]>::len)
            .collect();
        above.sort_unstable_by(|a, b| b.cmp(a));
        above.dedup();
        // Then the source roots the project declares (`package-dir`, pytest's
        // `pythonpath`): on `sys.path` wherever the importing file is.
        let declared = (self.tables.roots.get(&ns).into_iter())
            .flat_map(|r| r.iter())
            .filter(|r| holders.clone().any(|h| h == &r[..]));
        let bases = (above.into_iter().map(|n| &dir[..n])).chain(declared.map(|r| &r[..]));
        bases.into_iter().find_map(|base| {
            let mut full = Vec::with_capacity(base.len() + path.len());
            full.extend(base.iter().chain(path).cloned());
            self.longest_module(from, &full, base.len() + 1)
        })
    }

    /// The longest prefix of `full`, at least `min` segments long, that is a module, and the
    /// names after it.
    fn longest_module(&self, from: FileId, full: &[String], min: usize) -> Option<ImportTarget> {
        let key = (
            self.file(from).lang,
            self.tables.namespace_of[from.0 as usize],
        );
        let head = full.first()?;
        if !(self.tables.heads.get(&key)).is_some_and(|h| h.contains(head)) {
            return None;
        }
        for n in (min.max(1)..=full.len()).rev() {
            if let Some(id) = self.module_file(from, &full[..n]) {
                return Some(if n == full.len() {
                    ImportTarget::Module(id)
                } else {
                    ImportTarget::Item(id, full[n..].to_vec())
                });
            }
        }
        None
    }

    /// A Rust path made absolute (`crate::`, `self::`, `super::`, a crate of the program, or
    /// a child module of the current one), with how many of its segments name the module it
    /// starts from; `None` for a path into another crate (a library).
    fn rust_absolute(&self, from: FileId, path: &[String]) -> Option<(Vec<String>, usize)> {
        let f = self.file(from);
        let first = path.first()?;
        // A file's module path is its module: `self` in `pipeline.rs` is `crate::pipeline`.
        let module = f.module.to_vec();
        let (base, rest) = match first.as_str() {
            "crate" => (vec![f.module.first()?.clone()], &path[1..]),
            "self" => (module, &path[1..]),
            "super" => {
                let mut m = module;
                let mut rest = path;
                while rest.first().is_some_and(|s| s == "super") {
                    m.pop()?;
                    rest = &rest[1..];
                }
                (m, rest)
            }
            name if self
                .tables
                .crates
                .get(&self.tables.namespace_of[from.0 as usize])
                .is_some_and(|c| c.contains(name)) =>
            {
                (Vec::new(), path)
            }
            // Rust 2018: a child module of the current one (`use kafka::X` beside `mod kafka;`).
            // Most paths start with a library's name: ruled out before allocating.
            name if !self
                .tables
                .module_names
                .get(&self.tables.namespace_of[from.0 as usize])
                .is_some_and(|n| n.contains(name)) =>
            {
                return None
            }
            name => {
                let mut child = module.clone();
                child.push(name.to_string());
                self.module_file(from, &child)?;
                (module, path)
            }
        };
        let len = base.len();
        let mut out = base;
        out.extend(rest.iter().cloned());
        Some((out, len))
    }

    /// A bare name that is a module by itself (Rust `crate`, `self`, `super`, a crate of the
    /// program, a child module): the start of a path written without `use`.
    pub fn path_root(&self, from: FileId, name: &str) -> Option<FileId> {
        if self.file(from).lang != Lang::Rust {
            return None;
        }
        match self.resolve_any(from, &[name.to_string()], 0)? {
            ImportTarget::Module(g) => Some(g),
            ImportTarget::Item(..) => None,
        }
    }

    /// `conftest.py` files that apply to `file`: in its directory and each one above, nearest
    /// first (pytest's fixture visibility).
    pub fn conftests(&self, file: FileId) -> Vec<FileId> {
        let Some(dir) = self.file(file).path.parent() else {
            return Vec::new();
        };
        let mut found: Vec<(usize, FileId)> = self
            .conftests
            .iter()
            .copied()
            .filter(|&(_, id)| {
                id != file
                    && self
                        .file(id)
                        .path
                        .parent()
                        .is_some_and(|cdir| dir.starts_with(cdir))
            })
            .collect();
        found.sort_by_key(|f| std::cmp::Reverse(f.0));
        found.into_iter().map(|(_, id)| id).collect()
    }

    /// The program's explicit offset stores as `find` finds them under the knowledge and
    /// heuristic of `key`, found once (by the first file to ask; another thread asking
    /// meanwhile finds them too, and the first answer kept is used).
    pub fn explicit_stores(
        &self,
        key: StoresKey,
        find: impl FnOnce() -> ExplicitStores,
    ) -> Arc<ExplicitStores> {
        let known = |cache: &[(StoresKey, Arc<ExplicitStores>)]| {
            cache
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| v.clone())
        };
        let cache = self
            .explicit_stores
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(found) = known(&cache) {
            return found;
        }
        drop(cache);
        let found = Arc::new(find());
        let mut cache = self
            .explicit_stores
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(first) = known(&cache) {
            return first;
        }
        cache.push((key, found.clone()));
        found
    }

    /// The value `make` computes for `key`, computed once per program: by the first file to
    /// ask, while the others asking for it wait. For what a rule would otherwise recompute
    /// over the whole program for every file (a boundary's import chains).
    pub fn memo<T: std::any::Any + Send + Sync>(
        &self,
        key: MemoKey,
        make: impl FnOnce() -> T,
    ) -> Arc<T> {
        let cell = {
            let mut memos = self.memos.lock().unwrap_or_else(|e| e.into_inner());
            memos.entry(key).or_default().clone()
        };
        let value = cell.get_or_init(|| Arc::new(make())).clone();
        value
            .downcast::<T>()
            .unwrap_or_else(|_| panic!("one memo key, two types"))
    }

    /// Calls anywhere in the program whose callee's last name is `name`.
    pub fn calls_named(&self, name: &str) -> &[(FileId, BodyId, &'m Call)] {
        let map = self.calls_by_name.get_or_init(|| {
            let mut map: HashMap<&'m str, Vec<(FileId, BodyId, &'m Call)>> = HashMap::new();
            for (i, index) in self.eager() {
                for (call, body) in &index.calls {
                    if let Some(last) = call.func.last_name() {
                        map.entry(last)
                            .or_default()
                            .push((FileId(i as u32), *body, call));
                    }
                }
            }
            map
        });
        map.get(name).map(Vec::as_slice).unwrap_or_default()
    }

    /// Calls anywhere in the program that run a function whose last name is `name` with
    /// arguments they hand on ([`Invocation::run_by`]: `Thread(target=name, args=(..))`).
    pub fn runs_named(&self, name: &str, vocab: &Vocabulary) -> &[(FileId, BodyId, &'m Call)] {
        let map = self.runs_by_name.get_or_init(|| {
            let mut map: CallsByName<'m> = HashMap::new();
            for (i, index) in self.eager() {
                for &(call, body) in &index.calls {
                    let run = Invocation::run_by(vocab, call);
                    if let Some(last) = run.and_then(|r| r.func.last_name()) {
                        map.entry(last)
                            .or_default()
                            .push((FileId(i as u32), body, call));
                    }
                }
            }
            map
        });
        map.get(name).map(Vec::as_slice).unwrap_or_default()
    }

    /// `holder.attr = value` anywhere in the program, the holder not a method's own `self`
    /// (`worker.producer = Producer(conf)`, `app.state.producer = ..`).
    pub fn attr_sets(&self, attr: &str) -> &[(FileId, BodyId, &'m Expr, &'m Expr)] {
        let map = self.attr_sets.get_or_init(|| {
            let mut map: AttrSets<'m> = HashMap::new();
            for (i, index) in self.eager() {
                for (b, bi) in index.bodies.iter().enumerate() {
                    for &(holder, attr, value) in &bi.nested_attr_assigns {
                        map.entry(attr).or_default().push((
                            FileId(i as u32),
                            BodyId(b as u32),
                            holder,
                            value,
                        ));
                    }
                }
            }
            map
        });
        map.get(attr).map(Vec::as_slice).unwrap_or_default()
    }

    /// Struct literals of type `name` anywhere in the program (`Self { .. }` inside an `impl`
    /// of `name` included), with the file and body each is built in.
    pub fn records_of(&self, name: &str) -> &[RecordAt<'m>] {
        let map = self.records_by_type.get_or_init(|| {
            let mut map: RecordsByType<'m> = HashMap::new();
            for (i, index) in self.eager() {
                for (b, body) in index.bodies.iter().enumerate() {
                    for &(ty, fields) in &body.records {
                        let Some(last) = ty.last() else { continue };
                        let owner = index.module.bodies[b].class.as_deref();
                        let named = match (last.as_str(), owner) {
                            ("Self", Some(class)) => class,
                            ("Self", None) => continue,
                            (last, _) => last,
                        };
                        map.entry(named).or_default().push((
                            FileId(i as u32),
                            BodyId(b as u32),
                            fields,
                        ));
                    }
                }
            }
            map
        });
        map.get(name).map(Vec::as_slice).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(path: &str, lang: Lang, module: &[&str], imports: &[&[&str]]) -> ProgramFile<'static> {
        let path = PathBuf::from(path);
        let strings = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        ProgramFile {
            is_package: path.file_name().is_some_and(|n| n == "__init__.py"),
            path,
            lang,
            module: strings(module).into(),
            namespace: Arc::from(Path::new("")),
            roots: Arc::from([]),
            index: None,
            lines: None,
            kinds: Vec::new(),
            scanned: Some(
                (imports.iter())
                    .map(|p| ScannedImport {
                        path: strings(p),
                        level: 0,
                    })
                    .collect(),
            ),
        }
    }

    /// Files are linked through imports either way, a `conftest.py` with the tests below
    /// it and a Java package's classes with each other; nothing else links them.
    #[test]
    fn linked_files() {
        let py = Lang::Python;
        let program = Program::new(vec![
            file("app/a.py", py, &["app", "a"], &[&["app", "b"]]),
            file("app/b.py", py, &["app", "b"], &[&["json"]]),
            file("app/c.py", py, &["app", "c"], &[&["app", "b", "helper"]]),
            file("other/d.py", py, &["other", "d"], &[&["json"], &["app"]]),
            file(
                "tests/conftest.py",
                py,
                &["tests", "conftest"],
                &[&["app", "c"]],
            ),
            file(
                "tests/unit/test_x.py",
                py,
                &["tests", "unit", "test_x"],
                &[],
            ),
            file("com/acme/A.java", Lang::Java, &["com.acme", "A"], &[]),
            file("com/acme/B.java", Lang::Java, &["com.acme", "B"], &[]),
            file("com/other/C.java", Lang::Java, &["com.other", "C"], &[]),
        ]);
        let linked = |a: u32, b: u32| program.linked(FileId(a), FileId(b));
        // `a` and `c` import `b`: `c`'s code may be handed what `a` makes.
        assert!(linked(0, 2) && linked(2, 0) && linked(1, 2));
        // `other` imports no module of the program (`app` is a directory, no package).
        assert!(!linked(3, 0) && !linked(3, 1));
        // The conftest imports `app.c`; its fixtures reach the tests below it.
        assert!(linked(5, 4) && linked(5, 0));
        assert!(linked(6, 7) && !linked(6, 8) && !linked(6, 0));
        assert!(linked(3, 3));
    }
}
