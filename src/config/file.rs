//! The configuration file: `offsetlint.toml`, `.offsetlint.toml`, or `[tool.offsetlint]` in
//! `pyproject.toml`; the closest one above the working directory wins (no merging).

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::error::Error;

/// Keys accepted in the configuration file. Unknown keys are an error: a typo must not
/// silently turn a rule off.
#[derive(Debug, Default, Deserialize, Clone)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ConfigFile {
    #[serde(default)]
    pub select: Vec<String>,
    #[serde(default)]
    pub ignore: Vec<String>,
    #[serde(default)]
    pub exclude: Vec<String>,
    /// Replaces the default checkpoint module globs (OL401).
    pub checkpoint_globs: Option<Vec<String>>,
    /// The receiver-name heuristic (default on).
    pub heuristic: Option<bool>,
}

#[derive(Deserialize)]
struct PyProject {
    tool: Option<Tool>,
}

#[derive(Deserialize)]
struct Tool {
    offsetlint: Option<toml::Value>,
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

pub fn load_config(path: &Path) -> Result<ConfigFile, Error> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::Config {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    let bad = |e: toml::de::Error| Error::Config {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    if path.file_name().is_some_and(|n| n == "pyproject.toml") {
        let py: PyProject = toml::from_str(&text).map_err(bad)?;
        return match py.tool.and_then(|t| t.offsetlint) {
            Some(v) => v.try_into().map_err(bad),
            None => Ok(ConfigFile::default()),
        };
    }
    toml::from_str(&text).map_err(bad)
}
