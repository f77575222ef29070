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
pub fn parse(lang: Lang, path: &std::path::Path, text: &str) -> Result<Lowered, SyntaxError> {
    isolated(|| frontend::lower(lang, path, text)).unwrap_or_else(|message| {
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
    /// The text of a file whose text was dropped after the import scan, read again on first
    /// use. Boxed, as the models: one slot per file of the project, few ever filled.
    again: Vec<OnceLock<Option<Box<Source>>>>,
    models: Vec<OnceLock<Box<Result<Lowered, SyntaxError>>>>,
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
            again: (0..n).map(|_| OnceLock::new()).collect(),
            models: (0..n).map(|_| OnceLock::new()).collect(),
            lines: (0..n).map(|_| OnceLock::new()).collect(),
        }
    }

    /// How many files were parsed on first use.
    pub fn loaded(&self) -> usize {
        self.models.iter().filter(|m| m.get().is_some()).count()
    }

    /// What is left to free: the models parsed on first use.
    pub fn into_models(self) -> Vec<OnceLock<Box<Result<Lowered, SyntaxError>>>> {
        self.models
    }

    fn source(&self, id: FileId) -> Option<&Source> {
        let i = id.0 as usize;
        if !*self.lazy.get(i)? {
            return None;
        }
        match self.sources[i]? {
            s if s.shrunk => self.again[i]
                .get_or_init(|| super::read_entry(&self.entries[i]).ok().map(Box::new))
                .as_deref(),
            s => Some(s),
        }
    }
}

impl<'m> Load<'m> for Loader<'m> {
    fn index(&'m self, id: FileId) -> Option<FileIndex<'m>> {
        let source = self.source(id).filter(|s| s.undecodable.is_none())?;
        let i = id.0 as usize;
        let entry = &self.entries[i];
        let model = self.models[i]
            .get_or_init(|| Box::new(parse(entry.lang, &entry.absolute, &source.text)));
        let lowered = (**model).as_ref().ok()?;
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

#[cfg(test)]
mod tests {
    use std::path::Path;

    use crate::model::Lang;
    use crate::project::scan;

    /// The import entries parsing finds in `text` that the import scan does not, as
    /// `level:path`. The selection decides relevance from the scan, and the boundary walk skips
    /// modules the scan says cannot lead anywhere, so both rely on the scan finding at least
    /// what parsing finds.
    fn missed(lang: Lang, text: &str) -> Vec<String> {
        let Ok(lowered) = super::parse(lang, Path::new(""), text) else {
            return Vec::new();
        };
        let found = scan::scan(lang, text).imports;
        let mut missed = Vec::new();
        for import in &lowered.module.imports {
            for entry in &import.entries {
                let seen = found
                    .iter()
                    .any(|s| s.level == import.level && s.path == entry.path);
                if !seen {
                    missed.push(format!("{}:{}", import.level, entry.path.join(".")));
                }
            }
        }
        missed
    }

    /// Every Python and Rust file under `dir`, with what the scan missed in it.
    fn missed_under(dir: &Path) -> (usize, Vec<String>) {
        let mut files = 0;
        let mut out = Vec::new();
        for entry in walkdir::WalkDir::new(dir).into_iter().flatten() {
            let lang = match entry.path().extension().and_then(|e| e.to_str()) {
                Some("py") => Lang::Python,
                Some("rs") => Lang::Rust,
                _ => continue,
            };
            let Ok(text) = std::fs::read_to_string(entry.path()) else {
                continue;
            };
            files += 1;
            for m in missed(lang, &text) {
                out.push(format!("{}: {m}", entry.path().display()));
            }
        }
        (files, out)
    }

    #[test]
    fn the_scan_finds_every_import_parsing_finds() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut dirs = vec![root.join("testdata"), root.join("src")];
        // Real corpora too, when named (`scripts/scan_check.sh` names the fetched ones).
        if let Some(more) = std::env::var_os("OFFSETLINT_SCAN_CORPUS") {
            dirs.extend(std::env::split_paths(&more));
        }
        for dir in dirs {
            let (files, missed) = missed_under(&dir);
            assert!(files > 0, "no source files under {}", dir.display());
            assert!(
                missed.is_empty(),
                "{} of the imports parsed under {} the scan missed:\n{}",
                missed.len(),
                dir.display(),
                missed[..missed.len().min(40)].join("\n")
            );
        }
    }

    #[test]
    fn odd_spellings_of_imports_are_scanned() {
        let python = "x = 1; import a.b\nif t: import c\ntry: from d import (e)\nexcept E: pass\nfrom f import \\\n    g, h\nimport i, \\\n  j\nimportlib.import_module('k.l')\nm = __import__(\"n\")\nfrom . import o; import p\n";
        assert_eq!(missed(Lang::Python, python), Vec::<String>::new());
        let rust = "use a::{\n    b::C,\n    d::{e, f as g},\n    h,\n};\npub(crate) use i::j;\nmod k;\nextern crate l;\n";
        assert_eq!(missed(Lang::Rust, rust), Vec::<String>::new());
    }
}
