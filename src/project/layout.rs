//! Where each file sits in its language's module tree, from the file system alone: Python
//! packages (`__init__.py` chains) under source roots (the project root, `src/`, any directory
//! with a `pyproject.toml` / `setup.py` / `setup.cfg`), Rust crates (`Cargo.toml`, `src/lib.rs`,
//! `x.rs` and `x/mod.rs`).

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use crate::model::Lang;

/// Its caches hash with foldhash: every file of a project is laid out, each a few lookups.
type HashMap<K, V> = foldhash::HashMap<K, V>;

/// A file's module path, whether it is its package's own file, and the project whose module
/// names it shares. Shared (`Arc`): every file of a project has a layout, and the project
/// index and the program each hold it again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub module: Arc<[String]>,
    pub is_package: bool,
    /// Python: the project directory (nearest `pyproject.toml`, `setup.cfg`, `setup.py`, `manage.py` or
    /// `.git`); Rust: the Cargo workspace root, else the crate directory.
    pub namespace: Arc<Path>,
    /// Python: the module paths of the source roots the namespace's configuration declares
    /// (`project::roots`): `lib/` of `package-dir = {"" = "lib"}` is `[lib]`. Shared by the
    /// namespace's files.
    pub roots: Roots,
}

/// Module paths of declared source roots (see [`Layout::roots`]).
pub type Roots = Arc<[Arc<[String]>]>;

impl Default for Layout {
    fn default() -> Self {
        Layout {
            module: Arc::from([]),
            is_package: false,
            namespace: Arc::from(Path::new("")),
            roots: Arc::from([]),
        }
    }
}

/// Files that mark a project's root directory.
const PROJECT_MARKERS: &[&str] = &[
    "pyproject.toml",
    "setup.cfg",
    "setup.py",
    "manage.py",
    "Cargo.toml",
    ".git",
];
/// Files that mark a Python source root. Django's `manage.py` puts its own directory on
/// `sys.path`: the apps beside it import as `inventory.kafka.producer`, namespace packages
/// included, also in a copy of the repository without its `.git`.
const PYTHON_ROOT_MARKERS: &[&str] = &["pyproject.toml", "setup.cfg", "setup.py", "manage.py"];
/// Maven and Gradle build files: a `src` beside one is a Java source root.
const JAVA_BUILD_FILES: &[&str] = &["pom.xml", "build.gradle", "build.gradle.kts"];
/// Directories outside a package chain that a module path may run through below its
/// source root; a file deeper than that has no source root.
const MAX_BELOW_ROOT: usize = 32;

/// The project a path belongs to: the nearest directory at or above it holding a
/// `pyproject.toml`, `setup.cfg`, `setup.py`, `Cargo.toml` or `.git`.
pub fn project_root(path: &Path) -> Option<PathBuf> {
    let start = if path.is_dir() { path } else { path.parent()? };
    let start = if start.as_os_str().is_empty() {
        Path::new(".")
    } else {
        start
    };
    let absolute = std::fs::canonicalize(start).ok()?;
    let nearest = absolute
        .ancestors()
        .find(|d| PROJECT_MARKERS.iter().any(|m| d.join(m).exists()))?;
    // Widened to the Cargo workspace that contains it: its member crates use each other.
    Some(workspace_of(nearest).unwrap_or(nearest).to_path_buf())
}

/// The project of a Python file outside any project (no marker above it): the directory
/// Python puts on `sys.path` when it runs the file as a script, the first one above the
/// file's package chain (`python app/bake.py` imports `app/utils/`), so that naming the
/// file alone reads what it imports as a run over that directory does. `None` for a
/// directory that is no project's (the file system's root, the home directory: a loose
/// script there does not make everything under it a project) and for other languages.
pub fn script_root(file: &Path) -> Option<PathBuf> {
    // A notebook's kernel starts in the notebook's directory, which is on `sys.path` too.
    if file.extension().is_none_or(|e| e != "py" && e != "ipynb") {
        return None;
    }
    // The directory, not the file: an editor's buffer may not be saved yet.
    let parent = file.parent().filter(|p| !p.as_os_str().is_empty());
    let absolute = std::fs::canonicalize(parent.unwrap_or(Path::new("."))).ok()?;
    let dir = (absolute.ancestors()).find(|d| !d.join("__init__.py").exists())?;
    let home = std::env::var_os("HOME").and_then(|h| std::fs::canonicalize(h).ok());
    if dir.parent().is_none() || home.as_deref() == Some(dir) {
        return None;
    }
    // A directory with nothing else the file could import or be imported by (another
    // module, a package or directory) is not walked: the file alone is its project.
    let name = file.file_name();
    let more = (std::fs::read_dir(dir).ok()?.flatten()).any(|e| {
        let path = e.path();
        Some(e.file_name().as_os_str()) != name
            && (path.is_dir() || path.extension().is_some_and(|x| x == "py" || x == "ipynb"))
    });
    more.then(|| dir.to_path_buf())
}

/// The nearest directory at or above `dir` whose `Cargo.toml` declares a `[workspace]`.
fn workspace_of(dir: &Path) -> Option<&Path> {
    dir.ancestors().find(|d| {
        std::fs::read_to_string(d.join("Cargo.toml"))
            .is_ok_and(|t| t.lines().any(|l| l.trim() == "[workspace]"))
    })
}

/// The crate a Rust file belongs to.
#[derive(Clone)]
struct RustCrate {
    dir: Arc<Path>,
    /// `dir/src`, where the module tree is.
    src: Arc<Path>,
    name: Arc<str>,
    /// The workspace, else the crate itself.
    namespace: Arc<Path>,
}

/// What follows `base` in `dir` (`None` when `dir` is not under it), by bytes when `dir`
/// starts with `base` and a separator (`Path::strip_prefix` compares them part by part).
#[cfg(unix)]
fn under<'a>(dir: &'a Path, base: &Path) -> Option<&'a Path> {
    use std::os::unix::ffi::OsStrExt;
    match dir
        .as_os_str()
        .as_bytes()
        .strip_prefix(base.as_os_str().as_bytes())
    {
        Some(b"") => Some(Path::new("")),
        // No `.` part, no doubled or trailing separator in what follows: as its parts say.
        Some([b'/', rest @ ..])
            if !rest.is_empty()
                && !rest.starts_with(b"/")
                && !rest.starts_with(b".")
                && !rest.ends_with(b"/")
                && memchr::memmem::find(rest, b"//").is_none()
                && memchr::memmem::find(rest, b"/.").is_none() =>
        {
            Some(Path::new(OsStr::from_bytes(rest)))
        }
        _ => dir.strip_prefix(base).ok(),
    }
}

#[cfg(not(unix))]
fn under<'a>(dir: &'a Path, base: &Path) -> Option<&'a Path> {
    dir.strip_prefix(base).ok()
}

/// Computes layouts, caching directory probes (many files share directories). Shared by the
/// threads that lay out a project's directories in parallel ([`Layouts::layout_all`]).
#[derive(Default)]
pub struct Layouts {
    /// Keyed by the path's bytes: hashing a `Path` splits it into components.
    exists: Mutex<HashMap<OsString, bool>>,
    crates: Mutex<HashMap<PathBuf, Option<String>>>,
    /// The namespace (workspace, else the crate itself) of each crate directory.
    workspaces: Mutex<HashMap<PathBuf, Arc<Path>>>,
    /// The declared source roots of each Python namespace.
    roots: Mutex<HashMap<PathBuf, Roots>>,
}

/// What the files of one directory share: a Python module path (without their own name)
/// and namespace, or a Rust crate.
enum DirLayout {
    Python(Arc<[String]>, Arc<Path>, Roots),
    Rust(Option<RustCrate>),
    /// A Java package (one segment, `com.acme.orders`; none in the default package) and the
    /// repository its source root is in.
    Java(Option<String>, Arc<Path>),
}

impl Layouts {
    fn exists(&self, p: PathBuf) -> bool {
        let known = self
            .exists
            .lock()
            .expect("not poisoned")
            .get(p.as_os_str())
            .copied();
        known.unwrap_or_else(|| {
            let found = p.exists();
            (self.exists.lock().expect("not poisoned")).insert(p.into_os_string(), found);
            found
        })
    }

    /// The layouts of files, by their canonical paths (the engine canonicalises each file
    /// once): each directory's part is found once, the directories in
    /// parallel (a project's directories are probed for markers, most of a pre-commit run's
    /// layout time).
    pub fn layout_all(&self, files: &[(&Path, Lang)]) -> Vec<Layout> {
        let mut index: HashMap<(&OsStr, Lang), usize> = HashMap::default();
        let mut dirs: Vec<(&Path, Lang)> = Vec::new();
        let slots: Vec<usize> = (files.iter())
            .map(|&(path, lang)| {
                let dir = crate::model::split_file(path).0;
                *index.entry((dir.as_os_str(), lang)).or_insert_with(|| {
                    dirs.push((dir, lang));
                    dirs.len() - 1
                })
            })
            .collect();
        let found: Vec<DirLayout> = (dirs.par_iter())
            .map(|&(dir, lang)| self.dir_layout(dir, lang))
            .collect();
        (files.par_iter().zip(slots))
            .map(|(&(path, _), slot)| file_layout(path, &found[slot]))
            .collect()
    }

    fn dir_layout(&self, dir: &Path, lang: Lang) -> DirLayout {
        match lang {
            Lang::Python => {
                let (module, namespace) = self.python_dir(dir);
                let roots = self.roots_of(&namespace);
                DirLayout::Python(module.into(), Arc::from(namespace), roots)
            }
            Lang::Rust => DirLayout::Rust(self.rust_crate(dir)),
            Lang::Java => {
                let (package, namespace) = self.java_dir(dir);
                DirLayout::Java(package, Arc::from(namespace))
            }
        }
    }

    /// A Java directory's package and namespace. The package is the directories under the
    /// source root (`src/main/java`, `src/test/java`, any `src/*/java`, a bare `src`, the top
    /// of an unpacked sources jar beside its `META-INF`); the
    /// namespace is the repository (`.git`) above it, so that the Maven or Gradle modules of
    /// one repository are one project, else the directory above the source root.
    fn java_dir(&self, start: &Path) -> (Option<String>, PathBuf) {
        let mut names = Vec::new();
        let mut root = None;
        for d in start.ancestors().take(MAX_BELOW_ROOT + 1) {
            let name = dir_name(d);
            let parent = d.parent();
            let grand = parent.and_then(Path::parent);
            let is_root = name == "java"
                && grand.is_some_and(|g| g.file_name().is_some_and(|n| n == "src"))
                || name == "src"
                    && parent
                        .is_some_and(|p| JAVA_BUILD_FILES.iter().any(|m| self.exists(p.join(m))));
            // An unpacked sources jar: its packages start beside its `META-INF`, and it is
            // one project.
            if !is_root && self.exists(d.join("META-INF")) {
                names.reverse();
                let package = (!names.is_empty()).then(|| names.join("."));
                return (package, d.to_path_buf());
            }
            if is_root {
                root = Some(d);
                break;
            }
            names.push(name);
        }
        let Some(root) = root else {
            return (None, start.to_path_buf());
        };
        names.reverse();
        let package = (!names.is_empty()).then(|| names.join("."));
        let repo = root
            .ancestors()
            .take(MAX_BELOW_ROOT + 1)
            .find(|d| self.exists(d.join(".git")));
        let above = root
            .ancestors()
            .nth(if name_is(root, "src") { 1 } else { 3 });
        let namespace = repo.or(above).unwrap_or(root);
        (package, namespace.to_path_buf())
    }

    /// The module path of a directory's files (without their own name) and their namespace.
    fn python_dir(&self, start: &Path) -> (Vec<String>, PathBuf) {
        // Below a source root namespace packages are allowed: the module path is the
        // directories under the root, whichever hold an `__init__.py`. So with a root close
        // above, no directory is probed for one (a probe per directory of the project).
        let mut names = Vec::new();
        for d in start.ancestors().take(MAX_BELOW_ROOT + 1) {
            if self.is_python_root(d) {
                names.reverse();
                return (names, self.python_project(d));
            }
            names.push(dir_name(d));
        }
        self.python_dir_by_packages(start)
    }

    /// [`Layouts::python_dir`] far from a source root, or with none: up through the package
    /// chain (`__init__.py`), then on to a source root.
    fn python_dir_by_packages(&self, start: &Path) -> (Vec<String>, PathBuf) {
        let mut module: Vec<String> = Vec::new();
        let mut dir = Some(start);
        let mut in_packages = true;
        let mut segments_above = Vec::new();
        // The first directory above the package chain: with no source root found, the
        // packages' namespace (every package under it sees the others, as on `sys.path`).
        let mut above_packages: Option<&Path> = None;
        while let Some(d) = dir {
            if self.is_python_root(d) {
                module.splice(0..0, segments_above.drain(..));
                let namespace = self.python_project(d);
                return (module, namespace);
            }
            let name = dir_name(d);
            if in_packages && self.exists(d.join("__init__.py")) {
                module.insert(0, name);
            } else {
                if in_packages {
                    above_packages = Some(d);
                }
                in_packages = false;
                segments_above.insert(0, name);
                if segments_above.len() > MAX_BELOW_ROOT {
                    break;
                }
            }
            dir = d.parent();
        }
        // No source root above. A script's directory holding its dependency file (a
        // repository copied without its `.git`: `controller.py` beside `requirements.txt`
        // and `kafkaLogic/`) is where it runs from, on `sys.path`: its directories are
        // namespace packages there.
        if let Some(d) = (start.ancestors().take(MAX_BELOW_ROOT + 1)).find(|d| self.runs_from(d)) {
            let mut names: Vec<String> = (start.ancestors())
                .take_while(|a| *a != d)
                .map(dir_name)
                .collect();
            names.reverse();
            return (names, d.to_path_buf());
        }
        // Else the package chain alone, in the directory above it.
        (module, above_packages.unwrap_or(start).to_path_buf())
    }

    /// A directory that is no package but holds a requirements file or `Pipfile`: what a
    /// project with no other marker runs from. (Only with no source root above: a test
    /// directory's own `requirements.txt` does not make it one.)
    fn runs_from(&self, d: &Path) -> bool {
        ["requirements.txt", "Pipfile"]
            .iter()
            .any(|m| self.exists(d.join(m)))
            && !self.exists(d.join("__init__.py"))
    }

    /// The module paths of the source roots a namespace's configuration declares (found
    /// once per namespace): each root directory laid out as a package directory is, in
    /// this namespace and not the namespace's own top level.
    fn roots_of(&self, namespace: &Path) -> Roots {
        if let Some(known) = self.roots.lock().expect("not poisoned").get(namespace) {
            return known.clone();
        }
        let found: Roots = (super::roots::declared(namespace).iter())
            .map(|d| self.python_dir(d))
            .filter(|(module, ns)| !module.is_empty() && ns == namespace)
            .map(|(module, _)| Arc::from(module))
            .collect();
        (self.roots.lock().expect("not poisoned")).insert(namespace.to_path_buf(), found.clone());
        found
    }

    /// A Python source root: a project's directory, or the `src/` of one.
    fn is_python_root(&self, d: &Path) -> bool {
        PYTHON_ROOT_MARKERS.iter().any(|m| self.exists(d.join(m)))
            || self.exists(d.join(".git"))
            || d.file_name().is_some_and(|n| n == "src")
                && d.parent()
                    .is_some_and(|p| PROJECT_MARKERS.iter().any(|m| self.exists(p.join(m))))
    }

    /// The Python project a source root belongs to: `src/` belongs to its parent.
    fn python_project(&self, root: &Path) -> PathBuf {
        let is_src = root.file_name().is_some_and(|n| n == "src")
            && !PYTHON_ROOT_MARKERS
                .iter()
                .any(|m| self.exists(root.join(m)));
        match (is_src, root.parent()) {
            (true, Some(parent)) => parent.to_path_buf(),
            _ => root.to_path_buf(),
        }
    }

    /// The crate a directory's Rust files belong to.
    fn rust_crate(&self, dir: &Path) -> Option<RustCrate> {
        dir.ancestors().find_map(|d| {
            let name = self.crate_name(d)?;
            let known = (self.workspaces.lock().expect("not poisoned"))
                .get(d)
                .cloned();
            // Found outside the lock: it reads the `Cargo.toml` of every directory above.
            let namespace = known.unwrap_or_else(|| {
                let found: Arc<Path> = Arc::from(workspace_of(d).unwrap_or(d));
                (self.workspaces.lock().expect("not poisoned"))
                    .insert(d.to_path_buf(), found.clone());
                found
            });
            Some(RustCrate {
                src: Arc::from(d.join("src")),
                dir: Arc::from(d),
                name: Arc::from(name),
                namespace,
            })
        })
    }

    /// The crate name of a directory holding a `Cargo.toml` with a `[package]` (hyphens
    /// become underscores, as in paths).
    fn crate_name(&self, dir: &Path) -> Option<String> {
        if let Some(n) = self.crates.lock().expect("not poisoned").get(dir) {
            return n.clone();
        }
        let name = std::fs::read_to_string(dir.join("Cargo.toml"))
            .ok()
            .and_then(|text| text.parse::<toml::Table>().ok())
            .and_then(|t| {
                t.get("package")?
                    .get("name")?
                    .as_str()
                    .map(|s| s.replace('-', "_"))
            });
        (self.crates.lock().expect("not poisoned")).insert(dir.to_path_buf(), name.clone());
        name
    }
}

/// A directory's name as a module path segment.
fn dir_name(d: &Path) -> String {
    d.file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("")
        .to_string()
}

/// A file's layout from its directory's.
fn file_layout(path: &Path, dir: &DirLayout) -> Layout {
    match dir {
        DirLayout::Python(module, namespace, roots) => Layout {
            roots: roots.clone(),
            ..python_file(path, module, namespace)
        },
        DirLayout::Rust(krate) => rust_file(path, krate.as_ref()),
        DirLayout::Java(package, namespace) => java_file(path, package.as_deref(), namespace),
    }
}

/// A Java file's module: its package and its class (the file's name).
fn java_file(path: &Path, package: Option<&str>, namespace: &Arc<Path>) -> Layout {
    let stem = stem_of(crate::model::split_file(path).1);
    let module: Vec<String> = package
        .map(str::to_string)
        .into_iter()
        .chain([stem.to_string()])
        .collect();
    Layout {
        module: module.into(),
        is_package: false,
        namespace: namespace.clone(),
        roots: Arc::from([]),
    }
}

fn name_is(d: &Path, name: &str) -> bool {
    d.file_name().is_some_and(|n| n == name)
}

fn python_file(path: &Path, dir_module: &Arc<[String]>, namespace: &Arc<Path>) -> Layout {
    let stem = stem_of(crate::model::split_file(path).1);
    let is_package = stem == "__init__";
    // A package's own file is its directory's module (shared); another file's module is
    // that one and its name.
    let module = if is_package {
        dir_module.clone()
    } else {
        let mut module = Vec::with_capacity(dir_module.len() + 1);
        module.extend(dir_module.iter().cloned());
        module.push(stem.to_string());
        module.into()
    };
    Layout {
        module,
        is_package,
        namespace: namespace.clone(),
        roots: Arc::from([]),
    }
}

fn rust_file(path: &Path, krate: Option<&RustCrate>) -> Layout {
    let (dir, name) = crate::model::split_file(path);
    let Some(krate) = krate else {
        // Outside any crate: no module tree, nothing can `use` it.
        return Layout::default();
    };
    let namespace = krate.namespace.clone();
    // The directories under `src/` (the file's own directory's part of its path).
    let Some(rel_dir) = under(dir, &krate.src) else {
        // tests/, examples/, benches/: each file is a crate root of its own, whose name
        // no `use` path can spell (so `use foo::..` never means `tests/foo.rs`).
        return own_crate_root(path, &krate.dir, namespace);
    };
    let segments: Vec<String> = rel_dir
        .iter()
        .map(|s| s.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if segments.first().is_some_and(|s| s == "bin") {
        return own_crate_root(path, &krate.dir, namespace);
    }
    let last = name.to_string_lossy();
    let last = last.trim_end_matches(".rs");
    let mut module = Vec::with_capacity(segments.len() + 2);
    module.push(krate.name.to_string());
    module.extend(segments);
    let is_package = match last {
        "lib" | "main" if module.len() == 1 => true,
        "mod" => true,
        _ => {
            module.push(last.to_string());
            false
        }
    };
    Layout {
        module: module.into(),
        is_package,
        namespace,
        roots: Arc::from([]),
    }
}

/// A file that is a crate root of its own (a test, example, bench or binary).
fn own_crate_root(path: &Path, crate_dir: &Path, namespace: Arc<Path>) -> Layout {
    let rel = path.strip_prefix(crate_dir).unwrap_or(path);
    Layout {
        module: Arc::from([rel.to_string_lossy().into_owned()]),
        is_package: true,
        namespace,
        roots: Arc::from([]),
    }
}

/// A file name without its extension, as `Path::file_stem` gives it ("module" when it is not
/// UTF-8).
fn stem_of(name: &OsStr) -> &str {
    let Some(name) = name.to_str() else {
        return "module";
    };
    match name.rfind('.') {
        Some(0) | None => name,
        Some(i) => &name[..i],
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// Every directory of up to six characters from `/`, `.`, `a` and `b` under the bases
    /// `/a` and `a`: `under` gives the parts `Path::strip_prefix` gives.
    #[test]
    fn under_agrees_with_strip_prefix() {
        let rests = crate::model::every_string(&["/", ".", "a", "b"], 6);
        for base in ["/a", "a"] {
            for rest in &rests {
                let dir = format!("{base}{rest}");
                let (dir, base) = (Path::new(&dir), Path::new(base));
                fn parts(p: Option<&Path>) -> Option<Vec<&std::ffi::OsStr>> {
                    p.map(|p| p.iter().collect())
                }
                assert_eq!(
                    parts(super::under(dir, base)),
                    parts(dir.strip_prefix(base).ok()),
                    "{dir:?} {base:?}"
                );
            }
        }
    }

    #[test]
    fn split_file_and_stem_agree_with_path() {
        for p in [
            "/a/b/c.py",
            "/c.py",
            "c.py",
            "a/__init__.py",
            "/a/.hidden",
            "/a/b.tar.gz",
            "/a/b/",
            "/a/..",
            "/a/.",
            "..",
            ".",
            "/",
            "",
            "a//b.py",
            "/a/b/noext",
        ] {
            let path = Path::new(p);
            let (dir, name) = crate::model::split_file(path);
            assert_eq!(dir, path.parent().unwrap_or(Path::new("")), "{p:?}");
            assert_eq!(name, path.file_name().unwrap_or_default(), "{p:?}");
            let stem = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("module");
            if path.file_name().is_some() {
                assert_eq!(super::stem_of(name), stem, "{p:?}");
            }
        }
    }
}

#[cfg(test)]
mod probe_tests {
    use super::Layouts;
    use std::path::{Path, PathBuf};

    /// A tree of every kind of directory a module path runs through: source roots (a
    /// `pyproject.toml`, a `.git`, a `src/` of a project), packages with and without an
    /// `__init__.py` under and outside roots, a marker-less package tree, and chains deeper
    /// than a module path may run below its root.
    fn tree(base: &Path) -> Vec<PathBuf> {
        let dirs = [
            "proj/pkg/sub",
            "proj/ns/pkg",
            "proj/src/app/core",
            "proj/nested/pyproject_here/pkg",
            "repo/tools/scripts",
            "loose/pkg/inner/plain/pkg2",
            "loose/plain",
        ];
        let deep: String = (0..40).map(|i| format!("d{i}/")).collect();
        let mut all: Vec<PathBuf> = Vec::new();
        for d in dirs
            .iter()
            .map(|d| d.to_string())
            .chain([format!("proj/{deep}"), format!("loose/pkg/{deep}")])
        {
            let path = base.join(d.trim_end_matches('/'));
            std::fs::create_dir_all(&path).expect("test tree");
            all.extend(
                path.ancestors()
                    .take_while(|a| a.starts_with(base))
                    .map(Path::to_path_buf),
            );
        }
        for f in [
            "proj/pyproject.toml",
            "proj/pkg/__init__.py",
            "proj/pkg/sub/__init__.py",
            "proj/ns/pkg/__init__.py",
            "proj/src/app/__init__.py",
            "proj/nested/pyproject_here/pyproject.toml",
            "loose/pkg/__init__.py",
            "loose/pkg/inner/__init__.py",
            "loose/pkg/inner/plain/pkg2/__init__.py",
        ] {
            std::fs::write(base.join(f), "").expect("test tree");
        }
        std::fs::create_dir_all(base.join("repo/.git")).expect("test tree");
        // Packages all the way down one deep chain: under a root, and with none.
        for d in ["proj", "loose/pkg"] {
            let mut p = base.join(d);
            for i in 0..40 {
                p.push(format!("d{i}"));
                if i % 7 != 3 {
                    std::fs::write(p.join("__init__.py"), "").expect("test tree");
                }
            }
        }
        all.sort();
        all.dedup();
        all
    }

    /// Skipping the `__init__.py` probes near a source root gives the module paths and
    /// namespaces that following the package chain gives, in every directory of the tree.
    #[test]
    fn module_paths_near_a_root_need_no_package_probes() {
        let base = std::env::temp_dir().join(format!("offsetlint-layout-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        let dirs = tree(&base);
        let layouts = Layouts::default();
        let mut deep_seen = 0;
        for d in &dirs {
            let fast = layouts.python_dir(d);
            assert_eq!(fast, layouts.python_dir_by_packages(d), "{}", d.display());
            deep_seen += usize::from(fast.0.len() > super::MAX_BELOW_ROOT);
        }
        // The deep chains are laid out by the package walk (module paths longer than a
        // root-relative path may run).
        assert!(deep_seen > 0);
        let _ = std::fs::remove_dir_all(&base);
    }
}
