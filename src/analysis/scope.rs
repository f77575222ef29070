//! Which files the Kafka rules are about: those that import a Kafka client library (or the
//! module of a type or function declared in configuration), directly or through the
//! project's own modules. Python's OL203 applies there only (catalog: ADR-065 decision 8 is
//! about publishing tasks; a discarded task elsewhere is ruff's RUF006). Decided from the
//! imports, not from which files a run happened to read, so `--no-prefilter` changes nothing.

use std::collections::HashSet;

use super::program::{FileId, Program};
use super::FileAnalysis;
use crate::knowledge::Knowledge;
use crate::model::Lang;

impl FileAnalysis<'_, '_> {
    /// Whether this file imports a client library, directly or through project modules.
    pub fn reaches_client_library(&self) -> bool {
        let lang = self.program.file(self.file).lang;
        let direct = (self.module.imports.iter())
            .filter(|i| i.level == 0)
            .flat_map(|i| &i.entries)
            .any(|e| names_library(self.knowledge, lang, &e.path));
        direct || reaches_through_project(self.program, self.knowledge, self.file)
    }
}

/// Whether the import path's first segment is a client library's (or a declared) root.
fn names_library(knowledge: &Knowledge, lang: Lang, path: &[String]) -> bool {
    let Some(root) = path.first() else {
        return false;
    };
    (knowledge.libraries.iter()).any(|l| l.lang == lang && l.roots.contains(&root.as_str()))
        || knowledge.declared_roots.iter().any(|d| d == root)
}

/// A search of the project modules `from` imports, through what each may import (its
/// import scan, or its parsed imports when it was not scanned), for one naming a library.
fn reaches_through_project(program: &Program, knowledge: &Knowledge, from: FileId) -> bool {
    let mut seen: HashSet<FileId> = HashSet::from([from]);
    let mut stack = vec![from];
    while let Some(g) = stack.pop() {
        let lang = program.file(g).lang;
        let imports: Vec<(Vec<String>, u32)> = match &program.file(g).scanned {
            Some(scanned) => scanned.iter().map(|s| (s.path.clone(), s.level)).collect(),
            None => match program.index(g) {
                Some(index) => (index.module.imports.iter())
                    .flat_map(|i| i.entries.iter().map(move |e| (e.path.clone(), i.level)))
                    .collect(),
                None => Vec::new(),
            },
        };
        for (path, level) in imports {
            if g != from && level == 0 && names_library(knowledge, lang, &path) {
                return true;
            }
            if let Some(h) = program.resolve_file(g, &path, level) {
                if seen.insert(h) {
                    stack.push(h);
                }
            }
        }
    }
    false
}
