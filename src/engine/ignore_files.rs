//! Ignore files a repository can commit, made safe for the walk.
//!
//! What git ignores is decided here, not by the `ignore` crate (which opens ignore files
//! blocking and reads them whole): `.gitignore` and `.ignore` files, the work tree's
//! `.git/info/exclude` and git's global excludes file, only inside a git work tree, from its
//! root down (the crate would honour an `.ignore` anywhere above, a stray `~/.ignore` hiding
//! every file). What a repository holds is read through the bounded reader: a file that is
//! not a regular file (a FIFO, whose open would hang the walk; a device) is never opened but
//! skipped with a warning, and the directory walked without it; one over 1 MiB is an error,
//! and its patterns are not applied. Precedence is git's, with `.ignore` first as in the
//! crate: `.ignore`, then `.gitignore` (the deepest file's matching pattern decides within
//! each), then `info/exclude`, then the global file.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use foldhash::HashMap;
use ignore::gitignore::{Gitignore, GitignoreBuilder};
use ignore::Match;

use crate::error::Error;
use crate::safe_fs::{kind_of, read_bounded, OpenError, SMALL_FILE};

/// The ignore files that apply in a directory; `None` outside a work tree.
type Chain = Option<Arc<Files>>;

/// The names read in each directory, in precedence order: an `.ignore` pattern decides
/// before a `.gitignore` one.
const NAMES: [&str; 2] = [".ignore", ".gitignore"];

/// Where the work tree's `info/exclude` and the global excludes file go in [`Files`], after
/// the [`NAMES`].
const EXCLUDE: usize = 2;
const GLOBAL: usize = 3;

/// The matchers of each kind, in precedence order ([`NAMES`], [`EXCLUDE`], [`GLOBAL`]), each
/// the work tree's root first.
type Files = [Vec<Arc<Gitignore>>; 4];

/// Per-walk state, shared by the walk's threads.
#[derive(Default)]
pub(super) struct IgnoreFiles {
    /// Keyed by the directory's bytes: hashing a `Path` walks its components, and every
    /// entry of the walk looks its directory up.
    chains: Mutex<HashMap<OsString, Chain>>,
    errors: Mutex<Vec<Error>>,
    /// Working directory, for the paths in messages.
    cwd: PathBuf,
    /// Git's global excludes file (`core.excludesFile`, else `$XDG_CONFIG_HOME/git/ignore`),
    /// read once: the user's own, not the repository's.
    global: OnceLock<Option<Arc<Gitignore>>>,
}

impl IgnoreFiles {
    pub fn new(cwd: &Path) -> Self {
        IgnoreFiles {
            cwd: cwd.to_path_buf(),
            ..IgnoreFiles::default()
        }
    }

    /// Whether what git ignores in the work tree excludes `path` (absolute): the first
    /// matcher with a matching pattern decides, in precedence order.
    pub fn ignored(&self, path: &Path, is_dir: bool) -> bool {
        let Some(chain) = path.parent().and_then(|dir| self.chain(dir)) else {
            return false;
        };
        for rules in chain.iter().flat_map(|kind| kind.iter().rev()) {
            match rules.matched(path, is_dir) {
                Match::Ignore(_) => return true,
                Match::Whitelist(_) => return false,
                Match::None => {}
            }
        }
        false
    }

    /// The errors met, in a stable order.
    pub fn take_errors(&self) -> Vec<Error> {
        let mut errors = std::mem::take(&mut *self.errors.lock().expect("not poisoned"));
        errors.sort_by_key(ToString::to_string);
        errors
    }

    fn chain(&self, dir: &Path) -> Chain {
        if let Some(known) = (self.chains.lock().expect("not poisoned")).get(dir.as_os_str()) {
            return known.clone();
        }
        let chain = self.build_chain(dir);
        (self.chains.lock().expect("not poisoned"))
            .entry(dir.as_os_str().to_owned())
            .or_insert(chain)
            .clone()
    }

    /// The parent's chain (at a work tree's root: its `info/exclude` and the global file,
    /// nothing from above) and this directory's files.
    fn build_chain(&self, dir: &Path) -> Chain {
        let git = dir.join(".git");
        let above = if std::fs::symlink_metadata(&git).is_ok() {
            Arc::new(self.repository(dir, &git))
        } else {
            self.chain(dir.parent()?)?
        };
        let mut files: Option<Files> = None;
        for (i, name) in NAMES.into_iter().enumerate() {
            if let Some(rules) = self.read(dir, &dir.join(name)) {
                let files = files.get_or_insert_with(|| (*above).clone());
                files[i].push(Arc::new(rules));
            }
        }
        Some(files.map_or(above, Arc::new))
    }

    /// What applies in the whole work tree at `top`: its `info/exclude` (in the common git
    /// directory, for a linked work tree whose `.git` is a file) and the global file.
    fn repository(&self, top: &Path, git: &Path) -> Files {
        let mut files = Files::default();
        let exclude = common_dir(git).map(|d| d.join("info").join("exclude"));
        if let Some(rules) = exclude.and_then(|path| self.read(top, &path)) {
            files[EXCLUDE].push(Arc::new(rules));
        }
        let global = self.global.get_or_init(|| {
            let (rules, _) = Gitignore::global();
            (!rules.is_empty()).then(|| Arc::new(rules))
        });
        files[GLOBAL].extend(global.clone());
        files
    }

    /// The ignore file at `path`, its patterns relative to `dir`, read through the bounded
    /// reader when it is a regular file (anything else is not opened); a malformed line is
    /// skipped as git skips it.
    fn read(&self, dir: &Path, path: &Path) -> Option<Gitignore> {
        match std::fs::metadata(path) {
            Err(_) => return None,
            Ok(meta) if !meta.is_file() => {
                self.errors
                    .lock()
                    .expect("not poisoned")
                    .push(Error::NotRegular {
                        path: crate::config::shown_path(path, &self.cwd),
                        kind: kind_of(&meta),
                    });
                return None;
            }
            Ok(_) => {}
        }
        let bytes = match read_bounded(path, SMALL_FILE) {
            Ok(b) => b,
            Err(OpenError::NotFound) => return None,
            Err(e) => {
                self.errors.lock().expect("not poisoned").push(Error::Walk {
                    path: crate::config::shown_path(path, &self.cwd),
                    message: format!(
                        "cannot read this ignore file: {e}; its patterns are not applied"
                    ),
                });
                return None;
            }
        };
        let text = String::from_utf8_lossy(&bytes);
        let mut builder = GitignoreBuilder::new(dir);
        for line in text.trim_start_matches('\u{feff}').lines() {
            let _ = builder.add_line(Some(path.to_path_buf()), line);
        }
        builder.build().ok()
    }
}

/// The git directory holding a work tree's `info/exclude`: `.git` itself, or for a linked
/// work tree (`.git` a file saying `gitdir: PATH`) the common directory of the one it names.
fn common_dir(git: &Path) -> Option<PathBuf> {
    let meta = std::fs::metadata(git).ok()?;
    if meta.is_dir() {
        return Some(git.to_path_buf());
    }
    if !meta.is_file() {
        return None;
    }
    let text = read_bounded(git, SMALL_FILE).ok()?;
    let text = String::from_utf8_lossy(&text);
    let named = text.lines().next()?.strip_prefix("gitdir:")?.trim();
    let gitdir = git.parent()?.join(named);
    match read_bounded(&gitdir.join("commondir"), SMALL_FILE) {
        Ok(common) => Some(gitdir.join(String::from_utf8_lossy(&common).trim())),
        Err(_) => Some(gitdir),
    }
}
