//! Ignore files a repository can commit, made safe for the walk.
//!
//! * `.ignore` files apply as `.gitignore` files do: only inside a git work tree, from its
//!   root down (the `ignore` crate would honour one anywhere above, a stray `~/.ignore`
//!   hiding every file, and with no work tree at all). They are read here, through the
//!   bounded reader; an `.ignore` can add patterns and re-include what another `.ignore`
//!   excludes, but not what a `.gitignore` excludes (the crate filters those first).
//! * `.gitignore` files are read by the crate, with a blocking open and no size limit. Each
//!   is checked first: a directory whose `.gitignore` is not a regular file of at most 1 MiB
//!   (a FIFO would hang the walk, `/dev/zero` read forever) is skipped, with an error.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use foldhash::HashMap;
use ignore::gitignore::{Gitignore, GitignoreBuilder};
use ignore::Match;

use crate::error::Error;
use crate::safe_fs::{open_regular, read_bounded, OpenError, SMALL_FILE};

/// The `.ignore` files that apply in a directory, the work tree's root first; `None` outside
/// a work tree.
type Chain = Option<Arc<Vec<Arc<Gitignore>>>>;

/// Per-walk state, shared by the walk's threads.
#[derive(Default)]
pub(super) struct IgnoreFiles {
    /// Keyed by the directory's bytes: hashing a `Path` walks its components, and every
    /// entry of the walk looks its directory up.
    chains: Mutex<HashMap<OsString, Chain>>,
    errors: Mutex<Vec<Error>>,
    /// Working directory, for the paths in messages.
    cwd: PathBuf,
}

impl IgnoreFiles {
    pub fn new(cwd: &Path) -> Self {
        IgnoreFiles {
            cwd: cwd.to_path_buf(),
            ..IgnoreFiles::default()
        }
    }

    /// Whether the `.ignore` files of the work tree exclude `path` (absolute): the deepest
    /// pattern that matches decides.
    pub fn ignored(&self, path: &Path, is_dir: bool) -> bool {
        let Some(chain) = path.parent().and_then(|dir| self.chain(dir)) else {
            return false;
        };
        for rules in chain.iter().rev() {
            match rules.matched(path, is_dir) {
                Match::Ignore(_) => return true,
                Match::Whitelist(_) => return false,
                Match::None => {}
            }
        }
        false
    }

    /// Whether the crate may read `dir`'s `.gitignore`: it has none, or a regular file of
    /// bounded size. Else the error is kept and the directory is to be skipped.
    pub fn gitignore_readable(&self, dir: &Path) -> bool {
        let path = dir.join(".gitignore");
        match open_regular(&path, SMALL_FILE) {
            Ok(_) | Err(OpenError::NotFound) => true,
            Err(e) => {
                self.error(&path, &e, "the directory is skipped");
                false
            }
        }
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

    /// The parent's chain (nothing above a work tree's root) and this directory's `.ignore`.
    fn build_chain(&self, dir: &Path) -> Chain {
        let above = if std::fs::symlink_metadata(dir.join(".git")).is_ok() {
            Arc::new(Vec::new())
        } else {
            self.chain(dir.parent()?)?
        };
        Some(match self.read(dir) {
            None => above,
            Some(rules) => {
                let mut chain = (*above).clone();
                chain.push(Arc::new(rules));
                Arc::new(chain)
            }
        })
    }

    /// `dir/.ignore`, read through the bounded reader; a malformed line is skipped as git
    /// skips it.
    fn read(&self, dir: &Path) -> Option<Gitignore> {
        let path = dir.join(".ignore");
        let bytes = match read_bounded(&path, SMALL_FILE) {
            Ok(b) => b,
            Err(OpenError::NotFound) => return None,
            Err(e) => {
                self.error(&path, &e, "its patterns are not applied");
                return None;
            }
        };
        let text = String::from_utf8_lossy(&bytes);
        let mut builder = GitignoreBuilder::new(dir);
        for line in text.trim_start_matches('\u{feff}').lines() {
            let _ = builder.add_line(Some(path.clone()), line);
        }
        builder.build().ok()
    }

    fn error(&self, path: &Path, e: &OpenError, consequence: &str) {
        self.errors.lock().expect("not poisoned").push(Error::Walk {
            path: crate::config::shown_path(path, &self.cwd),
            message: format!("cannot read this ignore file: {e}; {consequence}"),
        });
    }
}
