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

use super::scan::{self, Scanned};
use super::ProjectFile;
use crate::analysis::program::Program;
use crate::model::Lang;

/// A file of the project that is not a target, as the search read it.
pub(super) struct Candidate<T, E> {
    pub index: usize,
    pub read: Result<T, E>,
    /// Its imports, when its bytes could name a module of the set (scanned once).
    pub scanned: Option<Scanned>,
    /// It imports a target, directly or through other candidates.
    pub imports_target: bool,
}

/// Reads the `candidates` (unless an earlier round did: then with its scan) and finds those
/// that import a file of `start`, directly or through one another.
pub(super) fn importers<T: Send, E: Send>(
    files: &[ProjectFile],
    program: &Program,
    start: &[usize],
    candidates: Vec<(usize, Option<super::Read<T, E>>)>,
    read: &(impl Fn(usize) -> Result<T, E> + Sync),
    text: &(impl Fn(&T) -> &str + Sync),
) -> Vec<Candidate<T, E>> {
    let mut member = vec![false; files.len()];
    for &i in start {
        member[i] = true;
    }
    // Every candidate is read once, in parallel.
    let mut read: Vec<(Candidate<T, E>, Vec<usize>)> = (candidates.into_par_iter())
        .with_max_len(1)
        .map(|(i, prior)| {
            let (read, scanned) = match prior {
                Some((r, s)) => (r, Some(s)),
                None => (read(i), None),
            };
            let targets = (scanned.as_ref())
                .map_or_else(Vec::new, |s| super::imports(program, i, &s.imports));
            let c = Candidate {
                index: i,
                read,
                scanned,
                imports_target: false,
            };
            (c, targets)
        })
        .collect();
    let mut fresh: Vec<usize> = start.to_vec();
    while !fresh.is_empty() {
        let words = Words::of(files, &fresh);
        // Scan what may name a fresh member (a scan is done once); then a candidate joins
        // when what it imports includes a member.
        (read.par_iter_mut())
            .with_max_len(64)
            .filter(|(c, _)| c.scanned.is_none() && words.langs.contains(&files[c.index].lang))
            .for_each(|(c, targets)| {
                let Ok(t) = &c.read else { return };
                let src = text(t);
                if words.any_in(src) {
                    let s = scan::scan(files[c.index].lang, src);
                    *targets = super::imports(program, c.index, &s.imports);
                    c.scanned = Some(s);
                }
            });
        let joined: Vec<usize> = (read.iter())
            .filter(|(c, targets)| !member[c.index] && targets.iter().any(|&g| member[g]))
            .map(|(c, _)| c.index)
            .collect();
        for &i in &joined {
            member[i] = true;
        }
        fresh = joined;
    }
    (read.into_iter())
        .map(|(mut c, _)| {
            c.imports_target = member[c.index];
            c
        })
        .collect()
}

/// The byte strings an import of one of some modules must contain: their last names, or a
/// relative form (`from .`, `super::`), or `crate::` for a crate root, whose importers in the
/// crate name none of its own.
struct Words {
    finders: Vec<memmem::Finder<'static>>,
    /// The languages of the modules: only files of these can import them.
    langs: Vec<Lang>,
}

impl Words {
    fn of(files: &[ProjectFile], modules: &[usize]) -> Words {
        let mut words: Vec<String> = Vec::new();
        let mut langs = Vec::new();
        let mut push = |w: &str| {
            if !w.is_empty() && !words.iter().any(|x| x == w) {
                words.push(w.to_string());
            }
        };
        for &i in modules {
            let f = &files[i];
            if !langs.contains(&f.lang) {
                langs.push(f.lang);
            }
            if let Some(last) = f.layout.module.last() {
                push(last);
            }
            match f.lang {
                Lang::Python => push("from ."),
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
            langs,
        }
    }

    fn any_in(&self, text: &str) -> bool {
        let bytes = text.as_bytes();
        self.finders.iter().any(|f| f.find(bytes).is_some())
    }
}
