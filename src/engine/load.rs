//! Parsing: the relevant files up front, in parallel; the modules they only import when a
//! resolution first reaches one (the program's [`Load`]).

use std::sync::OnceLock;

use super::isolate::isolated;
use super::{Entry, Source};
use crate::analysis::index::FileIndex;
use crate::analysis::program::{FileId, Load};
use crate::frontend::{self, Lowered};
use crate::model::{Lang, LineIndex, SyntaxError, TextRange};

/// Parses and lowers one file; a panic in the front end is this file's syntax error.
pub fn parse(lang: Lang, text: &str) -> Result<Lowered, SyntaxError> {
    isolated(|| frontend::lower(lang, text)).unwrap_or_else(|message| {
        Err(SyntaxError {
            message: format!("internal error while parsing this file: {message}"),
            range: TextRange::default(),
        })
    })
}

/// The files left to be parsed on first use, and what their parse left.
pub struct Loader<'a> {
    entries: &'a [Entry],
    sources: &'a [Option<&'a Source>],
    lazy: Vec<bool>,
    models: Vec<OnceLock<Result<Lowered, SyntaxError>>>,
    lines: Vec<OnceLock<LineIndex>>,
}

impl<'a> Loader<'a> {
    /// `lazy[i]`: file `i` is parsed only when asked for.
    pub fn new(entries: &'a [Entry], sources: &'a [Option<&'a Source>], lazy: Vec<bool>) -> Self {
        let n = entries.len();
        Loader {
            entries,
            sources,
            lazy,
            models: (0..n).map(|_| OnceLock::new()).collect(),
            lines: (0..n).map(|_| OnceLock::new()).collect(),
        }
    }

    /// How many files were parsed on first use.
    pub fn loaded(&self) -> usize {
        self.models.iter().filter(|m| m.get().is_some()).count()
    }

    /// What is left to free: the models parsed on first use.
    pub fn into_models(self) -> Vec<OnceLock<Result<Lowered, SyntaxError>>> {
        self.models
    }

    fn source(&self, id: FileId) -> Option<&'a Source> {
        let i = id.0 as usize;
        if !*self.lazy.get(i)? {
            return None;
        }
        self.sources[i]
    }
}

impl<'m> Load<'m> for Loader<'m> {
    fn index(&'m self, id: FileId) -> Option<FileIndex<'m>> {
        let source = self.source(id).filter(|s| s.undecodable.is_none())?;
        let i = id.0 as usize;
        let entry = &self.entries[i];
        let model = self.models[i].get_or_init(|| parse(entry.lang, &source.text));
        let lowered = model.as_ref().ok()?;
        Some(FileIndex::new(
            &lowered.module,
            &entry.settings.knowledge.vocab,
        ))
    }

    fn lines(&'m self, id: FileId) -> Option<&'m LineIndex> {
        let source = self.source(id)?;
        Some(self.lines[id.0 as usize].get_or_init(|| LineIndex::new(&source.text)))
    }
}
