//! Warnings for configuration that matches nothing (a typo would otherwise be silent): a file
//! pattern (`per-file-ignores`, `checkpoint-globs`, a boundary's `files`) that matches no file,
//! and a knowledge or module path (`clients`, `commit-helpers`, ..., `network-modules`, a
//! boundary's `forbidden`) that names a package of the project but no module or class in it
//! (`common.mqueu.MQWriter` where the project has `common/mqueue.py`). A path into a package
//! the project does not hold (a wrapper library installed beside it) is not judged: the run
//! cannot see it.
//!
//! Judged only on what the run walked anyway, never by reading the tree again, and only for a
//! configuration whose whole directory the run walked (a directory argument or the project
//! of a named file at or above it): where the run saw part of the files, that a pattern
//! matches none of them says nothing. A knowledge path is looked up in the module layouts of
//! the files its configuration applies to and, when it declares any, the few modules it
//! names are read.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use foldhash::HashMap;

use super::Entry;
use crate::config::{absolute, split_path, Settings, Sourced};
use crate::error::Error;
use crate::knowledge::Knowledge;
use crate::project::{project_root, Layouts};
use crate::safe_fs::{read_bounded, SMALL_FILE};

/// The warnings for the configurations of `entries` (the run's files, targets and project
/// files) that the run walked whole; `paths` are the command line's.
pub(super) fn unmatched(paths: &[PathBuf], entries: &[Entry]) -> Vec<Error> {
    let mut groups: Vec<(Arc<Settings>, Vec<&Entry>)> = Vec::new();
    let mut at: HashMap<*const Settings, usize> = HashMap::default();
    for e in entries {
        let i = *at.entry(Arc::as_ptr(&e.settings)).or_insert_with(|| {
            groups.push((e.settings.clone(), Vec::new()));
            groups.len() - 1
        });
        groups[i].1.push(e);
    }
    groups.retain(|(s, _)| s.config_file.is_some() && s.has_user_patterns());
    if groups.is_empty() {
        return Vec::new();
    }
    let walked = walked_dirs(paths);
    groups.retain(|(s, _)| covered(&s.root, &walked));
    groups.sort_by(|a, b| a.0.config_file.cmp(&b.0.config_file));
    let mut out: Vec<Error> = Vec::new();
    for (settings, group) in &groups {
        let files: Vec<&Path> = group.iter().map(|e| e.absolute.as_path()).collect();
        for p in settings.unmatched_globs(&files) {
            out.push(Error::unmatched_config(
                &p.text,
                &p.origin,
                "matches no file of the project",
            ));
        }
        let declared = &settings.declared;
        if declared.names.is_empty() && declared.modules.is_empty() {
            continue;
        }
        let modules = Modules::of(group);
        let k = &settings.knowledge;
        let missing = (declared.names.iter().map(|d| (d, modules.names(d, k))))
            .chain((declared.modules.iter()).map(|d| (d, modules.has_module(d, k))))
            .filter(|(_, found)| !found);
        for (d, _) in missing {
            out.push(Error::unmatched_config(
                &d.value,
                &d.origin,
                "names a package of the project but no module or class in it",
            ));
        }
    }
    // Files extending one configuration share its values: one warning each.
    let mut seen = std::collections::HashSet::new();
    out.retain(|e| seen.insert(e.to_string()));
    out
}

/// The directories the run walked whole: each directory argument, and the project of each
/// argument (walked for resolution), canonical. A pre-commit run names many files of few
/// directories: each directory's project is looked up once.
fn walked_dirs(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut walked = Vec::new();
    let mut dirs: Vec<&Path> = Vec::new();
    for p in paths {
        if p.is_dir() {
            walked.push(p.clone());
            dirs.push(p);
        } else {
            let parent = p.parent().filter(|d| !d.as_os_str().is_empty());
            dirs.push(parent.unwrap_or(Path::new(".")));
        }
    }
    dirs.sort();
    dirs.dedup();
    walked.extend(dirs.into_iter().filter_map(project_root));
    let mut walked: Vec<PathBuf> = (walked.iter())
        .map(|p| std::fs::canonicalize(p).unwrap_or_else(|_| absolute(p)))
        .collect();
    walked.sort();
    walked.dedup();
    walked
}

/// Whether a configuration's directory is at or below a walked directory.
fn covered(root: &Path, walked: &[PathBuf]) -> bool {
    let root = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    walked.iter().any(|w| root.starts_with(w))
}

/// The modules of the files of one configuration: module path → files.
struct Modules<'e> {
    files: HashMap<Vec<String>, Vec<&'e Path>>,
}

impl<'e> Modules<'e> {
    /// Laid out from their absolute paths (a project file's is canonical, as the engine lays
    /// it out; a target's is as named, which the layout reads the same unless symlinks lead
    /// elsewhere).
    fn of(entries: &[&'e Entry]) -> Modules<'e> {
        let files: Vec<(&Path, crate::model::Lang)> = (entries.iter())
            .map(|e| (e.absolute.as_path(), e.lang))
            .collect();
        let mut map: HashMap<Vec<String>, Vec<&Path>> = HashMap::default();
        let layouts = Layouts::default().layout_all(&files);
        for (layout, (path, _)) in layouts.into_iter().zip(files) {
            if !layout.module.is_empty() {
                map.entry(layout.module.to_vec()).or_default().push(path);
            }
        }
        Modules { files: map }
    }

    /// Whether the run cannot judge a path: its first segment is no package of the project
    /// (a library, known or not).
    fn outside(&self, path: &[String], knowledge: &Knowledge) -> bool {
        let top = &path[0];
        known_library(top, knowledge) || !self.files.keys().any(|m| m[0] == *top)
    }

    /// Whether a declared name is found, or not the run's to judge ([`Modules::outside`]): a
    /// module of the project defines or imports it (a function or class; for
    /// `Class.method`, the class), as a word of the module's text.
    fn names(&self, declared: &Sourced, knowledge: &Knowledge) -> bool {
        let path = split_path(&declared.value);
        // A single name (an exception type matched by suffix) names no module.
        if path.len() < 2 || self.outside(&path, knowledge) {
            return true;
        }
        (1..=2.min(path.len() - 1))
            .any(|k| self.defines(&path[..path.len() - k], &path[path.len() - k]))
    }

    /// Whether a declared module is found, or not the run's to judge: a module or package of
    /// the project, or a name a module of it defines.
    fn has_module(&self, declared: &Sourced, knowledge: &Knowledge) -> bool {
        let path = split_path(&declared.value);
        if path.iter().any(String::is_empty) || self.outside(&path, knowledge) {
            return true;
        }
        let (last, parent) = path.split_last().expect("split gives one part at least");
        self.files.keys().any(|m| m.starts_with(&path))
            || !parent.is_empty() && self.defines(parent, last)
    }

    /// Whether module `module` of the project mentions `name`.
    fn defines(&self, module: &[String], name: &str) -> bool {
        (self.files.get(module)).is_some_and(|files| files.iter().any(|f| mentions(f, name)))
    }
}

/// A Kafka client library or a model client the knowledge tables know.
fn known_library(root: &str, knowledge: &Knowledge) -> bool {
    knowledge.libraries.iter().any(|l| l.roots.contains(&root))
        || knowledge
            .llm
            .modules
            .iter()
            .any(|m| m.first().is_some_and(|m| m == root))
        || (knowledge.llm.module_prefixes.iter()).any(|p| root.starts_with(p.as_str()))
}

/// Whether a file's text holds `name` as a whole word.
fn mentions(file: &Path, name: &str) -> bool {
    let Ok(bytes) = read_bounded(file, 16 * SMALL_FILE) else {
        return false;
    };
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    memchr::memmem::find_iter(&bytes, name.as_bytes()).any(|at| {
        let before = at.checked_sub(1).map(|i| bytes[i]);
        let after = bytes.get(at + name.len()).copied();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}
