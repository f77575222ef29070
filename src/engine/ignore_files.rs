//! Ignore files a repository can commit, made safe for the walk.
//!
//! `.gitignore` and `.ignore` files are read here, not by the `ignore` crate (which opens
//! them blocking and reads them whole): only inside a git work tree, from its root down (the
//! crate would honour an `.ignore` anywhere above, a stray `~/.ignore` hiding every file),
//! each through the bounded reader. One that is not a regular file (a FIFO, whose open would
//! hang the walk; a device) is never opened: it is skipped with a warning, and the directory
//! is walked without it. One over 1 MiB is an error, and its patterns are not applied. As in
//! the crate, `.ignore` patterns take precedence over `.gitignore` ones, and within each kind
//! the deepest file's pattern that matches decides. The crate still applies
//! `.git/info/exclude` and git's global excludes file, before these (a `.gitignore` cannot
//! re-include what they exclude); the walk checks the work tree's `info/exclude` first.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use foldhash::HashMap;
use ignore::gitignore::{Gitignore, GitignoreBuilder};
use ignore::Match;

use crate::error::Error;
use crate::safe_fs::{kind_of, read_bounded, OpenError, SMALL_FILE};

/// The ignore files that apply in a directory, the work tree's root first; `None` outside a
/// work tree.
type Chain = Option<Arc<Files>>;

/// The names read, in precedence order: an `.ignore` pattern decides before a `.gitignore`
/// one.
const NAMES: [&str; 2] = [".ignore", ".gitignore"];

/// For each of [`NAMES`], the files of that name that apply in a directory, the work tree's
/// root first.
type Files = [Vec<Arc<Gitignore>>; 2];

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

    /// Whether the ignore files of the work tree exclude `path` (absolute): an `.ignore`
    /// pattern before a `.gitignore` one, the deepest file's first.
    pub fn ignored(&self, path: &Path, is_dir: bool) -> bool {
        let Some(chain) = path.parent().and_then(|dir| self.chain(dir)) else {
            return false;
        };
        for rules in chain.iter().flat_map(|named| named.iter().rev()) {
            match rules.matched(path, is_dir) {
                Match::Ignore(_) => return true,
                Match::Whitelist(_) => return false,
                Match::None => {}
            }
        }
        false
    }

    /// Whether the crate may read `file` (the work tree's `.git/info/exclude`): it is absent
    /// or a regular file. Else it is skipped with a warning.
    pub fn readable(&self, file: &Path) -> bool {
        match std::fs::metadata(file) {
            Ok(meta) if !meta.is_file() => {
                self.skipped(file, &meta);
                false
            }
            _ => true,
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

    /// The parent's chain (nothing above a work tree's root) and this directory's files.
    fn build_chain(&self, dir: &Path) -> Chain {
        let above = if std::fs::symlink_metadata(dir.join(".git")).is_ok() {
            Arc::new(Files::default())
        } else {
            self.chain(dir.parent()?)?
        };
        let mut files: Option<Files> = None;
        for (i, name) in NAMES.into_iter().enumerate() {
            if let Some(rules) = self.read(dir, name) {
                let files = files.get_or_insert_with(|| (*above).clone());
                files[i].push(Arc::new(rules));
            }
        }
        Some(files.map_or(above, Arc::new))
    }

    /// `dir/NAME`, read through the bounded reader when it is a regular file (anything else
    /// is not opened); a malformed line is skipped as git skips it.
    fn read(&self, dir: &Path, name: &str) -> Option<Gitignore> {
        let path = dir.join(name);
        match std::fs::metadata(&path) {
            Err(_) => return None,
            Ok(meta) if !meta.is_file() => {
                self.skipped(&path, &meta);
                return None;
            }
            Ok(_) => {}
        }
        let bytes = match read_bounded(&path, SMALL_FILE) {
            Ok(b) => b,
            Err(OpenError::NotFound) => return None,
            Err(e) => {
                self.errors.lock().expect("not poisoned").push(Error::Walk {
                    path: crate::config::shown_path(&path, &self.cwd),
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
            let _ = builder.add_line(Some(path.clone()), line);
        }
        builder.build().ok()
    }

    /// The warning for an ignore file that is not a regular file (not opened, not applied).
    fn skipped(&self, path: &Path, meta: &std::fs::Metadata) {
        self.errors
            .lock()
            .expect("not poisoned")
            .push(Error::NotRegular {
                path: crate::config::shown_path(path, &self.cwd),
                kind: kind_of(meta),
            });
    }
}
