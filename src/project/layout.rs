//! Where each file sits in its language's module tree, from the file system alone: Python
//! packages (`__init__.py` chains) under source roots (the project root, `src/`, any directory
//! with a `pyproject.toml` / `setup.py` / `setup.cfg`), Rust crates (`Cargo.toml`, `src/lib.rs`,
//! `x.rs` and `x/mod.rs`).

use std::ffi::{OsStr, OsString};
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

/// Computes layouts, caching directory probes (many files share directories).
#[derive(Default)]
pub struct Layouts {
    /// Keyed by the path's bytes, like the directory caches below.
    exists: HashMap<OsString, bool>,
    crates: HashMap<PathBuf, Option<String>>,
    /// The crate of each directory's Rust files (one lookup per file, not one per ancestor:
    /// hashing a path walks its components).
    rust_dirs: HashMap<OsString, Option<RustCrate>>,
    /// The module path and namespace of each directory's Python files.
    /// Keyed by the path's bytes: hashing a `Path` splits it into components.
    python_dirs: HashMap<OsString, (Arc<[String]>, Arc<Path>)>,
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
        let (dir, name) = crate::model::split_file(path);
        let stem = stem_of(name);
        let is_package = stem == "__init__";
        let (dir_module, namespace) = match self.python_dirs.get(dir.as_os_str()) {
            Some(known) => known.clone(),
            None => {
                let (module, namespace) = self.python_dir(dir);
                let found: (Arc<[String]>, Arc<Path>) = (module.into(), Arc::from(namespace));
                self.python_dirs
                    .insert(dir.as_os_str().to_owned(), found.clone());
                found
            }
        };
        // A package's own file is its directory's module (shared); another file's module is
        // that one and its name.
        let module = if is_package {
            dir_module
        } else {
            let mut module = Vec::with_capacity(dir_module.len() + 1);
            module.extend(dir_module.iter().cloned());
            module.push(stem.to_string());
            module.into()
        };
        Layout {
            module,
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
        // The first directory above the package chain: with no source root found, the
        // packages' namespace (every package under it sees the others, as on `sys.path`).
        let mut above_packages: Option<&Path> = None;
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
                if in_packages {
                    above_packages = Some(d);
                }
                in_packages = false;
                segments_above.insert(0, name);
                if segments_above.len() > 32 {
                    break;
                }
            }
            dir = d.parent();
        }
        // No source root above: the package chain alone, in the directory above it.
        (module, above_packages.unwrap_or(start).to_path_buf())
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
        let (dir, name) = crate::model::split_file(path);
        let found = match self.rust_dirs.get(dir.as_os_str()) {
            Some(known) => known.clone(),
            None => {
                let found = dir.ancestors().find_map(|d| {
                    let name = self.crate_name(d)?;
                    let namespace: Arc<Path> = (self.workspaces)
                        .entry(d.to_path_buf())
                        .or_insert_with_key(|d| Arc::from(workspace_of(d).unwrap_or(d)))
                        .clone();
                    Some(RustCrate {
                        src: Arc::from(d.join("src")),
                        dir: Arc::from(d),
                        name: Arc::from(name),
                        namespace,
                    })
                });
                self.rust_dirs
                    .insert(dir.as_os_str().to_owned(), found.clone());
                found
            }
        };
        let Some(krate) = found else {
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
