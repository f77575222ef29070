//! Finding the files to lint. Directories are walked with the `ignore` crate as ruff does:
//! `.gitignore` files (at, below and above the walked directory), `.git/info/exclude`, git's
//! global excludes file and `.ignore` files are honoured as git does, and only inside a git
//! work tree (all read by [`super::ignore_files`], not by the crate);
//! hidden files are linted. VCS, virtualenv (any directory holding `pyvenv.cfg`)
//! and build directories are skipped. Each entry is tested against the `exclude` patterns of
//! the configuration that applies to its directory (relative to that configuration file's
//! directory, whatever the spelling of the argument). Files named on the command line are
//! always linted, unless `--force-exclude` and an exclude pattern matches them or a directory
//! above them. Symlinked directories are not followed, so symlink cycles cannot loop; a
//! symlinked file is linted only when its target is inside the root being walked. FIFOs,
//! sockets and devices are never opened: they are reported as skipped (a warning) when their
//! name has a source extension. Paths are reported relative to the working directory when
//! they are under it, else as given.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ignore::WalkBuilder;
use rayon::slice::ParallelSliceMut;

use super::ignore_files::IgnoreFiles;
use crate::config::{absolute, shown_path, ConfigResolver};
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
    if crate::frontend::spring_boot::is_config_file(path) {
        return Some(Lang::Java);
    }
    let extension = path.extension()?.to_str()?;
    EXTENSIONS
        .iter()
        .find(|(e, _)| *e == extension)
        .map(|&(_, lang)| lang)
}

/// The extensions linted (`crate::error::SOURCE_FILES` names them in messages); a notebook's
/// code cells are Python (`notebook`).
const EXTENSIONS: &[(&str, Lang)] = &[
    ("py", Lang::Python),
    ("pyi", Lang::Python),
    ("ipynb", Lang::Python),
    ("rs", Lang::Rust),
    ("java", Lang::Java),
];

#[derive(Clone)]
pub struct WalkOptions {
    /// The settings of each directory (excludes, gitignore, size limit).
    pub configs: Arc<ConfigResolver>,
    /// Apply `exclude` to paths named explicitly too (for pre-commit).
    pub force_exclude: bool,
    /// Targets linted together at the most (`None`: the engine's default); see
    /// `engine::batches`.
    pub batch_targets: Option<usize>,
}

impl WalkOptions {
    /// Whether a path named on the command line is excluded (with `--force-exclude`): it or
    /// a directory above it matches an exclude pattern of the configuration applying there.
    pub fn explicitly_excluded(&self, path: &Path) -> bool {
        self.force_exclude && self.configs.excluded(path)
    }
}

/// The files to lint, in a stable order, and the errors met on the way.
/// A file found: its path as reported, its language, and its canonical path when the walk
/// knows it (a file named on the command line is not looked at).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Found {
    pub path: PathBuf,
    pub lang: Lang,
    pub canonical: Option<PathBuf>,
}

pub fn discover(paths: &[PathBuf], opts: &WalkOptions) -> (Vec<Found>, Vec<Error>) {
    discover_as(paths, opts, Report::Shown)
}

/// The files under `roots` (directories), by their canonical paths only (in [`Found::path`];
/// `canonical` is `None`): the other files of the targets' projects, which are never shown
/// under the path they were walked by.
pub fn discover_canonical(roots: &[PathBuf], opts: &WalkOptions) -> Vec<Found> {
    discover_as(roots, opts, Report::Canonical).0
}

/// What a walk reports of each file it finds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Report {
    /// The path as shown to the user, and the canonical path when the walk knows it.
    Shown,
    /// The canonical path alone.
    Canonical,
}

fn discover_as(paths: &[PathBuf], opts: &WalkOptions, report: Report) -> (Vec<Found>, Vec<Error>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    let cwd = opts.configs.cwd().to_path_buf();
    for root in paths {
        let meta = match std::fs::metadata(root) {
            Ok(m) => m,
            Err(_) => {
                errors.push(Error::MissingPath { path: root.clone() });
                continue;
            }
        };
        if opts.explicitly_excluded(root) {
            continue;
        }
        if !meta.is_dir() {
            if let Some(lang) = language(root) {
                if meta.is_file() {
                    files.push(Found {
                        path: shown_path(root, &cwd),
                        lang,
                        canonical: None,
                    });
                } else {
                    errors.push(Error::NotRegular {
                        path: root.clone(),
                        kind: super::read::kind_of(&meta),
                    });
                }
            }
            continue;
        }
        // A project root inside one walked before (a crate of a Python repository): that
        // walk went through it, with the same filters, if it found a file there.
        if report == Report::Canonical
            && files
                .iter()
                .any(|f| crate::config::strip_prefix(&f.path, root).is_some())
        {
            continue;
        }
        walk_dir(root, opts, &cwd, report, &mut files, &mut errors);
    }
    // In path order (component by component), compared as bytes with the separator lowest,
    // which orders walked paths the same way without splitting each into components at
    // every comparison (that sort was a third of a pre-commit run's instructions).
    files.par_sort_by(|a, b| path_order(&a.path, &b.path));
    files.dedup_by(|a, b| a.lang == b.lang && crate::config::same_path(&a.path, &b.path));
    (files, errors)
}

fn walk_dir(
    root: &Path,
    opts: &WalkOptions,
    cwd: &Path,
    report: Report,
    files: &mut Vec<Found>,
    errors: &mut Vec<Error>,
) {
    let canonical_root = std::fs::canonicalize(root).ok();
    let abs_root = absolute(root);
    let respect_gitignore = opts.configs.for_dir(&abs_root).respect_gitignore;
    let ignore_files = Arc::new(IgnoreFiles::new(cwd));
    let filter_ignores = ignore_files.clone();
    let configs = opts.configs.clone();
    let filter_root = abs_root.clone();
    let given_root = root.to_path_buf();
    // A root given absolute and normal (a project's root always is): every walked path is
    // its own absolute path (the walk joins plain names to the root).
    let root_is_absolute = given_root.as_os_str() == filter_root.as_os_str();
    let mut builder = WalkBuilder::new(root);
    builder
        // What git ignores is decided by `IgnoreFiles` (`filter_entry`), not by the crate.
        .standard_filters(false)
        .hidden(false)
        .follow_links(false)
        .filter_entry(move |e| {
            if e.depth() == 0 {
                return true;
            }
            let is_dir = e.file_type().is_some_and(|t| t.is_dir());
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
            // Below the root: its absolute path is the root's plus what the walk added.
            let abs = if root_is_absolute {
                std::borrow::Cow::Borrowed(e.path())
            } else {
                match crate::config::strip_prefix(e.path(), &given_root) {
                    Some(rel) => std::borrow::Cow::Owned(filter_root.join(rel)),
                    None => std::borrow::Cow::Owned(absolute(e.path())),
                }
            };
            // The absolute path's directory (none for `/` itself).
            let excluded = match crate::model::split_file(&abs).0 {
                dir if dir.as_os_str().is_empty() => false,
                dir => configs.for_dir(dir).is_excluded(&abs),
            };
            if excluded {
                return false;
            }
            !(respect_gitignore && filter_ignores.ignored(&abs, is_dir))
        });
    let visit = |entry| visit_entry(entry, root, cwd, canonical_root.as_deref(), report);
    // Directories are walked on several threads; what is found is sorted by the caller and
    // the errors here by their message, so the order does not depend on the threads.
    let outcomes = std::sync::Mutex::new(Vec::new());
    builder.build_parallel().run(|| {
        Box::new(|entry| {
            if let Some(outcome) = visit(entry) {
                outcomes.lock().expect("not poisoned").push(outcome);
            }
            ignore::WalkState::Continue
        })
    });
    let mut found_errors = Vec::new();
    for outcome in outcomes.into_inner().expect("not poisoned") {
        match outcome {
            Ok(found) => files.push(found),
            Err(e) => found_errors.push((e.to_string(), e)),
        }
    }
    found_errors.sort_by(|a, b| a.0.cmp(&b.0));
    errors.extend(found_errors.into_iter().map(|(_, e)| e));
    errors.extend(ignore_files.take_errors());
}

/// What one entry of a walk gives: a file to lint, an error, or nothing.
fn visit_entry(
    entry: Result<ignore::DirEntry, ignore::Error>,
    root: &Path,
    cwd: &Path,
    canonical_root: Option<&Path>,
    report: Report,
) -> Option<Result<Found, Error>> {
    let e = match entry {
        Ok(e) => e,
        // A malformed ignore-file line is skipped; the rest of it still applies.
        Err(err) if is_ignore_file_error(&err) => return None,
        Err(err) => {
            return Some(Err(Error::Walk {
                path: root.to_path_buf(),
                message: err.to_string(),
            }))
        }
    };
    let lang = language(e.path())?;
    let file_type = e.file_type()?;
    if file_type.is_file() {
        // The walk follows no symlink, so below the canonical root every directory is real
        // and the file's canonical path is the root's joined with the rest (no system call
        // per directory to resolve it again); the walked path itself when the root is
        // canonical (as a project's root is).
        let path = e.into_path();
        let root_is_canonical = canonical_root.is_some_and(|r| r.as_os_str() == root.as_os_str());
        if root_is_canonical && report == Report::Canonical {
            return Some(Ok(Found {
                path,
                lang,
                canonical: None,
            }));
        }
        let canonical = match canonical_root {
            Some(_) if root_is_canonical => Some(path.clone()),
            Some(r) => crate::config::strip_prefix(&path, root).map(|rel| r.join(rel)),
            None => None,
        };
        return Some(Ok(found(path, lang, canonical, cwd, report)));
    }
    let path = e.path();
    if file_type.is_symlink() {
        // Symlinks to files inside the root are linted; symlinks to directories are not
        // followed, nor symlinks leading out of the root.
        let target = std::fs::canonicalize(path).ok();
        let inside = match (&target, canonical_root) {
            (Some(t), Some(r)) => t.starts_with(r),
            _ => false,
        };
        return (inside && path.is_file())
            .then(|| Ok(found(path.to_path_buf(), lang, target, cwd, report)));
    }
    if file_type.is_dir() {
        return None;
    }
    let meta = e.metadata().ok()?;
    Some(Err(Error::NotRegular {
        path: shown_path(path, cwd),
        kind: super::read::kind_of(&meta),
    }))
}

/// A file found by a walk, as `report` asks.
fn found(
    walked: PathBuf,
    lang: Lang,
    canonical: Option<PathBuf>,
    cwd: &Path,
    report: Report,
) -> Found {
    match report {
        Report::Shown => Found {
            path: shown_path(&walked, cwd),
            lang,
            canonical,
        },
        Report::Canonical => Found {
            path: canonical.unwrap_or_else(|| {
                std::fs::canonicalize(&walked).unwrap_or_else(|_| walked.clone())
            }),
            lang,
            canonical: None,
        },
    }
}

fn is_ignore_file_error(err: &ignore::Error) -> bool {
    match err {
        ignore::Error::Partial(_)
        | ignore::Error::Glob { .. }
        | ignore::Error::UnrecognizedFileType(_) => true,
        ignore::Error::WithLineNumber { .. } => true,
        ignore::Error::WithPath { err, .. } | ignore::Error::WithDepth { err, .. } => {
            is_ignore_file_error(err)
        }
        _ => false,
    }
}

/// [`Path`]'s order for paths without `.` components or doubled separators.
fn path_order(a: &Path, b: &Path) -> std::cmp::Ordering {
    let sep = std::path::MAIN_SEPARATOR as u8;
    let key = |c: u8| if c == b'/' || c == sep { 0 } else { c };
    let (a, b) = (
        a.as_os_str().as_encoded_bytes(),
        b.as_os_str().as_encoded_bytes(),
    );
    // Only the first differing byte decides (sorted paths share long prefixes).
    let same = common_prefix(a, b);
    match (a.get(same), b.get(same)) {
        (Some(&x), Some(&y)) => key(x).cmp(&key(y)),
        _ => a.len().cmp(&b.len()),
    }
}

/// The length of the common prefix of two byte strings, compared eight bytes at a time
/// (paths sorted from one root share most of their bytes).
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + 8 <= n {
        let word = |s: &[u8]| u64::from_le_bytes(s[i..i + 8].try_into().expect("eight bytes"));
        let diff = word(a) ^ word(b);
        if diff != 0 {
            return i + (diff.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    i + a[i..n]
        .iter()
        .zip(&b[i..n])
        .take_while(|(x, y)| x == y)
        .count()
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// The messages about unsupported files name every extension linted.
    #[test]
    fn messages_name_every_extension() {
        for (extension, _) in super::EXTENSIONS {
            assert!(
                crate::error::SOURCE_FILES.contains(&format!(".{extension}")),
                "{extension}"
            );
        }
    }

    #[test]
    fn common_prefix_counts_equal_leading_bytes() {
        let slow = |a: &[u8], b: &[u8]| a.iter().zip(b).take_while(|(x, y)| x == y).count();
        let base = b"/work/project/services/svc_001/consumers/mod_0001.py";
        for cut in 0..base.len() {
            for flip in 0..base.len() {
                let mut other = base[..cut].to_vec();
                if flip < other.len() {
                    other[flip] ^= 1;
                }
                assert_eq!(super::common_prefix(base, &other), slow(base, &other));
                assert_eq!(super::common_prefix(&other, base), slow(&other, base));
            }
        }
    }

    #[test]
    fn path_order_is_paths_order() {
        let paths = [
            "a",
            "a/b",
            "a/b.py",
            "a/b/c",
            "a-b",
            "a.b",
            "a/b-c/d",
            "a/b/c/d.py",
            "ab",
            "a0",
            "/x/y",
            "/x",
            "/x-y/z",
            "/x/y/z",
            "b",
            "",
            "a/",
            "/",
        ];
        for x in paths {
            for y in paths {
                let (px, py) = (Path::new(x), Path::new(y));
                // Paths differing only in a trailing separator are equal to `Path`.
                if px != py {
                    assert_eq!(super::path_order(px, py), px.cmp(py), "{x:?} {y:?}");
                }
            }
        }
    }
}
