//! Settings: validated once from the command line and the configuration files; nothing below
//! reads raw arguments again. As in ruff, each file is linted with the settings of the
//! closest configuration file above it (`discover.rs`), one `Settings` per distinct
//! configuration file, shared by the files it applies to; command-line options override
//! every configuration.

mod build;
mod discover;
mod file;
mod pattern;

use std::path::{Path, PathBuf};

pub use build::{build, split_path, Layer, Overrides};
pub use discover::ConfigResolver;
pub use file::{closest, parse_config, Loaded};
pub use pattern::{
    absolute, absolute_cow, absolute_from, same_path, shown_path, strip_prefix, NameGlobs, Pattern,
};

use crate::error::{Error, Origin};
use crate::knowledge::boundary;
use crate::knowledge::Knowledge;
use crate::registry::{select, Rule, RuleSet, Severity};

/// File-name globs that make a module a checkpoint module (OL401).
/// Java names its files for their classes, in CamelCase (`OffsetCheckpointStore.java`).
pub const DEFAULT_CHECKPOINT_GLOBS: &[&str] = &[
    "*checkpoint*",
    "*watermark*",
    "*offset_store*",
    "*Checkpoint*",
    "*Watermark*",
    "*OffsetStore*",
];
/// File-name globs that make a module a fixture-generation module (OL402).
pub const DEFAULT_FIXTURE_GLOBS: &[&str] = &["*fixture*", "*Fixture*"];
/// File and directory name globs that make a module scratch code (OL404).
pub const DEFAULT_SCRATCH_GLOBS: &[&str] = &[
    "*scratch*",
    "*sandbox*",
    "*playground*",
    "*notebook*",
    "*draft*",
    "*fixture*",
];

/// The settings of the files one configuration file applies to.
#[derive(Debug, Clone)]
pub struct Settings {
    pub rules: RuleSet,
    pub knowledge: Knowledge,
    /// The name heuristic for receivers (catalog: on by default).
    pub heuristic: bool,
    /// File kinds (`checkpoint`, `fixture`, declared boundaries) by pattern: what the
    /// boundaries bind.
    kinds: Vec<(String, Vec<Pattern>)>,
    /// `scratch-globs`: what makes a module scratch code (OL404), by its name or the name of a
    /// directory it is in (below the configuration's directory).
    scratch: NameGlobs,
    /// A suppression without a reason is an OL002 finding.
    pub require_suppression_reason: bool,
    /// `exclude`, `extend-exclude` and `--exclude`.
    pub exclude: Vec<Pattern>,
    /// `per-file-ignores` and `extend-per-file-ignores`: files matching the pattern do not
    /// get these rules.
    pub per_file_ignores: Vec<(Pattern, RuleSet)>,
    /// The paths the knowledge keys and boundaries declare, with where each was set: one
    /// that names nothing of the project is warned about.
    pub declared: Declared,
    /// `[severity]`: the rules whose findings are errors (the others are warnings).
    pub errors: RuleSet,
    /// Honour `.gitignore`, `.git/info/exclude`, the global excludes file and `.ignore`.
    pub respect_gitignore: bool,
    /// Larger files are skipped with a warning.
    pub max_file_size: u64,
    /// `baseline`: the baseline file of runs this configuration applies to (absolute).
    pub baseline: Option<PathBuf>,
    /// The configuration file these settings come from (the extending one), if any.
    pub config_file: Option<PathBuf>,
    /// The directory its paths are relative to (the working directory for `--config` and
    /// without a file): exclusion of a path named on the command line looks at the
    /// directories above it up to here.
    pub root: PathBuf,
    /// The files it extends, nearest first.
    pub extends: Vec<PathBuf>,
    /// Every setting with its value and where it came from (`offsetlint config`).
    pub sources: Vec<Shown>,
}

/// Paths the configuration names, with where each was set.
#[derive(Debug, Clone, Default)]
pub struct Declared {
    /// Functions, classes and methods: `clients` and `factories` paths, `commit-helpers`,
    /// `confirmed-produce`, `delivery-checks`, the exception types, `model-sources`,
    /// `checkpoint-writers`.
    pub names: Vec<Sourced>,
    /// Modules: `network-modules`, a boundary's `forbidden` and `allowed`.
    pub modules: Vec<Sourced>,
}

/// One line of `offsetlint config`: a setting, its value, where it came from.
#[derive(Debug, Clone)]
pub struct Shown {
    pub key: &'static str,
    pub value: String,
    pub origin: Origin,
}

impl Default for Settings {
    fn default() -> Self {
        build(&[], &Overrides::default(), Path::new("/")).expect("the defaults are valid")
    }
}

/// A setting's value and where it came from (a flag, or a key's value in a file).
#[derive(Debug, Clone)]
pub struct Sourced {
    pub value: String,
    pub origin: Origin,
}

impl Settings {
    /// These settings with the literal prefilter off (`--no-prefilter`): every file is
    /// parsed and analysed. The findings must be the same (tested over every fixture and
    /// document example).
    pub fn without_prefilter(mut self) -> Self {
        self.knowledge.prefilter.turn_off();
        self
    }

    /// The default settings with only `rule` enabled (per-rule snapshot tests).
    pub fn for_rule(rule: Rule) -> Self {
        Settings {
            rules: std::iter::once(rule).collect(),
            ..Settings::default()
        }
    }

    /// Settings from the text of a configuration file (`offsetlint.toml` keys, or a
    /// `pyproject.toml` with a `[tool.offsetlint]` table when `pyproject`), its paths relative
    /// to the working directory: the documentation's examples and the tests.
    pub fn from_toml(text: &str, pyproject: bool) -> Result<Settings, String> {
        let name = if pyproject {
            "pyproject.toml"
        } else {
            "offsetlint.toml"
        };
        let cwd = absolute(Path::new("."));
        let loaded = parse_config(&cwd.join(name), text.to_string()).map_err(|e| e.to_string())?;
        let layer = Layer {
            loaded,
            root: cwd.clone(),
        };
        build(&[layer], &Overrides::default(), &cwd).map_err(|e| e.to_string())
    }

    /// Settings from a configuration file (and the files it extends), as a run finds them.
    pub fn from_config_file(path: &Path) -> Result<Settings, String> {
        let cwd = absolute(Path::new("."));
        discover::load_chain(&absolute(path), None)
            .and_then(|layers| build(&layers, &Overrides::default(), &cwd))
            .map_err(|e| e.to_string())
    }

    pub fn enabled(&self, rule: Rule) -> bool {
        self.rules.contains(rule)
    }

    /// The rules for one file: the selection minus its `per-file-ignores`.
    pub fn rules_for(&self, path: &Path) -> RuleSet {
        if self.per_file_ignores.is_empty() {
            return self.rules;
        }
        let abs = absolute_cow(path);
        let mut rules = self.rules;
        for (pattern, ignored) in &self.per_file_ignores {
            if pattern.is_match(&abs) {
                for r in ignored.iter() {
                    rules.remove(r);
                }
            }
        }
        rules
    }

    /// The level of a rule's findings in the files these settings apply to.
    pub fn severity(&self, rule: Rule) -> Severity {
        if self.errors.contains(rule) {
            Severity::Error
        } else {
            Severity::Warning
        }
    }

    /// Whether `exclude` (or `--exclude`) matches a path (absolute, normalised) itself.
    pub fn is_excluded(&self, path: &Path) -> bool {
        self.exclude.iter().any(|p| p.is_match(path))
    }

    /// The kinds of a file (`checkpoint`, `fixture`, a declared boundary's name): its name
    /// (or its path, for a pattern with `/`) matches the kind's patterns, or it is a
    /// package's `__init__.py` / `mod.rs` whose directory matches.
    pub fn file_kinds(&self, path: &Path) -> Vec<String> {
        if path.file_name().is_none() {
            return Vec::new();
        }
        let abs = absolute_cow(path);
        let package = package_dir(&abs);
        // Relative to the configuration's root: a checkout under `/home/u/test/` is not test code.
        let test = boundary::is_test_path(abs.strip_prefix(&self.root).unwrap_or(&abs));
        self.kinds
            .iter()
            // A test of the checkpoint feature may well talk to a server (catalog OL401), and
            // test support imports the code under test by design (OL402): neither kind binds
            // test code. Declared boundaries bind what their globs say.
            .filter(|(kind, _)| {
                !(test && (kind == boundary::CHECKPOINT || kind == boundary::FIXTURE))
            })
            .filter(|(_, patterns)| patterns.iter().any(|p| kind_match(p, &abs, package)))
            .map(|(kind, _)| kind.clone())
            .collect()
    }

    /// The file patterns set in a configuration file (not the defaults) that match none of
    /// `files` (absolute paths of files these settings apply to): `per-file-ignores`, and
    /// the globs of file kinds (`checkpoint-globs`, declared boundaries' `files`), each as
    /// [`Settings::file_kinds`] matches it.
    pub fn unmatched_globs(&self, files: &[&Path]) -> Vec<&Pattern> {
        let matches = |p: &Pattern, kind: bool, f: &Path| {
            if kind {
                kind_match(p, f, package_dir(f))
            } else {
                p.is_match(f)
            }
        };
        self.configured_globs()
            .filter(|(p, kind)| !files.iter().any(|f| matches(p, *kind, f)))
            .map(|(p, _)| p)
            .collect()
    }

    /// Whether a run has anything to warn about in these settings: file patterns or
    /// knowledge paths set in a configuration file.
    pub fn has_user_patterns(&self) -> bool {
        !(self.declared.names.is_empty() && self.declared.modules.is_empty())
            || self.configured_globs().next().is_some()
    }

    /// The file patterns set in a configuration file, each with whether it is a file kind's.
    fn configured_globs(&self) -> impl Iterator<Item = (&Pattern, bool)> {
        let ignores = self.per_file_ignores.iter().map(|(p, _)| (p, false));
        let kinds =
            (self.kinds.iter()).flat_map(|(_, patterns)| patterns.iter().map(|p| (p, true)));
        ignores
            .chain(kinds)
            .filter(|(p, _)| matches!(p.origin, Origin::File { .. }) && !restates_default(p))
    }

    /// The kinds a file has for the rules: its boundary kinds ([`Settings::file_kinds`]), and
    /// `scratch` when it is scratch code (OL404; `project` is the root of the project the
    /// file is in, empty when unknown). Being scratch code does not make a file worth
    /// reading: only its boundary kinds do.
    pub fn rule_kinds(&self, path: &Path, project: &Path, mut kinds: Vec<String>) -> Vec<String> {
        if self.is_scratch(path, project) {
            kinds.push(boundary::SCRATCH.to_string());
        }
        kinds
    }

    /// Whether a file is scratch code: a Jupyter notebook, or its name, or the name of a
    /// directory it is in below its project's root (else below the configuration's
    /// directory), matches `scratch-globs`.
    pub fn is_scratch(&self, path: &Path, project: &Path) -> bool {
        let abs = absolute_cow(path);
        // `strip_prefix` compares bytes: `Path::starts_with` parses both into components,
        // which was most of the time a pre-commit run of 10,000 files spent here.
        let top = if !project.as_os_str().is_empty() && strip_prefix(&abs, project).is_some() {
            project
        } else {
            &self.root
        };
        boundary::is_notebook(&abs) || self.scratch.match_path_or_dirs(&abs, top)
    }

    /// Whether a file is a checkpoint/watermark module (OL401).
    pub fn is_checkpoint_module(&self, path: &Path) -> bool {
        self.file_kinds(path)
            .iter()
            .any(|k| k == boundary::CHECKPOINT)
    }
}

/// Whether a configured glob is one of its key's defaults (`checkpoint-globs =
/// ["*checkpoint*", "*my_offsets*"]` keeps the default and adds one): a policy kept for files
/// to come, not a typo, so not reported when nothing matches it yet.
fn restates_default(p: &Pattern) -> bool {
    let defaults = match &p.origin {
        Origin::File { key, .. } if *key == "checkpoint-globs" => DEFAULT_CHECKPOINT_GLOBS,
        Origin::File { key, .. } if *key == "fixture-globs" => DEFAULT_FIXTURE_GLOBS,
        _ => return false,
    };
    defaults.contains(&p.text.as_str())
}

/// Whether a file kind's pattern matches a file (absolute): its path, or the directory of a
/// package's own file ([`package_dir`]).
fn kind_match(p: &Pattern, abs: &Path, package: Option<&Path>) -> bool {
    p.is_match(abs) || package.is_some_and(|d| p.is_match(d))
}

/// The package directory of a package's own file (`__init__.py`, `mod.rs`), which a file
/// kind's pattern may name instead of the file.
fn package_dir(abs: &Path) -> Option<&Path> {
    let name = abs.file_name()?;
    matches!(name.to_str(), Some("__init__.py" | "mod.rs"))
        .then(|| abs.parent().filter(|d| d.file_name().is_some()))
        .flatten()
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

/// The rules a selector names (a code, a name, a prefix, `ALL`), or an error that says
/// where it came from and suggests the closest valid one.
pub fn lookup_selector(s: &Sourced) -> Result<Vec<Rule>, Error> {
    select(&s.value).ok_or_else(|| {
        let mut choices: Vec<&str> = Rule::ALL.iter().map(|r| r.code()).collect();
        choices.extend(Rule::ALL.iter().map(|r| r.name()));
        choices.push("ALL");
        Error::unknown_rule(&s.value, closest(&s.value, &choices), &s.origin)
    })
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

    /// OL404: a file is scratch code by its name, or by a directory's name below its project
    /// (a directory above the project, `/home/sandbox`, says nothing about the project's
    /// files).
    #[test]
    fn scratch_by_file_or_directory_below_the_project() {
        let s = Settings::default();
        let project = Path::new("/home/sandbox/billing");
        let scratch = |p: &str| s.is_scratch(Path::new(p), project);
        assert!(scratch("/home/sandbox/billing/tools/scratch_replay.py"));
        assert!(scratch("/home/sandbox/billing/notebooks/explore.py"));
        assert!(scratch("/home/sandbox/billing/src/draft/peek.rs"));
        assert!(!scratch("/home/sandbox/billing/app/worker.py"));
        assert!(!scratch("/home/sandbox/billing/src/main.rs"));
        // Without a project, the file's name and the directories below the configuration's
        // directory count.
        assert!(s.is_scratch(Path::new("/elsewhere/sandbox.py"), Path::new("")));
    }

    #[test]
    fn selector_suggestions() {
        let s = |v: &str| Sourced {
            value: v.into(),
            origin: Origin::Flag("--select"),
        };
        assert!(lookup_selector(&s("OL1")).is_ok());
        let e = lookup_selector(&s("bare-comit")).unwrap_err().to_string();
        assert!(e.contains("bare-comit"), "{e}");
        let Error::UnknownRule { help, .. } = lookup_selector(&s("bare-comit")).unwrap_err() else {
            panic!("not an unknown rule");
        };
        assert!(help.contains("did you mean `bare-commit`"), "{help}");
    }
}
