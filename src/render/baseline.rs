//! Baselines: today's findings recorded in a file, so that a later run reports only new ones.
//!
//! An entry is keyed by rule, path (relative to the baseline file's directory), enclosing
//! function and a hash of the flagged code as a normalised token stream (no whitespace, no
//! comments, no trailing comma before a closing bracket, Python strings in double quotes), with a
//! count: never by line number, so an edit elsewhere in the file (lines inserted above) changes
//! nothing, and a reformatted call still matches. The same key, with the occurrence number,
//! gives the fingerprints of SARIF (`partialFingerprints`) and GitLab reports.
//!
//! The file is JSON, entries sorted, one field per line, so it diffs well under review:
//!
//! ```json
//! {
//!   "version": 1,
//!   "entries": [
//!     { "code": "OL101", "rule": "bare-commit", "path": "app/worker.py",
//!       "function": "Worker.run", "hash": "9c1e4f0a2b3d4e5f", "count": 1 }
//!   ]
//! }
//! ```
//!
//! Only the files a run lints can tell that an entry no longer occurs: a run on a subdirectory
//! or on pre-commit's file list neither reports nor drops the entries of other files.
//!
//! `Baseline::load` is what a configuration key would call.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Component, Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::diagnostic::Finding;
use crate::engine::{FileReport, Report};
use crate::error::{escape_text, Error};
use crate::registry::Rule;
use crate::safe_fs::{read_bounded, write_atomic};

/// The current format version of the file.
const VERSION: u32 = 1;

/// A baseline file larger than this is refused (about 400,000 entries).
const MAX_SIZE: u64 = 64 * 1024 * 1024;

/// What identifies a finding across edits.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Key {
    pub code: String,
    pub path: String,
    pub function: Option<String>,
    pub hash: String,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub code: String,
    /// The rule's name, for readers; matching uses `code`.
    pub rule: String,
    pub path: String,
    pub function: Option<String>,
    pub hash: String,
    pub count: usize,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BaselineFile {
    version: u32,
    entries: Vec<Entry>,
}

/// A set of recorded findings, with the directory its paths are relative to.
#[derive(Debug, Clone, Default)]
pub struct Baseline {
    root: PathBuf,
    entries: BTreeMap<Key, usize>,
}

/// A recorded entry that the run did not find (all of it, or `missing` of its `count`).
#[derive(Debug, Clone, PartialEq)]
pub struct Stale {
    pub entry: Entry,
    pub missing: usize,
}

/// What applying a baseline did to a report.
#[derive(Debug, Default)]
pub struct Applied {
    /// Findings hidden by the baseline: the index of their file in the report, and the finding.
    pub hidden: Vec<(usize, Finding)>,
    /// Entries that no longer occur, so the file can be ratcheted down.
    pub stale: Vec<Stale>,
}

impl Baseline {
    /// Reads a baseline file; its entries' paths are relative to its directory.
    pub fn load(path: &Path) -> Result<Baseline, Error> {
        let io = |message: String| Error::Io {
            path: path.to_path_buf(),
            message,
        };
        let bytes = read_bounded(path, MAX_SIZE).map_err(|e| io(e.to_string()))?;
        Baseline::parse(path, &bytes)
    }

    /// A baseline file's bytes, read from `path` (its entries' paths are relative to its
    /// directory); the fuzz target's entry.
    pub fn parse(path: &Path, bytes: &[u8]) -> Result<Baseline, Error> {
        let io = |message: String| Error::Io {
            path: path.to_path_buf(),
            message,
        };
        let file: BaselineFile = serde_json::from_slice(bytes).map_err(|e| {
            io(format!(
                "not a baseline file: {}",
                escape_text(&e.to_string())
            ))
        })?;
        if file.version != VERSION {
            return Err(io(format!(
                "baseline version {} is not supported (expected {VERSION})",
                file.version
            )));
        }
        let mut entries = BTreeMap::new();
        for e in file.entries {
            if e.code.parse::<Rule>().is_err() {
                return Err(io(format!(
                    "unknown rule `{}` in the baseline",
                    escape_text(&e.code)
                )));
            }
            let key = Key {
                code: e.code,
                path: e.path,
                function: e.function,
                hash: e.hash,
            };
            // Saturating: two entries of one key cannot wrap around to hiding nothing.
            let count = entries.entry(key).or_insert(0usize);
            *count = count.saturating_add(e.count);
        }
        Ok(Baseline {
            root: root_of(path),
            entries,
        })
    }

    /// Today's findings, to be written to the baseline file `path`.
    pub fn from_report(report: &Report, path: &Path) -> Baseline {
        let root = root_of(path);
        let mut entries = BTreeMap::new();
        for file in &report.files {
            for f in &file.findings {
                *entries.entry(key(file, f, &root)).or_insert(0) += 1;
            }
        }
        Baseline { root, entries }
    }

    /// The baseline rewritten by a run that used it (`--baseline F --write-baseline F`): the
    /// findings it hid, under today's keys (an entry matched by its old hash is rewritten),
    /// and the entries of files the run did not lint, whole. It only ever shrinks, and a run
    /// on part of the tree keeps the rest.
    pub fn ratchet(&self, report: &Report, applied: &Applied) -> Baseline {
        let linted = self.linted_paths(&report.checked);
        let mut entries: BTreeMap<Key, usize> = self
            .entries
            .iter()
            .filter(|(k, _)| !linted.contains(&k.path))
            .map(|(k, &n)| (k.clone(), n))
            .collect();
        for (i, f) in &applied.hidden {
            if let Some(file) = report.files.get(*i) {
                *entries.entry(key(file, f, &self.root)).or_insert(0) += 1;
            }
        }
        Baseline {
            root: self.root.clone(),
            entries,
        }
    }

    /// Number of findings recorded.
    pub fn count(&self) -> usize {
        self.entries.values().fold(0, |a, &n| a.saturating_add(n))
    }

    /// Number of entries.
    pub fn entry_count(&self) -> usize {
        self.entries.len()
    }

    /// Findings recorded per rule, in code order (what `--write-baseline` reports).
    pub fn count_per_rule(&self) -> Vec<(Rule, usize)> {
        let mut per_rule: BTreeMap<Rule, usize> = BTreeMap::new();
        for (k, &n) in &self.entries {
            // `load` refuses unknown codes, so every key parses.
            if let Ok(rule) = k.code.parse::<Rule>() {
                let c = per_rule.entry(rule).or_insert(0);
                *c = c.saturating_add(n);
            }
        }
        per_rule.into_iter().collect()
    }

    /// What `--write-baseline` says after writing to `path`: the totals, then (unless
    /// `quiet`) one line per rule with its count, code and name.
    pub fn written_note(&self, path: &Path, quiet: bool) -> String {
        let (n, entries) = (self.count(), self.entry_count());
        let mut out = format!(
            "wrote {n} finding{} ({entries} entr{}) to the baseline {}\n",
            super::plural(n),
            if entries == 1 { "y" } else { "ies" },
            crate::error::shown(path)
        );
        if !quiet {
            for (rule, count) in self.count_per_rule() {
                out.push_str(&format!("{count:>7}  {}  {}\n", rule.code(), rule.name()));
            }
        }
        out
    }

    /// The file's text: sorted entries, two-space indentation, a final newline.
    pub fn to_json(&self) -> String {
        let file = BaselineFile {
            version: VERSION,
            entries: self.entries.iter().map(|(k, &n)| entry(k, n)).collect(),
        };
        let mut s = serde_json::to_string_pretty(&file).unwrap_or_default();
        s.push('\n');
        s
    }

    pub fn write(&self, path: &Path) -> Result<(), Error> {
        write_atomic(path, self.to_json().as_bytes()).map_err(|e| Error::Io {
            path: path.to_path_buf(),
            message: format!("cannot write the baseline: {e}"),
        })
    }

    /// The entry paths of the files a run linted.
    fn linted_paths(&self, checked: &[PathBuf]) -> HashSet<String> {
        checked.iter().map(|p| relative_to(p, &self.root)).collect()
    }

    /// Moves the findings the baseline records out of the report (each entry hides at most
    /// `count` findings with its key, the first in report order) and lists what is left of
    /// the entries.
    pub fn apply(&self, report: &mut Report) -> Applied {
        let mut left: HashMap<&Key, usize> = self.entries.iter().map(|(k, &n)| (k, n)).collect();
        let mut applied = Applied::default();
        for (i, file) in report.files.iter_mut().enumerate() {
            let findings = std::mem::take(&mut file.findings);
            for f in findings {
                // Today's key, else the key of a baseline written before the hash was
                // normalised.
                let keys = [key(file, &f, &self.root), legacy_key(file, &f, &self.root)];
                let found = keys.iter().find(|k| left.get(k).is_some_and(|n| *n > 0));
                match found.and_then(|k| left.get_mut(k)) {
                    Some(n) => {
                        *n -= 1;
                        applied.hidden.push((i, f));
                    }
                    None => file.findings.push(f),
                }
            }
        }
        // Only the files this run linted can tell that an entry no longer occurs.
        let linted = self.linted_paths(&report.checked);
        applied.stale = self
            .entries
            .iter()
            .filter(|(k, _)| linted.contains(&k.path))
            .filter_map(|(k, &count)| {
                let missing = left.get(k).copied().unwrap_or(0);
                (missing > 0).then(|| Stale {
                    entry: entry(k, count),
                    missing,
                })
            })
            .collect();
        applied
    }
}

fn entry(k: &Key, count: usize) -> Entry {
    Entry {
        code: k.code.clone(),
        rule: k
            .code
            .parse::<Rule>()
            .map_or_else(|_| String::new(), |r| r.name().to_string()),
        path: k.path.clone(),
        function: k.function.clone(),
        hash: k.hash.clone(),
        count,
    }
}

/// The directory a baseline file's paths are relative to.
fn root_of(path: &Path) -> PathBuf {
    let dir = path.parent().unwrap_or(Path::new(""));
    absolute(dir)
}

/// The key of one finding of `file`, its path relative to `root`: the hash is of the
/// flagged code as a normalised token stream (`render::normalise`), so a formatter changes
/// nothing.
pub fn key(file: &FileReport, f: &Finding, root: &Path) -> Key {
    let hash = text_hash(&super::normalise::normalised(
        file.lang,
        flagged_code(file, f),
    ));
    Key {
        code: f.rule.code().to_string(),
        path: relative_to(&file.path, root),
        function: f.enclosing.clone(),
        hash,
    }
}

/// The key as offsetlint wrote it before the normalised hash (the code with whitespace
/// removed), so that baselines written then still hide their findings.
fn legacy_key(file: &FileReport, f: &Finding, root: &Path) -> Key {
    let text: String = flagged_code(file, f)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    Key {
        hash: text_hash(&text),
        ..key(file, f, root)
    }
}

/// The flagged code; for an empty range (a syntax error at the end of a file), its line.
fn flagged_code<'a>(file: &'a FileReport, f: &Finding) -> &'a str {
    let source = &file.source;
    let range = if f.range.is_empty() {
        file.lines
            .line_range(source, file.lines.line(f.range.start))
    } else {
        f.range
    };
    source
        .get(range.start as usize..range.end as usize)
        .unwrap_or("")
}

/// FNV-1a, 64 bits, as 16 hex digits: stable across platforms and versions (the standard
/// library's hasher promises neither).
pub fn text_hash(text: &str) -> String {
    format!("{:016x}", fnv1a(text.as_bytes()))
}

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Fingerprints of every finding of the report (paths relative to `root`), indexed like
/// `report.files[i].findings[j]`: the baseline key hashed, then `:N` for its N-th occurrence
/// in the file, so two identical findings in one function stay distinct.
pub fn fingerprints(report: &Report, root: &Path) -> Vec<Vec<String>> {
    report
        .files
        .iter()
        .map(|file| {
            let mut seen: HashMap<Key, usize> = HashMap::new();
            file.findings
                .iter()
                .map(|f| fingerprint(file, f, root, &mut seen))
                .collect()
        })
        .collect()
}

/// One fingerprint; `seen` counts the keys met so far in the file.
pub fn fingerprint(
    file: &FileReport,
    f: &Finding,
    root: &Path,
    seen: &mut HashMap<Key, usize>,
) -> String {
    let k = key(file, f, root);
    let joined = format!(
        "{}\0{}\0{}\0{}",
        k.code,
        k.path,
        k.function.as_deref().unwrap_or(""),
        k.hash
    );
    let n = seen.entry(k).or_insert(0);
    *n += 1;
    format!("{:016x}:{n}", fnv1a(joined.as_bytes()))
}

/// `path` relative to `root` with `/` separators, going up with `..` when it is not under
/// it (`../app/w.py` for a baseline in `ci/`), so the key does not depend on the working
/// directory.
pub fn relative_to(path: &Path, root: &Path) -> String {
    let abs = absolute(path);
    let root = absolute(root);
    if let Ok(rel) = abs.strip_prefix(&root) {
        return super::slash_path(rel);
    }
    let common = abs
        .components()
        .zip(root.components())
        .take_while(|(a, b)| a == b)
        .count();
    if common == 0 {
        return super::slash_path(path);
    }
    let mut rel = PathBuf::new();
    for _ in root.components().skip(common) {
        rel.push("..");
    }
    rel.extend(abs.components().skip(common));
    super::slash_path(&rel)
}

/// An absolute, canonical path where the file exists; else joined to the working directory
/// and normalised lexically (`stdin-filename` may name a file that does not exist).
pub(super) fn absolute(path: &Path) -> PathBuf {
    if let Ok(p) = std::fs::canonicalize(path) {
        return p;
    }
    let joined = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()
            .map(|d| d.join(path))
            .unwrap_or_else(|_| path.to_path_buf())
    };
    let mut out = PathBuf::new();
    for c in joined.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    // A symlinked directory above a missing file: canonicalise the part that exists.
    match (out.parent(), out.file_name()) {
        (Some(dir), Some(name)) => std::fs::canonicalize(dir)
            .map(|d| d.join(name))
            .unwrap_or(out),
        _ => out,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_matches_the_reference_values() {
        // FNV-1a 64 test vectors.
        assert_eq!(fnv1a(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a(b"a"), 0xaf63dc4c8601ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x85944171f73967e8);
    }
}
