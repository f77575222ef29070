//! Where each file sits in its language's module tree, from the file system alone: Python
//! packages (`__init__.py` chains) under source roots (the project root, `src/`, any directory
//! with a `pyproject.toml` / `setup.py` / `setup.cfg`), Rust crates (`Cargo.toml`, `src/lib.rs`,
//! `x.rs` and `x/mod.rs`).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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
    /// Python: the project directory (nearest `pyproject.toml`, `setup.cfg`, `setup.py` or
    /// `.git`); Rust: the Cargo workspace root, else the crate directory.
    pub namespace: Arc<Path>,
}

impl Default for Layout {
    fn default() -> Self {
        Layout {
            module: Arc::from([]),
            is_package: false,
            namespace: Arc::from(Path::new("")),
        }
    }
}

/// Files that mark a project's root directory.
const PROJECT_MARKERS: &[&str] = &[
    "pyproject.toml",
    "setup.cfg",
    "setup.py",
    "Cargo.toml",
    ".git",
];
const PYTHON_ROOT_MARKERS: &[&str] = &["pyproject.toml", "setup.cfg", "setup.py"];

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

/// The nearest directory at or above `dir` whose `Cargo.toml` declares a `[workspace]`.
fn workspace_of(dir: &Path) -> Option<&Path> {
    dir.ancestors().find(|d| {
        std::fs::read_to_string(d.join("Cargo.toml"))
            .is_ok_and(|t| t.lines().any(|l| l.trim() == "[workspace]"))
    })
}

/// Computes layouts, caching directory probes (many files share directories).
#[derive(Default)]
pub struct Layouts {
    /// Keyed by the path's bytes, like the directory caches below.
    exists: HashMap<OsString, bool>,
    crates: HashMap<PathBuf, Option<String>>,
    /// The crate directory and name of each directory's Rust files (one lookup per file, not
    /// one per ancestor: hashing a path walks its components).
    rust_dirs: HashMap<OsString, Option<(PathBuf, String)>>,
    /// The module path and namespace of each directory's Python files.
    /// Keyed by the path's bytes: hashing a `Path` splits it into components.
    python_dirs: HashMap<OsString, (Vec<String>, Arc<Path>)>,
    /// The namespace (workspace, else the crate itself) of each crate directory.
    workspaces: HashMap<PathBuf, Arc<Path>>,
}

impl Layouts {
    fn exists(&mut self, p: PathBuf) -> bool {
        *(self.exists.entry(p.into_os_string())).or_insert_with_key(|p| Path::new(p).exists())
    }

    /// The layout of a file, by its canonical path (the engine canonicalises each file once).
    pub fn layout(&mut self, path: &Path, lang: Lang) -> Layout {
        match lang {
            Lang::Python => self.python(path),
            Lang::Rust => self.rust(path),
        }
    }

    fn python(&mut self, path: &Path) -> Layout {
        let stem = stem(path);
        let is_package = stem == "__init__";
        let dir = path.parent().unwrap_or(Path::new(""));
        let (mut module, namespace) = match self.python_dirs.get(dir.as_os_str()) {
            Some(known) => known.clone(),
            None => {
                let (module, namespace) = self.python_dir(dir);
                let found = (module, Arc::from(namespace));
                self.python_dirs
                    .insert(dir.as_os_str().to_owned(), found.clone());
                found
            }
        };
        if !is_package {
            module.push(stem);
        }
        Layout {
            module: module.into(),
            is_package,
            namespace,
        }
    }

    /// The module path of a directory's files (without their own name) and their namespace.
    fn python_dir(&mut self, start: &Path) -> (Vec<String>, PathBuf) {
        let mut module: Vec<String> = Vec::new();
        let mut dir = Some(start);
        // Up through packages, then on to a source root (namespace packages allowed there).
        let mut in_packages = true;
        let mut segments_above = Vec::new();
        while let Some(d) = dir {
            let is_root = PYTHON_ROOT_MARKERS.iter().any(|m| self.exists(d.join(m)))
                || self.exists(d.join(".git"))
                || d.file_name().is_some_and(|n| n == "src")
                    && d.parent()
                        .is_some_and(|p| PROJECT_MARKERS.iter().any(|m| self.exists(p.join(m))));
            if is_root {
                module.splice(0..0, segments_above.drain(..));
                let namespace = self.python_project(d);
                return (module, namespace);
            }
            let name = d
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or("")
                .to_string();
            if in_packages && self.exists(d.join("__init__.py")) {
                module.insert(0, name);
            } else {
                in_packages = false;
                segments_above.insert(0, name);
                if segments_above.len() > 32 {
                    break;
                }
            }
            dir = d.parent();
        }
        // No source root above: the package chain alone.
        (module, start.to_path_buf())
    }

    /// The Python project a source root belongs to: `src/` belongs to its parent.
    fn python_project(&mut self, root: &Path) -> PathBuf {
        let is_src = root.file_name().is_some_and(|n| n == "src")
            && !PYTHON_ROOT_MARKERS
                .iter()
                .any(|m| self.exists(root.join(m)));
        match (is_src, root.parent()) {
            (true, Some(parent)) => parent.to_path_buf(),
            _ => root.to_path_buf(),
        }
    }

    fn rust(&mut self, path: &Path) -> Layout {
        let dir = path.parent().unwrap_or(Path::new(""));
        let found = match self.rust_dirs.get(dir.as_os_str()) {
            Some(known) => known.clone(),
            None => {
                let found = dir.ancestors().find_map(|d| {
                    let name = self.crate_name(d)?;
                    Some((d.to_path_buf(), name))
                });
                self.rust_dirs
                    .insert(dir.as_os_str().to_owned(), found.clone());
                found
            }
        };
        let Some((crate_dir, name)) = found else {
            // Outside any crate: no module tree, nothing can `use` it.
            return Layout::default();
        };
        let namespace = self
            .workspaces
            .entry(crate_dir.clone())
            .or_insert_with_key(|d| Arc::from(workspace_of(d).unwrap_or(d)))
            .clone();
        let Ok(rel) = path.strip_prefix(crate_dir.join("src")) else {
            // tests/, examples/, benches/: each file is a crate root of its own, whose name
            // no `use` path can spell (so `use foo::..` never means `tests/foo.rs`).
            return own_crate_root(path, &crate_dir, namespace);
        };
        let mut segments: Vec<String> = rel
            .iter()
            .map(|s| s.to_string_lossy().trim_end_matches(".rs").to_string())
            .collect();
        let last = segments.pop().unwrap_or_default();
        if segments.first().is_some_and(|s| s == "bin") {
            return own_crate_root(path, &crate_dir, namespace);
        }
        let mut module = vec![name];
        module.extend(segments);
        let is_package = match last.as_str() {
            "lib" | "main" if module.len() == 1 => true,
            "mod" => true,
            _ => {
                module.push(last);
                false
            }
        };
        Layout {
            module: module.into(),
            is_package,
            namespace,
        }
    }

    /// The crate name of a directory holding a `Cargo.toml` with a `[package]` (hyphens
    /// become underscores, as in paths).
    fn crate_name(&mut self, dir: &Path) -> Option<String> {
        if let Some(n) = self.crates.get(dir) {
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
        self.crates.insert(dir.to_path_buf(), name.clone());
        name
    }
}

/// A file that is a crate root of its own (a test, example, bench or binary).
fn own_crate_root(path: &Path, crate_dir: &Path, namespace: Arc<Path>) -> Layout {
    let rel = path.strip_prefix(crate_dir).unwrap_or(path);
    Layout {
        module: Arc::from([rel.to_string_lossy().into_owned()]),
        is_package: true,
        namespace,
    }
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("module")
        .to_string()
}
