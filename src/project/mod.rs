//! The project: which files belong to it, where each sits in its module tree (`layout`), and
//! which of them offsetlint must read. A file is *relevant* (linted) when its bytes name
//! something a rule looks for (a Kafka or model client module, a checkpoint or boundary
//! module), when it imports a relevant module of the project, directly or transitively, or when
//! it is a test module under a relevant `conftest.py` (fixtures reach tests without imports).
//! Relevant files and every project module they import are *indexed* (parsed and walked), so
//! resolution can follow values into them.

pub mod layout;
pub mod scan;

use std::collections::VecDeque;
use std::path::PathBuf;

use rayon::prelude::*;

use crate::analysis::program::{FileId, Program, ProgramFile};
use crate::model::Lang;
pub use layout::{project_root, Layout, Layouts};

/// One file of the project as read from disk.
pub struct ProjectFile {
    pub path: PathBuf,
    pub lang: Lang,
    pub layout: Layout,
    /// The decoded text; `None` when the file could not be read.
    pub text: Option<String>,
    /// Named by a rule's file globs (checkpoint or boundary modules).
    pub boundary: bool,
}

/// Which files to lint and which to index.
pub struct Selection {
    pub relevant: Vec<bool>,
    pub indexed: Vec<bool>,
}

/// A program of the files' layouts only (no index), for import resolution before parsing.
pub fn skeleton<'m>(files: &[ProjectFile]) -> Program<'m> {
    Program::new(
        files
            .iter()
            .map(|f| ProgramFile {
                path: f.path.clone(),
                lang: f.lang,
                module: f.layout.module.clone(),
                is_package: f.layout.is_package,
                index: None,
                lines: None,
            })
            .collect(),
    )
}

/// Decides the relevant and indexed files; `concerns` is the literal prefilter.
pub fn select(files: &[ProjectFile], concerns: impl Fn(&str) -> bool + Sync) -> Selection {
    let program = skeleton(files);
    // Import edges from the scan, resolved to project files.
    let edges: Vec<Vec<usize>> = files
        .par_iter()
        .enumerate()
        .map(|(i, f)| {
            let Some(text) = &f.text else {
                return Vec::new();
            };
            let scanned = match f.lang {
                Lang::Python => scan::python(text),
                Lang::Rust => scan::rust(text),
            };
            let mut targets: Vec<usize> = scanned
                .iter()
                .filter_map(|s| program.resolve(FileId(i as u32), &s.path, s.level))
                .map(|t| match t {
                    crate::analysis::program::ImportTarget::Module(g)
                    | crate::analysis::program::ImportTarget::Item(g, _) => g.0 as usize,
                })
                .filter(|&g| g != i)
                .collect();
            targets.sort_unstable();
            targets.dedup();
            targets
        })
        .collect();
    let mut relevant: Vec<bool> = files
        .par_iter()
        .map(|f| f.boundary || f.text.as_deref().is_some_and(&concerns))
        .collect();
    let mut reverse = vec![Vec::new(); files.len()];
    for (i, targets) in edges.iter().enumerate() {
        for &g in targets {
            reverse[g].push(i);
        }
    }
    loop {
        // Importers of relevant modules are relevant.
        let mut queue: VecDeque<usize> = (0..files.len()).filter(|&i| relevant[i]).collect();
        while let Some(g) = queue.pop_front() {
            for &i in &reverse[g] {
                if !relevant[i] {
                    relevant[i] = true;
                    queue.push_back(i);
                }
            }
        }
        // Tests under a relevant conftest get its fixtures without importing it.
        let mut grew = false;
        let conftests: Vec<usize> = (0..files.len())
            .filter(|&c| relevant[c] && is_conftest(&files[c]))
            .collect();
        for c in conftests {
            let Some(dir) = files[c].path.parent() else {
                continue;
            };
            for (i, f) in files.iter().enumerate() {
                if !relevant[i] && is_test_module(f) && f.path.starts_with(dir) {
                    relevant[i] = true;
                    grew = true;
                }
            }
        }
        if !grew {
            break;
        }
    }
    // Everything relevant files import is indexed, so values can be followed into it, and
    // so is every conftest above a relevant test module (its fixtures).
    let mut indexed = relevant.clone();
    for (c, conftest) in files.iter().enumerate().filter(|(_, f)| is_conftest(f)) {
        let Some(dir) = conftest.path.parent() else {
            continue;
        };
        if files
            .iter()
            .zip(&relevant)
            .any(|(f, r)| *r && is_test_module(f) && f.path.starts_with(dir))
        {
            indexed[c] = true;
        }
    }
    let mut queue: VecDeque<usize> = (0..files.len()).filter(|&i| indexed[i]).collect();
    while let Some(i) = queue.pop_front() {
        for &g in &edges[i] {
            if !indexed[g] {
                indexed[g] = true;
                queue.push_back(g);
            }
        }
    }
    Selection { relevant, indexed }
}

fn file_name(f: &ProjectFile) -> &str {
    f.path.file_name().and_then(|n| n.to_str()).unwrap_or("")
}

fn is_conftest(f: &ProjectFile) -> bool {
    f.lang == Lang::Python && file_name(f) == "conftest.py"
}

/// pytest's default test module names.
fn is_test_module(f: &ProjectFile) -> bool {
    let name = file_name(f);
    f.lang == Lang::Python && (name.starts_with("test_") || name.ends_with("_test.py"))
}
