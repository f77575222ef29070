//! Finding the files to lint: walkdir over each argument, skipping VCS, virtualenv and build
//! directories, honouring `.gitignore` files at and below each root. Files named on the
//! command line are always linted (pre-commit passes file names). Symlinked directories are
//! not followed, so symlink cycles cannot loop; a symlinked file is linted only when its
//! target is inside the root being walked. FIFOs, sockets and devices are never opened: they
//! are reported as skipped (a warning) when their name has a source extension.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use globset::GlobSet;
use ignore::gitignore::{Gitignore, GitignoreBuilder};
use walkdir::WalkDir;

use crate::error::Error;
use crate::model::Lang;

const SKIP_DIRS: &[&str] = &[
    ".git",
    ".hg",
    ".svn",
    "node_modules",
    "target",
    "__pycache__",
    ".venv",
    "venv",
    ".tox",
    ".nox",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    ".eggs",
    "site-packages",
];

pub fn language(path: &Path) -> Option<Lang> {
    match path.extension()?.to_str()? {
        "py" | "pyi" => Some(Lang::Python),
        "rs" => Some(Lang::Rust),
        _ => None,
    }
}

#[derive(Clone, Copy)]
pub struct WalkOptions<'a> {
    pub respect_gitignore: bool,
    pub exclude: &'a GlobSet,
    /// Apply `exclude` to files named explicitly too (for pre-commit).
    pub force_exclude: bool,
    /// Larger files are skipped with a warning (read by the engine).
    pub max_file_size: u64,
}

/// The files to lint, in a stable order, and the errors met on the way.
pub fn discover(paths: &[PathBuf], opts: &WalkOptions) -> (Vec<(PathBuf, Lang)>, Vec<Error>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    for root in paths {
        let meta = match std::fs::metadata(root) {
            Ok(m) => m,
            Err(_) => {
                errors.push(Error::MissingPath { path: root.clone() });
                continue;
            }
        };
        if !meta.is_dir() {
            let excluded = opts.force_exclude && is_excluded(opts.exclude, root, root);
            if let (Some(lang), false) = (language(root), excluded) {
                if meta.is_file() {
                    files.push((root.clone(), lang));
                } else {
                    errors.push(Error::NotRegular {
                        path: root.clone(),
                        kind: super::read::kind_of(&meta),
                    });
                }
            }
            continue;
        }
        walk_dir(root, opts, &mut files, &mut errors);
    }
    files.sort();
    files.dedup();
    (files, errors)
}

fn is_excluded(exclude: &GlobSet, root: &Path, path: &Path) -> bool {
    let rel = path.strip_prefix(root).unwrap_or(path);
    exclude.is_match(path)
        || exclude.is_match(rel)
        || path.file_name().is_some_and(|n| exclude.is_match(n))
}

fn walk_dir(
    root: &Path,
    opts: &WalkOptions,
    files: &mut Vec<(PathBuf, Lang)>,
    errors: &mut Vec<Error>,
) {
    let mut ignores: HashMap<PathBuf, Gitignore> = HashMap::new();
    let canonical_root = std::fs::canonicalize(root).ok();
    let walker = WalkDir::new(root)
        .follow_links(false)
        .into_iter()
        .filter_entry(|e| {
            if e.depth() == 0 {
                return true;
            }
            let is_dir = e.file_type().is_dir();
            if is_dir
                && e.file_name()
                    .to_str()
                    .is_some_and(|n| SKIP_DIRS.contains(&n))
            {
                return false;
            }
            // A virtualenv under another name.
            if is_dir && e.path().join("pyvenv.cfg").is_file() {
                return false;
            }
            if is_excluded(opts.exclude, root, e.path()) {
                return false;
            }
            !(opts.respect_gitignore && gitignored(&mut ignores, root, e.path(), is_dir))
        });
    for entry in walker {
        match entry {
            Ok(e) => {
                let path = e.path();
                let Some(lang) = language(path) else {
                    continue;
                };
                let file_type = e.file_type();
                if file_type.is_file() {
                    files.push((clean(path), lang));
                } else if file_type.is_symlink() {
                    // Symlinks to files inside the root are linted; symlinks to directories
                    // are not followed, nor symlinks leading out of the root.
                    let target = std::fs::canonicalize(path).ok();
                    let inside = match (&target, &canonical_root) {
                        (Some(t), Some(r)) => t.starts_with(r),
                        _ => false,
                    };
                    if inside && path.is_file() {
                        files.push((clean(path), lang));
                    }
                } else if !file_type.is_dir() {
                    if let Ok(meta) = e.metadata() {
                        errors.push(Error::NotRegular {
                            path: clean(path),
                            kind: super::read::kind_of(&meta),
                        });
                    }
                }
            }
            Err(err) => {
                let path = err
                    .path()
                    .map(Path::to_path_buf)
                    .unwrap_or_else(|| root.to_path_buf());
                errors.push(Error::Walk {
                    path,
                    message: err.to_string(),
                });
            }
        }
    }
}

/// `./a/b.py` → `a/b.py`: paths read as the user wrote them, without the noise.
fn clean(path: &Path) -> PathBuf {
    path.strip_prefix(".")
        .map(Path::to_path_buf)
        .unwrap_or_else(|_| path.to_path_buf())
}

/// Whether any `.gitignore` between `root` and `path` ignores it (the deepest decision wins).
fn gitignored(
    cache: &mut HashMap<PathBuf, Gitignore>,
    root: &Path,
    path: &Path,
    is_dir: bool,
) -> bool {
    let mut dirs: Vec<&Path> = path
        .ancestors()
        .skip(1)
        .take_while(|d| d.starts_with(root))
        .collect();
    dirs.reverse();
    let mut ignored = false;
    for dir in dirs {
        let gi = cache.entry(dir.to_path_buf()).or_insert_with(|| {
            let mut b = GitignoreBuilder::new(dir);
            let file = dir.join(".gitignore");
            if file.is_file() {
                // A malformed line is skipped by the builder; the rest still applies.
                let _ = b.add(file);
            }
            b.build().unwrap_or_else(|_| Gitignore::empty())
        });
        let m = gi.matched(path, is_dir);
        if m.is_ignore() {
            ignored = true;
        } else if m.is_whitelist() {
            ignored = false;
        }
    }
    ignored
}
