//! The configuration file: `offsetlint.toml`, `.offsetlint.toml`, or `[tool.offsetlint]` in
//! `pyproject.toml`; the closest one above the working directory wins (no merging). Values
//! keep their byte spans so an error can point at the line and column of a bad value.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use crate::error::{ConfigText, Error, Origin};

/// Keys accepted in the configuration file. Unknown keys are an error: a typo must not
/// silently turn a rule off.
#[derive(Debug, Default, Deserialize, Clone)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ConfigFile {
    #[serde(default)]
    pub select: Vec<Spanned<String>>,
    #[serde(default)]
    pub ignore: Vec<Spanned<String>>,
    #[serde(default)]
    pub exclude: Vec<Spanned<String>>,
    /// Replaces the default checkpoint module globs (OL401).
    pub checkpoint_globs: Option<Vec<Spanned<String>>>,
    /// The receiver-name heuristic (default on).
    pub heuristic: Option<bool>,
    /// Files larger than this are skipped with a warning: bytes, or a string with a unit
    /// (`"20MB"`, `"512 KiB"`).
    pub max_file_size: Option<Spanned<FileSize>>,
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
            None => Origin::Flag(key),
        }
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

/// The closest configuration file at or above `start`.
pub fn find_config(start: &Path) -> Option<PathBuf> {
    let mut dir = Some(start);
    while let Some(d) = dir {
        for name in ["offsetlint.toml", ".offsetlint.toml"] {
            let p = d.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
        let py = d.join("pyproject.toml");
        if py.is_file()
            && std::fs::read_to_string(&py).is_ok_and(|t| t.contains("[tool.offsetlint"))
        {
            return Some(py);
        }
        dir = d.parent();
    }
    None
}

pub fn load_config(path: &Path) -> Result<Loaded, Error> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::config(path.to_path_buf(), e.to_string(), None, None))?;
    parse_config(path, text)
}

/// Parses a configuration file's text; `path` names it (and tells `pyproject.toml`).
pub fn parse_config(path: &Path, text: String) -> Result<Loaded, Error> {
    let file = Arc::new(ConfigText {
        path: path.to_path_buf(),
        text,
    });
    let bad = |e: toml::de::Error| {
        let span = e.span().map(|r| (r.start, r.end));
        let (line, col) = span.map_or((1, 1), |s| file.line_col(s.0));
        Error::config(
            path.to_path_buf(),
            format!("line {line}, column {col}: {}", e.message().trim_end()),
            Some(&file),
            span,
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
