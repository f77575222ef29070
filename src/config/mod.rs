//! Settings: validated once from the CLI and the configuration file; nothing below reads raw
//! arguments again.

mod file;

use std::path::Path;

use globset::{Glob, GlobSet, GlobSetBuilder};

pub use file::{find_config, load_config, ConfigFile};

use crate::error::Error;
use crate::knowledge::boundary;
use crate::knowledge::Knowledge;
use crate::registry::{select, Rule, RuleSet};

/// File-name globs that make a module a checkpoint module (OL401).
pub const DEFAULT_CHECKPOINT_GLOBS: &[&str] = &["*checkpoint*", "*watermark*", "*offset_store*"];
/// File-name globs that make a module a fixture-generation module (OL402).
pub const DEFAULT_FIXTURE_GLOBS: &[&str] = &["*fixture*"];

#[derive(Debug, Clone)]
pub struct Settings {
    pub rules: RuleSet,
    pub knowledge: Knowledge,
    /// The name heuristic for receivers (catalog: on by default).
    pub heuristic: bool,
    /// File kinds by name glob (`checkpoint`, `fixture`): what the boundaries bind.
    kinds: Vec<(String, GlobSet)>,
    /// A suppression without a reason is an OL002 finding.
    pub require_suppression_reason: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings::new(RuleSet::all(), true, &strings(DEFAULT_CHECKPOINT_GLOBS))
            .expect("default globs are valid")
    }
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

impl Settings {
    pub fn new(
        rules: RuleSet,
        heuristic: bool,
        checkpoint_globs: &[String],
    ) -> Result<Self, Error> {
        Ok(Settings {
            rules,
            knowledge: Knowledge::default(),
            heuristic,
            kinds: vec![
                (
                    boundary::CHECKPOINT.to_string(),
                    glob_set(checkpoint_globs)?,
                ),
                (
                    boundary::FIXTURE.to_string(),
                    glob_set(&strings(DEFAULT_FIXTURE_GLOBS))?,
                ),
            ],
            require_suppression_reason: false,
        })
    }

    /// The default settings with only `rule` enabled (per-rule snapshot tests).
    pub fn for_rule(rule: Rule) -> Self {
        Settings {
            rules: std::iter::once(rule).collect(),
            ..Settings::default()
        }
    }

    pub fn enabled(&self, rule: Rule) -> bool {
        self.rules.contains(rule)
    }

    /// The kinds of a file (`checkpoint`, `fixture`): its file name matches the kind's globs,
    /// or it is a package's `__init__.py` / `mod.rs` whose directory name matches.
    pub fn file_kinds(&self, path: &Path) -> Vec<String> {
        let Some(name) = path.file_name() else {
            return Vec::new();
        };
        let is_package = matches!(name.to_str(), Some("__init__.py" | "mod.rs"));
        let dir = path.parent().and_then(Path::file_name);
        self.kinds
            .iter()
            .filter(|(_, globs)| {
                globs.is_match(name) || is_package && dir.is_some_and(|d| globs.is_match(d))
            })
            .map(|(kind, _)| kind.clone())
            .collect()
    }

    /// Whether a file is a checkpoint/watermark module (OL401).
    pub fn is_checkpoint_module(&self, path: &Path) -> bool {
        self.file_kinds(path)
            .iter()
            .any(|k| k == boundary::CHECKPOINT)
    }
}

pub fn glob_set(globs: &[String]) -> Result<GlobSet, Error> {
    let mut b = GlobSetBuilder::new();
    for g in globs {
        b.add(Glob::new(g).map_err(|e| Error::BadGlob {
            glob: g.clone(),
            message: e.kind().to_string(),
        })?);
    }
    b.build().map_err(|e| Error::BadGlob {
        glob: globs.join(", "),
        message: e.to_string(),
    })
}

/// Resolves `select` then `ignore` selectors (codes, names, prefixes, `ALL`).
pub fn resolve_rules(select_list: &[String], ignore_list: &[String]) -> Result<RuleSet, Error> {
    let mut rules = if select_list.is_empty() {
        RuleSet::all()
    } else {
        let mut r = RuleSet::EMPTY;
        for s in select_list {
            for rule in select(s).ok_or_else(|| Error::UnknownRule(s.clone()))? {
                r.insert(rule);
            }
        }
        r
    };
    for s in ignore_list {
        for rule in select(s).ok_or_else(|| Error::UnknownRule(s.clone()))? {
            rules.remove(rule);
        }
    }
    Ok(rules)
}
