//! What the language server keeps between lints of a project: the walk of each project
//! (the files it has) and each file read from disk (its text, and its bytes for the importer
//! search). A lint after an edit then reads only the
//! edited buffer and the files that changed since; parsing and analysis run again (a
//! program's models borrow from one run).
//!
//! A file read is reused while its size and modification time are the ones it was read
//! with (one `stat`), so a client that sends no file events still sees edits made outside
//! it; a walk is reused until a file is created or deleted ([`Warm::forget_file`]) or the
//! configuration changes ([`Warm::forget_all`]).

use foldhash::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use super::discover::Found;
use super::Source;
use crate::error::Error;

#[derive(Default)]
pub struct Warm {
    /// The files under each set of project roots.
    walks: Mutex<HashMap<Vec<PathBuf>, Vec<Found>>>,
    /// Files read, by canonical path, with the size and time they were read at.
    sources: Kept<Source>,
    /// Files' raw bytes, as the importer search reads them (it looks for the names of the
    /// target's modules in every other file of the project).
    bytes: Kept<Arc<[u8]>>,
}

/// Values by canonical path, each with the stamp of the file it was read from.
type Kept<T> = Mutex<HashMap<PathBuf, (Stamp, T)>>;

/// What tells a file changed without reading it.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
}

fn stamp(path: &Path) -> Option<Stamp> {
    let meta = std::fs::metadata(path).ok()?;
    Some(Stamp {
        len: meta.len(),
        modified: meta.modified().ok(),
    })
}

impl Warm {
    /// The files under `roots`, walked by `walk` the first time.
    pub(super) fn walk(&self, roots: &[PathBuf], walk: impl FnOnce() -> Vec<Found>) -> Vec<Found> {
        if let Some(found) = self.walks.lock().expect("not poisoned").get(roots) {
            return found.clone();
        }
        let found = walk();
        (self.walks.lock().expect("not poisoned")).insert(roots.to_vec(), found.clone());
        found
    }

    /// The file at `path` (canonical) as read before, if it has not changed since; else
    /// read by `read` (and kept when it could be read).
    pub(super) fn source(
        &self,
        path: &Path,
        read: impl FnOnce() -> Result<Source, Error>,
    ) -> Result<Source, Error> {
        let now = stamp(path);
        if let Some((at, source)) = self.sources.lock().expect("not poisoned").get(path) {
            if now == Some(*at) {
                return Ok(source.clone());
            }
        }
        let source = read()?;
        if let Some(at) = now {
            (self.sources.lock().expect("not poisoned"))
                .insert(path.to_path_buf(), (at, source.clone()));
        }
        Ok(source)
    }

    /// The raw bytes of the file at `path` (canonical), as [`Warm::source`] keeps its text.
    pub(super) fn bytes(
        &self,
        path: &Path,
        read: impl FnOnce() -> Option<Vec<u8>>,
    ) -> Option<Vec<u8>> {
        let now = stamp(path);
        if let Some((at, bytes)) = self.bytes.lock().expect("not poisoned").get(path) {
            if now == Some(*at) {
                return Some(bytes.to_vec());
            }
        }
        let bytes = read()?;
        if let Some(at) = now {
            (self.bytes.lock().expect("not poisoned"))
                .insert(path.to_path_buf(), (at, Arc::from(bytes.as_slice())));
        }
        Some(bytes)
    }

    /// A file changed on disk: it is read again next time; `listing` (it was created or
    /// deleted): the projects are walked again too.
    pub fn forget_file(&self, path: &Path, listing: bool) {
        let canonical = std::fs::canonicalize(path).ok();
        let mut sources = self.sources.lock().expect("not poisoned");
        let mut bytes = self.bytes.lock().expect("not poisoned");
        for p in std::iter::once(path).chain(canonical.as_deref()) {
            sources.remove(p);
            bytes.remove(p);
        }
        drop((sources, bytes));
        if listing {
            self.walks.lock().expect("not poisoned").clear();
        }
    }

    /// The configuration or the ignore files changed: nothing kept holds.
    pub fn forget_all(&self) {
        self.walks.lock().expect("not poisoned").clear();
        self.sources.lock().expect("not poisoned").clear();
        self.bytes.lock().expect("not poisoned").clear();
    }
}
