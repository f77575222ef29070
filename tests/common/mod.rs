//! Shared by the integration tests: the fixture corpus under `testdata/` and the
//! `expect:` / `expect-file:` annotations that fixtures and rule-document examples carry.
//!
//! Each test binary compiles this module separately and uses only part of it.
#![allow(dead_code)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use offsetlint::{language, Rule};

/// Every Python and Rust file under `dir`, recursively, in a stable order.
pub fn fixtures(dir: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                // Checked whole by their own harnesses: multi-file projects by
                // tests/projects.rs, hostile input by tests/hostile.rs, configured trees
                // (their annotations hold with their configuration) by tests/config.rs,
                // notebooks (positions in cells) by tests/notebooks.rs, the inventory's
                // projects by tests/inventory.rs.
                if p == Path::new("testdata/projects")
                    || p == Path::new("testdata/inventory")
                    || p == Path::new("testdata/notebooks")
                    || p == Path::new("testdata/hostile")
                    || p == Path::new("testdata/config")
                {
                    continue;
                }
                walk(&p, out);
            } else if language(&p).is_some() {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &mut out);
    out
}

/// Fixtures that are not UTF-8, so `lint_source` (which takes `&str`) cannot run them:
/// `tests/fixtures.rs` lints them through the CLI and checks their annotations
/// (`expect-file: OL001`), and `tests/cli.rs::non_utf8_fixtures_are_ol001_findings` checks
/// the position of the invalid byte.
pub const NOT_UTF8: &[&str] = &["testdata/OL001/non_utf8.py", "testdata/OL001/non_utf8.rs"];

/// Line number standing for "any line" (`expect-file:`).
pub const ANY_LINE: usize = 0;

/// The (line, code) pairs annotated in a source text: `# expect: OL101` or
/// `// expect: OL101, OL002` expects a finding of each code starting on that line (1-based);
/// `expect-file: OL001` expects findings of that code anywhere (line [`ANY_LINE`]).
///
/// The annotation must be a comment (`#` or `//` before it) and must end the line; every
/// listed item must be a rule code. A malformed annotation is an error, not a silently
/// skipped expectation.
pub fn expectations(source: &str) -> Result<BTreeSet<(usize, String)>, String> {
    let mut set = BTreeSet::new();
    for (i, line) in source.lines().enumerate() {
        let line_no = i + 1;
        let mut rest = line;
        while let Some(pos) = rest.find("expect") {
            let before = rest[..pos].trim_end();
            let after = &rest[pos + "expect".len()..];
            rest = after;
            let (at_line, codes) = if let Some(codes) = after.strip_prefix(':') {
                (line_no, codes)
            } else if let Some(codes) = after.strip_prefix("-file:") {
                (ANY_LINE, codes)
            } else {
                continue; // `.expect(..)`, "unexpected", ...: not an annotation
            };
            if !(before.ends_with('#') || before.ends_with("//")) {
                return Err(format!(
                    "line {line_no}: `expect` annotation outside a comment: {line:?}"
                ));
            }
            for item in codes.split(',') {
                let code = item.trim();
                let known = code.parse::<Rule>().is_ok_and(|r| r.code() == code);
                if !known {
                    return Err(format!(
                        "line {line_no}: `{code}` is not a rule code (an annotation lists codes \
                         separated by commas and ends the line): {line:?}"
                    ));
                }
                set.insert((at_line, code.to_string()));
            }
            break;
        }
    }
    Ok(set)
}

/// The findings' (line, code) pairs, with the line replaced by [`ANY_LINE`] for codes the
/// expectations place anywhere in the file.
pub fn observed(
    want: &BTreeSet<(usize, String)>,
    found: impl IntoIterator<Item = (usize, String)>,
) -> BTreeSet<(usize, String)> {
    let anywhere: BTreeSet<&str> = want
        .iter()
        .filter(|(l, _)| *l == ANY_LINE)
        .map(|(_, c)| c.as_str())
        .collect();
    found
        .into_iter()
        .map(|(line, code)| {
            if anywhere.contains(code.as_str()) {
                (ANY_LINE, code)
            } else {
                (line, code)
            }
        })
        .collect()
}

/// `None` when the sets are equal, else what is missing and what is unexpected.
pub fn difference(
    want: &BTreeSet<(usize, String)>,
    got: &BTreeSet<(usize, String)>,
) -> Option<String> {
    let missing: Vec<_> = want.difference(got).collect();
    let extra: Vec<_> = got.difference(want).collect();
    (!missing.is_empty() || !extra.is_empty())
        .then(|| format!("missing {missing:?}, unexpected {extra:?}"))
}

/// What a single-file fixture is held to: its `expect:` annotations, or, when it names known
/// gaps as projects do (`expect-gap:`, `gap-extra:`, each with a reason), what offsetlint
/// reports today ([`ProjectAnnotations::today`]).
pub fn fixture_expectations(source: &str) -> Result<BTreeSet<(usize, String)>, String> {
    if source.contains("expect-gap:") || source.contains("gap-extra:") {
        project_annotations(source).map(|a| a.today())
    } else {
        expectations(source)
    }
}

/// The annotations of a file of a fixture project (`testdata/projects/`): `expect:` as in
/// [`expectations`], plus the known gaps of today's resolver, each with a reason:
///
/// - `# expect-gap: OL101 <reason>`: the catalog says this line is an OL101 finding, and
///   offsetlint misses it today;
/// - `# gap-extra: OL201 <reason>`: this line must be clean, and offsetlint reports an OL201
///   on it today.
///
/// A gap annotation names exactly one code and must give a reason.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ProjectAnnotations {
    pub expect: BTreeSet<(usize, String)>,
    /// (line, code) → reason.
    pub missed: Vec<(usize, String, String)>,
    pub extra: Vec<(usize, String, String)>,
}

impl ProjectAnnotations {
    /// What offsetlint reports on the file today: the expected findings and the false
    /// positives, without the missed ones.
    pub fn today(&self) -> BTreeSet<(usize, String)> {
        let mut out = self.expect.clone();
        out.extend(self.extra.iter().map(|(l, c, _)| (*l, c.clone())));
        out
    }
}

/// Parses [`ProjectAnnotations`]; `expect-file:` is not used in projects and is an error.
pub fn project_annotations(source: &str) -> Result<ProjectAnnotations, String> {
    let mut out = ProjectAnnotations::default();
    for (i, line) in source.lines().enumerate() {
        let line_no = i + 1;
        // A misspelt gap keyword must not silently drop an expectation.
        for (pos, _) in line.match_indices("expect") {
            let after = &line[pos + "expect".len()..];
            if (after.starts_with('-') || after.starts_with('_'))
                && !after.starts_with("-gap: ")
                && !after.starts_with("-file:")
            {
                return Err(format!(
                    "line {line_no}: unknown annotation (`expect:`, `expect-gap:`, `gap-extra:`): {line:?}"
                ));
            }
        }
        let gap = ["expect-gap:", "gap-extra:"]
            .iter()
            .find_map(|k| line.find(k).map(|pos| (*k, pos)));
        if let Some((keyword, pos)) = gap {
            let before = line[..pos].trim_end();
            if !(before.ends_with('#') || before.ends_with("//")) {
                return Err(format!(
                    "line {line_no}: `{keyword}` outside a comment: {line:?}"
                ));
            }
            let rest = line[pos + keyword.len()..].trim_start();
            let (code, reason) = rest.split_once(' ').unwrap_or((rest, ""));
            let code = code.trim_end_matches(',');
            if !code.parse::<Rule>().is_ok_and(|r| r.code() == code) {
                return Err(format!(
                    "line {line_no}: `{code}` is not a rule code (`{keyword} CODE reason`): {line:?}"
                ));
            }
            if reason.trim().is_empty() {
                return Err(format!(
                    "line {line_no}: `{keyword} {code}` needs a reason: {line:?}"
                ));
            }
            if line[..pos].contains("expect") {
                return Err(format!("line {line_no}: one annotation per line: {line:?}"));
            }
            let entry = (line_no, code.to_string(), reason.trim().to_string());
            if keyword == "expect-gap:" {
                out.missed.push(entry);
            } else {
                out.extra.push(entry);
            }
            continue;
        }
        let one =
            expectations(line).map_err(|e| e.replacen("line 1", &format!("line {line_no}"), 1))?;
        for (l, code) in one {
            if l == ANY_LINE {
                return Err(format!(
                    "line {line_no}: `expect-file:` is not used in projects: {line:?}"
                ));
            }
            out.expect.insert((line_no, code));
        }
    }
    Ok(out)
}

/// Runs the command line in-process: `args` without the program name.
pub fn run(args: &[&str]) -> (offsetlint::ExitStatus, offsetlint::cli::Output) {
    offsetlint::cli::main_with_args(
        std::iter::once("offsetlint")
            .chain(args.iter().copied())
            .map(String::from),
    )
}

/// Writes `text` to `dir/name` (directories made as needed) and returns the path.
pub fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(&p, text).unwrap();
    p
}

/// A path as the `&str` argument the command line takes.
pub fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Every `--format` of `check`.
pub const FORMATS: &[&str] = &[
    "human",
    "concise",
    "json",
    "json-lines",
    "sarif",
    "github",
    "gitlab",
    "junit",
];
