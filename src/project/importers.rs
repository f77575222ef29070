//! The files that import the targets, directly or through other project files: where a
//! target's clients, configs and callers come from. A run that names some files of a project
//! (a pre-commit hook) must see them to report what the whole-project run reports for those
//! files (catalog, "What a run promises").
//!
//! Found without parsing: every other file of the project is read once, and only those whose
//! bytes can name a module of the set found so far (its last name, or a relative `from .` /
//! `super::` / `crate::` path) are scanned for imports, which are then resolved. The set
//! grows level by level until no file imports into it.

use memchr::memmem;
use rayon::prelude::*;

use super::scan;
use super::ProjectFile;
use crate::analysis::program::Program;
use crate::model::Lang;

/// The files among `candidates` that import a file of `start`, directly or through one
/// another. `bytes` reads a file's raw bytes (`None`: unreadable, or not a regular file):
/// only imports are looked for, so nothing is decoded or prefiltered.
pub(super) fn importers(
    files: &[ProjectFile],
    program: &Program,
    start: &[usize],
    candidates: Vec<usize>,
    bytes: &(impl Fn(usize) -> Option<Vec<u8>> + Sync),
) -> Vec<usize> {
    let mut member = vec![false; files.len()];
    for &i in start {
        member[i] = true;
    }
    // Only files of the targets' languages can import them.
    let langs: Vec<Lang> = start.iter().map(|&i| files[i].lang).collect();
    let candidates: Vec<usize> = (candidates.into_iter())
        .filter(|&i| langs.contains(&files[i].lang))
        .collect();
    // Every candidate is read once, in parallel.
    let mut read: Vec<Candidate> = (candidates.into_par_iter())
        .with_max_len(1)
        .map(|index| Candidate {
            index,
            bytes: bytes(index),
            scanned: false,
            imports: Vec::new(),
        })
        .collect();
    let mut found = Vec::new();
    let mut fresh: Vec<usize> = start.to_vec();
    while !fresh.is_empty() {
        let words = Words::of(files, &fresh);
        // Scan what may name a fresh member (a scan is done once); then a candidate joins
        // when what it imports includes a member.
        (read.par_iter_mut())
            .with_max_len(64)
            .filter(|c| !c.scanned)
            .for_each(|c| {
                let Some(text) = &c.bytes else { return };
                if words.any_in(text) {
                    let text = String::from_utf8_lossy(text);
                    let uses = scan::uses(files[c.index].lang, &text);
                    c.imports = super::imports(program, c.index, &uses);
                    c.scanned = true;
                }
            });
        let joined: Vec<usize> = (read.iter())
            .filter(|c| !member[c.index] && c.imports.iter().any(|&g| member[g]))
            .map(|c| c.index)
            .collect();
        for &i in &joined {
            member[i] = true;
        }
        found.extend(&joined);
        fresh = joined;
    }
    found
}

/// A file the search looks at.
struct Candidate {
    index: usize,
    /// Its bytes (`None`: unreadable, or not a regular file).
    bytes: Option<Vec<u8>>,
    /// Its imports were scanned (once its bytes could name a member).
    scanned: bool,
    /// The project files its imports depend on.
    imports: Vec<usize>,
}

/// The byte strings an import of one of some modules must contain: their last names, or a
/// relative form (`from .`, `super::`), or `crate::` for a crate root, whose importers in the
/// crate name none of its own.
struct Words {
    finders: Vec<memmem::Finder<'static>>,
}

impl Words {
    fn of(files: &[ProjectFile], modules: &[usize]) -> Words {
        let mut words: Vec<String> = Vec::new();
        let mut push = |w: &str| {
            if !w.is_empty() && !words.iter().any(|x| x == w) {
                words.push(w.to_string());
            }
        };
        for &i in modules {
            let f = &files[i];
            if let Some(last) = f.layout.module.last() {
                push(last);
            }
            match f.lang {
                Lang::Python => push("from ."),
                // Same-package classes need no import: the class name is enough.
                Lang::Java => {}
                Lang::Rust => {
                    push("super::");
                    if f.layout.module.len() == 1 {
                        push("crate::");
                    }
                }
            }
        }
        Words {
            finders: (words.iter())
                .map(|w| memmem::Finder::new(w.as_bytes()).into_owned())
                .collect(),
        }
    }

    fn any_in(&self, bytes: &[u8]) -> bool {
        self.finders.iter().any(|f| f.find(bytes).is_some())
    }
}
