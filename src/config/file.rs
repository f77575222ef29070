//! The configuration file: `.offsetlint.toml`, `offsetlint.toml`, or `[tool.offsetlint]` in
//! `pyproject.toml` (in that order of precedence within one directory). Values keep their byte
//! spans so an error can point at the line and column of a bad value, and `offsetlint config`
//! can say where each setting came from.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use crate::error::{ConfigText, Error, Origin};
use crate::safe_fs::{read_bounded, OpenError, SMALL_FILE};

/// A list value and the span of the whole list.
pub type List = Spanned<Vec<Spanned<String>>>;
/// `per-file-ignores`: pattern → selectors.
pub type PerFile = Spanned<BTreeMap<Spanned<String>, Vec<Spanned<String>>>>;
/// `[severity]`: selector → `error` or `warning`.
pub type Levels = Spanned<BTreeMap<Spanned<String>, Spanned<String>>>;

/// Keys accepted in the configuration file. Unknown keys are an error: a typo must not
/// silently turn a rule off.
#[derive(Debug, Default, Deserialize, Clone)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ConfigFile {
    /// Another configuration file this one extends (relative to this file's directory).
    pub extend: Option<Spanned<String>>,
    pub select: Option<List>,
    pub extend_select: Option<List>,
    pub ignore: Option<List>,
    pub exclude: Option<List>,
    pub extend_exclude: Option<List>,
    pub per_file_ignores: Option<PerFile>,
    pub extend_per_file_ignores: Option<PerFile>,
    /// The level of rules' findings (`OL205 = "error"`); each file of an `extend` chain
    /// changes the levels it names.
    pub severity: Option<Levels>,
    pub respect_gitignore: Option<Spanned<bool>>,
    pub require_suppression_reason: Option<Spanned<bool>>,
    /// Replaces the default checkpoint module globs (OL401).
    pub checkpoint_globs: Option<List>,
    /// Replaces the default scratch module globs (OL404).
    pub scratch_globs: Option<List>,
    /// Replaces the default fixture-generation module globs (OL402).
    pub fixture_globs: Option<List>,
    /// The receiver-name heuristic (default on).
    pub heuristic: Option<Spanned<bool>>,
    /// Files larger than this are skipped with a warning: bytes, or a string with a unit
    /// (`"20MB"`, `"512 KiB"`).
    pub max_file_size: Option<Spanned<FileSize>>,
    /// The baseline file (relative to this file's directory): findings it records are not
    /// reported. `--baseline` on the command line replaces it.
    pub baseline: Option<Spanned<String>>,
    // API knowledge: extends the built-in tables.
    pub clients: Option<Spanned<Vec<ClientDecl>>>,
    pub factories: Option<Spanned<Vec<FactoryDecl>>>,
    pub commit_helpers: Option<List>,
    pub confirmed_produce: Option<List>,
    pub delivery_checks: Option<List>,
    pub poison_exceptions: Option<List>,
    pub transient_exceptions: Option<List>,
    pub model_sources: Option<List>,
    pub checkpoint_writers: Option<List>,
    pub network_modules: Option<List>,
    pub boundaries: Option<Spanned<Vec<BoundaryDecl>>>,
}

/// `[[clients]]`: a wrapper type and the client type it behaves as.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ClientDecl {
    pub path: Spanned<String>,
    pub behaves_as: Spanned<String>,
}

/// `[[factories]]`: a function whose result is a client of a given type.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FactoryDecl {
    pub path: Spanned<String>,
    pub returns: Spanned<String>,
}

/// `[[boundaries]]`: files that must not import modules.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct BoundaryDecl {
    pub name: Spanned<String>,
    pub files: List,
    pub forbidden: List,
    #[serde(default)]
    pub allowed: Option<List>,
}

/// `max-file-size`: an integer (bytes) or a string with a unit.
#[derive(Debug, Deserialize, Clone)]
#[serde(untagged)]
pub enum FileSize {
    Bytes(i64),
    Text(String),
}

/// A loaded configuration: its values and where they came from.
#[derive(Debug, Default, Clone)]
pub struct Loaded {
    pub values: ConfigFile,
    /// `None` when no file was read.
    pub file: Option<Arc<ConfigText>>,
}

impl Loaded {
    /// The origin of a value of `key` at `span` (a byte range of the file).
    pub fn origin(&self, key: &'static str, span: std::ops::Range<usize>) -> Origin {
        match &self.file {
            Some(file) => Origin::File {
                key,
                file: file.clone(),
                span: (span.start, span.end),
            },
            None => Origin::Default(key),
        }
    }

    /// The file's path, when one was read.
    pub fn path(&self) -> Option<&Path> {
        self.file.as_deref().map(|f| f.path.as_path())
    }
}

#[derive(Deserialize)]
struct PyProject {
    tool: Option<Tool>,
}

#[derive(Deserialize)]
struct Tool {
    offsetlint: Option<ConfigFile>,
}

/// File names searched in each directory, highest precedence first (as ruff does).
pub const CONFIG_NAMES: &[&str] = &[".offsetlint.toml", "offsetlint.toml", "pyproject.toml"];

/// The configuration file of directory `dir` itself, if any: `.offsetlint.toml`,
/// `offsetlint.toml`, or a `pyproject.toml` with a `[tool.offsetlint]` table (one without
/// it is not a configuration, as for ruff).
pub fn config_in(dir: &Path) -> Option<PathBuf> {
    for name in CONFIG_NAMES {
        let p = dir.join(name);
        if !p.is_file() {
            continue;
        }
        if *name != "pyproject.toml" || pyproject_has_table(&p) {
            return Some(p);
        }
    }
    None
}

/// Whether a `pyproject.toml` has a `[tool.offsetlint]` table. One that does not parse is
/// ours (to report its error) only when it names `offsetlint` under `tool`.
fn pyproject_has_table(path: &Path) -> bool {
    let Ok(bytes) = read_bounded(path, SMALL_FILE) else {
        return false;
    };
    let Ok(text) = String::from_utf8(bytes) else {
        return false;
    };
    if !text.contains("offsetlint") {
        return false;
    }
    match toml::from_str::<toml::Table>(&text) {
        Ok(table) => table
            .get("tool")
            .and_then(|t| t.as_table())
            .is_some_and(|t| t.contains_key("offsetlint")),
        Err(_) => text.contains("tool.offsetlint"),
    }
}

/// Reads a configuration file: a regular file of at most 1 MiB (`extend` may name anything,
/// `/dev/zero` or a FIFO included), holding TOML text.
pub fn load_config(path: &Path) -> Result<Loaded, Error> {
    let refuse =
        |message: String| Error::config(path.to_path_buf(), message, None, None, String::new());
    let bytes = read_bounded(path, SMALL_FILE).map_err(|e| match e {
        OpenError::TooLarge(_) => refuse(format!(
            "over {SMALL_FILE} bytes, too large for a configuration file"
        )),
        e => refuse(e.to_string()),
    })?;
    let text = toml_text(bytes).map_err(refuse)?;
    parse_config(path, text)
}

/// The text of a file that can be TOML, else why it is not, quoting nothing of it (a
/// configuration may `extend` any file, `/proc/self/environ` or `~/.netrc` too): TOML is
/// UTF-8 and allows no control character but tab, newline and carriage return.
fn toml_text(bytes: Vec<u8>) -> Result<String, String> {
    let not_toml = |what: &str, at: usize| format!("not a TOML file: {what} at byte offset {at}");
    let text = String::from_utf8(bytes)
        .map_err(|e| not_toml("invalid UTF-8", e.utf8_error().valid_up_to()))?;
    match text.find(|c: char| c.is_control() && !matches!(c, '\t' | '\n' | '\r')) {
        Some(at) => Err(not_toml("a control character", at)),
        None => Ok(text),
    }
}

/// Parses a configuration file's text; `path` names it (and tells `pyproject.toml`).
pub fn parse_config(path: &Path, text: String) -> Result<Loaded, Error> {
    let file = Arc::new(ConfigText {
        path: path.to_path_buf(),
        text,
    });
    let bad = |e: toml::de::Error| {
        let span = e.span().map(|r| (r.start, r.end));
        if let Some(at) = not_toml_at(&file.text, span) {
            let message =
                format!("not a TOML file: syntax error on its first line, at byte offset {at}");
            return Error::config(path.to_path_buf(), message, None, None, String::new());
        }
        let (line, col) = span.map_or((1, 1), |s| file.line_col(s.0));
        let message = e.message().trim_end().to_string();
        let help = did_you_mean_field(&message);
        Error::config(
            path.to_path_buf(),
            format!("line {line}, column {col}: {message}"),
            Some(&file),
            span,
            help,
        )
    };
    let values = if path.file_name().is_some_and(|n| n == "pyproject.toml") {
        let py: PyProject = toml::from_str(&file.text).map_err(bad)?;
        py.tool.and_then(|t| t.offsetlint).unwrap_or_default()
    } else {
        toml::from_str(&file.text).map_err(bad)?
    };
    Ok(Loaded {
        values,
        file: Some(file),
    })
}

/// Where a file that is not TOML at all fails: a syntax error (not a bad key or value) on
/// its first line that is not blank or a comment, as for a `.netrc` or a shell script. Such a
/// file is not quoted; an error further down, in what is a configuration, shows its line.
fn not_toml_at(text: &str, span: Option<(usize, usize)>) -> Option<usize> {
    if toml::from_str::<toml::Table>(text).is_ok() {
        return None;
    }
    let at = span.map_or(0, |s| s.0);
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let content = line.trim();
        if !content.is_empty() && !content.starts_with('#') {
            return (at < start + line.len()).then_some(at);
        }
        start += line.len();
    }
    Some(at)
}

/// For serde's "unknown field `selct`, expected one of `select`, ..." the closest valid key.
fn did_you_mean_field(message: &str) -> String {
    let Some(rest) = message.strip_prefix("unknown field `") else {
        return String::new();
    };
    let Some((unknown, rest)) = rest.split_once('`') else {
        return String::new();
    };
    let choices: Vec<&str> = rest.split('`').skip(1).step_by(2).collect();
    match closest(unknown, &choices) {
        Some(best) => format!("did you mean `{best}`?"),
        None => String::new(),
    }
}

/// The choice closest to `word` (edit distance, case-insensitive), if reasonably close.
pub fn closest<'a>(word: &str, choices: &[&'a str]) -> Option<&'a str> {
    let w = word.to_ascii_lowercase().replace('_', "-");
    choices
        .iter()
        .map(|c| (distance(&w, &c.to_ascii_lowercase()), *c))
        .filter(|(d, c)| *d <= (c.len().max(w.len()) / 3).max(1) || c.starts_with(w.as_str()))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Levenshtein distance over characters.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        assert_eq!(closest("selct", &["select", "ignore"]), Some("select"));
        assert_eq!(
            closest("per_file_ignores", &["per-file-ignores", "ignore"]),
            Some("per-file-ignores")
        );
        assert_eq!(closest("zzzzzz", &["select", "ignore"]), None);
        assert_eq!(
            did_you_mean_field("unknown field `exlude`, expected one of `select`, `exclude`"),
            "did you mean `exclude`?"
        );
    }

    #[test]
    fn spanned_map_keys_and_lists() {
        let text = "per-file-ignores = { \"tests/**\" = [\"bare-commit\"] }\nselect = [\"ALL\"]\n";
        let loaded = parse_config(Path::new("offsetlint.toml"), text.to_string()).unwrap();
        let pfi = loaded.values.per_file_ignores.unwrap();
        let (k, v) = pfi.get_ref().iter().next().unwrap();
        assert_eq!(k.get_ref(), "tests/**");
        assert_eq!(&text[k.span()], "\"tests/**\"");
        assert_eq!(v[0].get_ref(), "bare-commit");
        assert_eq!(loaded.values.select.unwrap().get_ref().len(), 1);
    }
}
