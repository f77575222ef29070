//! Settings: validated once from the CLI and the configuration file; nothing below reads raw
//! arguments again.

mod file;

use std::path::Path;

use globset::{Glob, GlobSet, GlobSetBuilder};

pub use file::{find_config, load_config, parse_config, FileSize, Loaded};

use crate::error::{Error, Origin};
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
        Settings::new(RuleSet::all(), true, &default_checkpoint_globs())
            .expect("default globs are valid")
    }
}

/// A setting's value and where it came from (a flag, or a key's value in a file).
#[derive(Debug, Clone)]
pub struct Sourced {
    pub value: String,
    pub origin: Origin,
}

/// [`DEFAULT_CHECKPOINT_GLOBS`] as settings.
pub fn default_checkpoint_globs() -> Vec<Sourced> {
    defaults(DEFAULT_CHECKPOINT_GLOBS, "checkpoint-globs")
}

/// Built-in values of a setting, as settings.
fn defaults(values: &[&str], key: &'static str) -> Vec<Sourced> {
    values
        .iter()
        .map(|g| Sourced {
            value: g.to_string(),
            origin: Origin::Flag(key),
        })
        .collect()
}

impl Settings {
    pub fn new(
        rules: RuleSet,
        heuristic: bool,
        checkpoint_globs: &[Sourced],
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
                    glob_set(&defaults(DEFAULT_FIXTURE_GLOBS, "fixture-globs"))?,
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

pub fn glob_set(globs: &[Sourced]) -> Result<GlobSet, Error> {
    let mut b = GlobSetBuilder::new();
    for g in globs {
        b.add(
            Glob::new(&g.value)
                .map_err(|e| Error::bad_glob(&g.value, e.kind().to_string(), &g.origin))?,
        );
    }
    b.build().map_err(|e| {
        let all: Vec<&str> = globs.iter().map(|g| g.value.as_str()).collect();
        let origin = globs
            .first()
            .map_or(Origin::Flag("--exclude"), |g| g.origin.clone());
        Error::bad_glob(&all.join(", "), e.to_string(), &origin)
    })
}

/// `max-file-size` / `--max-file-size`: bytes, or a number with a unit (`KB`, `MB`, `GB`
/// are powers of 1000, `KiB`, `MiB`, `GiB` of 1024; `K`, `M`, `G` alone are 1024s too).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '_'))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let num: u64 = num
        .replace('_', "")
        .parse()
        .map_err(|_| "expected a size such as 1048576, \"20MB\" or \"512 KiB\"".to_string())?;
    let factor: u64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "kb" => 1000,
        "k" | "kib" => 1 << 10,
        "mb" => 1000 * 1000,
        "m" | "mib" => 1 << 20,
        "gb" => 1000 * 1000 * 1000,
        "g" | "gib" => 1 << 30,
        other => {
            return Err(format!(
                "unknown unit `{other}` (use B, KB, MB, GB, KiB, MiB or GiB)"
            ))
        }
    };
    num.checked_mul(factor)
        .filter(|&n| n > 0)
        .ok_or_else(|| "the size must be above 0 and below 16 EiB".to_string())
}

/// Resolves `select` then `ignore` selectors (codes, names, prefixes, `ALL`).
pub fn resolve_rules(select_list: &[Sourced], ignore_list: &[Sourced]) -> Result<RuleSet, Error> {
    let lookup =
        |s: &Sourced| select(&s.value).ok_or_else(|| Error::unknown_rule(&s.value, &s.origin));
    let mut rules = if select_list.is_empty() {
        RuleSet::all()
    } else {
        let mut r = RuleSet::EMPTY;
        for s in select_list {
            for rule in lookup(s)? {
                r.insert(rule);
            }
        }
        r
    };
    for s in ignore_list {
        for rule in lookup(s)? {
            rules.remove(rule);
        }
    }
    Ok(rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_with_units() {
        assert_eq!(parse_size("1048576"), Ok(1 << 20));
        assert_eq!(parse_size("20MB"), Ok(20_000_000));
        assert_eq!(parse_size("512 KiB"), Ok(512 * 1024));
        assert_eq!(parse_size("2M"), Ok(2 << 20));
        assert_eq!(parse_size("1gib"), Ok(1 << 30));
        assert_eq!(parse_size("10_000"), Ok(10_000));
        assert!(parse_size("0").is_err());
        assert!(parse_size("-5").is_err());
        assert!(parse_size("12 parsecs").unwrap_err().contains("parsecs"));
        assert!(parse_size("99999999999999999999GB").is_err());
        assert!(parse_size("").is_err());
    }
}
