//! Source roots a Python project declares in its packaging and test configuration: the
//! directories its code is imported from without their name (`from acme.kafka import ..`
//! where `acme/` sits under `lib/`). Read from the project's directory:
//!
//! - `pyproject.toml`: setuptools' `package-dir` (the `""` entry), `packages.find.where`,
//!   Poetry's `packages = [{ include = .., from = "lib" }]`, pytest's `pythonpath`;
//! - `setup.cfg`: `[options] package_dir` (`=lib`), `[options.packages.find] where`,
//!   `[tool:pytest] pythonpath`;
//! - `pytest.ini`: `[pytest] pythonpath`.

use std::path::{Path, PathBuf};

/// The directories (joined to `dir`, existing) that `dir`'s configuration declares as
/// source roots, in the order found, without repeats.
pub fn declared(dir: &Path) -> Vec<PathBuf> {
    let mut names: Vec<String> = Vec::new();
    if let Some(t) = read(dir, "pyproject.toml").and_then(|t| t.parse::<toml::Table>().ok()) {
        pyproject(&t, &mut names);
    }
    if let Some(text) = read(dir, "setup.cfg") {
        names.extend(ini_values(&text, "options", "package_dir").filter_map(|v| {
            // `=lib`: the root package's directory; `pkg = lib/pkg` names one package.
            v.strip_prefix('=').map(|d| d.trim().to_string())
        }));
        names.extend(ini_values(&text, "options.packages.find", "where"));
        names.extend(ini_values(&text, "tool:pytest", "pythonpath"));
    }
    if let Some(text) = read(dir, "pytest.ini") {
        names.extend(ini_values(&text, "pytest", "pythonpath"));
    }
    let mut out: Vec<PathBuf> = Vec::new();
    for name in names {
        let name = name.trim().trim_end_matches('/');
        if name.is_empty() || name == "." || Path::new(name).is_absolute() || name.contains("..") {
            continue;
        }
        let path = dir.join(name);
        if path.is_dir() && !out.contains(&path) {
            out.push(path);
        }
    }
    out
}

fn read(dir: &Path, name: &str) -> Option<String> {
    std::fs::read_to_string(dir.join(name)).ok()
}

/// The root directories a `pyproject.toml` declares.
fn pyproject(t: &toml::Table, out: &mut Vec<String>) {
    let get = |path: &[&str]| -> Option<&toml::Value> {
        let mut v = t.get(path[0])?;
        for key in &path[1..] {
            v = v.get(key)?;
        }
        Some(v)
    };
    let strings = |v: Option<&toml::Value>| -> Vec<String> {
        match v {
            Some(toml::Value::String(s)) => s.split_whitespace().map(str::to_string).collect(),
            Some(toml::Value::Array(a)) => (a.iter())
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect(),
            _ => Vec::new(),
        }
    };
    out.extend(strings(get(&["tool", "setuptools", "package-dir", ""])));
    out.extend(strings(get(&[
        "tool",
        "setuptools",
        "packages",
        "find",
        "where",
    ])));
    out.extend(strings(get(&[
        "tool",
        "pytest",
        "ini_options",
        "pythonpath",
    ])));
    if let Some(packages) = get(&["tool", "poetry", "packages"]).and_then(|p| p.as_array()) {
        out.extend((packages.iter()).filter_map(|p| Some(p.get("from")?.as_str()?.to_string())));
    }
}

/// The whitespace-separated values of `key` in `[section]` of an INI text, the value's
/// continuation lines (indented) included.
fn ini_values<'t>(text: &'t str, section: &str, key: &str) -> impl Iterator<Item = String> + 't {
    let mut in_section = false;
    let mut in_key = false;
    let mut out = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('#') || trimmed.starts_with(';') {
            continue;
        }
        if let Some(name) = trimmed.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            in_section = name.trim() == section;
            in_key = false;
            continue;
        }
        if !in_section {
            continue;
        }
        let continued = line.starts_with([' ', '\t']) && in_key;
        if continued {
            out.extend(trimmed.split_whitespace().map(str::to_string));
            continue;
        }
        in_key = false;
        if let Some((k, v)) = trimmed.split_once(['=', ':']) {
            if k.trim() == key {
                in_key = true;
                out.extend(v.split_whitespace().map(str::to_string));
            }
        }
    }
    out.into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roots_from_each_file() {
        let d = tempfile::tempdir().unwrap();
        for sub in [
            "lib",
            "svc",
            "tests_support",
            "poetry_src",
            "cfg_lib",
            "where_dir",
        ] {
            std::fs::create_dir_all(d.path().join(sub)).unwrap();
        }
        std::fs::write(
            d.path().join("pyproject.toml"),
            "[tool.setuptools.package-dir]\n\"\" = \"lib\"\n[tool.pytest.ini_options]\n\
             pythonpath = [\"svc\", \".\", \"missing\"]\n\
             [tool.poetry]\npackages = [{ include = \"acme\", from = \"poetry_src\" }]\n",
        )
        .unwrap();
        std::fs::write(
            d.path().join("setup.cfg"),
            "[options]\npackage_dir =\n    =cfg_lib\n[options.packages.find]\nwhere = where_dir\n\
             [tool:pytest]\npythonpath = tests_support lib\n",
        )
        .unwrap();
        let found: Vec<String> = (declared(d.path()).iter())
            .map(|p| p.strip_prefix(d.path()).unwrap().display().to_string())
            .collect();
        assert_eq!(
            found,
            [
                "lib",
                "svc",
                "poetry_src",
                "cfg_lib",
                "where_dir",
                "tests_support"
            ]
        );
    }
}
