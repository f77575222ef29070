//! Requirements: `requirements*.txt` (with the files they include by `-r` / `-c`),
//! `pyproject.toml` (PEP 621 `[project] dependencies`, Poetry's
//! `[tool.poetry.dependencies]`), `setup.cfg` (`[options] install_requires`), `setup.py` (an
//! `install_requires=[..]` list of string literals) and an sdist's `PKG-INFO`
//! (`Requires-Dist:`). Optional and development groups are not read: they need not be
//! installed.

use std::path::{Path, PathBuf};

use super::specifier::{pep440, poetry, requirement as parse_requirement};
use super::{requirement, Said};
use crate::knowledge::version::normalise;

/// How deep `-r` includes are followed.
const MAX_INCLUDES: usize = 8;

/// Whether `dir` holds a file that declares a Python project's dependencies (a requirements
/// file, a manifest, a lock file).
pub(super) fn is_python_module(dir: &Path) -> bool {
    const FILES: &[&str] = &[
        "pyproject.toml",
        "setup.cfg",
        "setup.py",
        "PKG-INFO",
        "poetry.lock",
        "uv.lock",
        "Pipfile.lock",
    ];
    FILES.iter().any(|f| dir.join(f).is_file())
        || std::fs::read_dir(dir).is_ok_and(|entries| {
            entries.filter_map(|e| e.ok()).any(|e| {
                let name = e.file_name();
                let name = name.to_string_lossy();
                name.starts_with("requirements") && name.ends_with(".txt")
            })
        })
}

/// Every `requirements*.txt` of the project directory, in name order, and what they include.
pub(super) fn requirements_files(dir: &Path, out: &mut Vec<Said>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with("requirements") && n.ends_with(".txt"))
        .collect();
    names.sort();
    let mut seen = Vec::new();
    for name in names {
        requirements_file(dir, &dir.join(name), 0, &mut seen, out);
    }
}

/// One requirements file: its requirements, and the files it includes (relative to it).
fn requirements_file(
    dir: &Path,
    path: &Path,
    depth: usize,
    seen: &mut Vec<PathBuf>,
    out: &mut Vec<Said>,
) {
    if depth > MAX_INCLUDES || seen.iter().any(|p| p == path) {
        return;
    }
    seen.push(path.to_path_buf());
    let Some(text) = read_requirements(path) else {
        return;
    };
    let shown = path
        .strip_prefix(dir)
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned();
    // A backslash at the end of a line continues it.
    for line in text.replace("\\\r\n", " ").replace("\\\n", " ").lines() {
        let line = match line.find(" #") {
            Some(at) => &line[..at],
            None if line.trim_start().starts_with('#') => "",
            None => line,
        }
        .trim();
        let include = ["-r", "--requirement", "-c", "--constraint"]
            .iter()
            .find_map(|o| line.strip_prefix(o));
        match include {
            Some(file) => {
                let file = file.trim_start_matches([' ', '=']).trim();
                if let Some(base) = path.parent() {
                    requirements_file(dir, &base.join(file), depth + 1, seen, out);
                }
            }
            None => push_pep508(line, &shown, out),
        }
    }
}

/// A PEP 508 requirement line, when it names a version range it can read.
fn push_pep508(line: &str, file: &str, out: &mut Vec<Said>) {
    let Some((package, spec)) = parse_requirement(line) else {
        return;
    };
    if let Some(allowed) = pep440(&spec) {
        out.push(requirement(package, &spec, allowed, file));
    }
}

/// `pyproject.toml`: PEP 621 dependencies and Poetry's.
pub(super) fn pyproject(dir: &Path, out: &mut Vec<Said>) {
    const FILE: &str = "pyproject.toml";
    let Some(doc) = toml_file(&dir.join(FILE)) else {
        return;
    };
    let listed = doc
        .get("project")
        .and_then(|p| p.get("dependencies"))
        .and_then(toml::Value::as_array);
    for line in listed.into_iter().flatten().filter_map(toml::Value::as_str) {
        push_pep508(line, FILE, out);
    }
    let poetry_deps = doc
        .get("tool")
        .and_then(|t| t.get("poetry"))
        .and_then(|p| p.get("dependencies"))
        .and_then(toml::Value::as_table);
    for (name, value) in poetry_deps.into_iter().flatten() {
        // `"^2.0"`, `{ version = "^2.0", .. }`, or a list of such tables (one per marker):
        // a list allows what any of its entries does, and an entry without a version (a
        // path or git dependency) allows anything.
        let constraints: Vec<Option<&str>> = match value {
            toml::Value::String(s) => vec![Some(s.as_str())],
            toml::Value::Table(t) => vec![t.get("version").and_then(toml::Value::as_str)],
            toml::Value::Array(items) => (items.iter())
                .map(|i| i.get("version").and_then(toml::Value::as_str))
                .collect(),
            _ => continue,
        };
        let Some(spec) = constraints.iter().copied().collect::<Option<Vec<&str>>>() else {
            continue;
        };
        let spec = spec.join(" || ");
        if let Some(allowed) = poetry(&spec) {
            out.push(requirement(normalise(name), &spec, allowed, FILE));
        }
    }
}

/// `setup.cfg`'s `install_requires` under `[options]`: on its line, or one per indented line
/// below it.
pub(super) fn setup_cfg(dir: &Path, out: &mut Vec<Said>) {
    const FILE: &str = "setup.cfg";
    let Ok(text) = std::fs::read_to_string(dir.join(FILE)) else {
        return;
    };
    let mut section = "";
    let mut in_requires = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            section = trimmed;
            in_requires = false;
            continue;
        }
        if trimmed.is_empty() || trimmed.starts_with(['#', ';']) {
            continue;
        }
        let indented = line.starts_with([' ', '\t']);
        if in_requires && indented {
            push_pep508(trimmed, FILE, out);
            continue;
        }
        in_requires = false;
        if section != "[options]" {
            continue;
        }
        if let Some((key, value)) = trimmed.split_once('=') {
            if key.trim() == "install_requires" {
                in_requires = true;
                if !value.trim().is_empty() {
                    push_pep508(value.trim(), FILE, out);
                }
            }
        }
    }
}

/// `setup.py`'s `install_requires=[..]` when it is a list of string literals (a name or a
/// call, `install_requires=read_requirements()`, is not followed).
pub(super) fn setup_py(dir: &Path, out: &mut Vec<Said>) {
    const FILE: &str = "setup.py";
    let Ok(text) = std::fs::read_to_string(dir.join(FILE)) else {
        return;
    };
    for (at, _) in text.match_indices("install_requires") {
        let rest = text[at + "install_requires".len()..].trim_start();
        let Some(list) = rest
            .strip_prefix('=')
            .map(str::trim_start)
            .and_then(|r| r.strip_prefix('['))
        else {
            continue;
        };
        for line in string_literals(list) {
            push_pep508(line, FILE, out);
        }
    }
}

/// The string literals of a Python list's text up to its closing `]`, skipping comments.
fn string_literals(list: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = list;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',');
        let Some(first) = rest.chars().next() else {
            return out;
        };
        match first {
            '#' => rest = rest.split_once('\n').map_or("", |(_, r)| r),
            '\'' | '"' => {
                let Some((literal, after)) = rest[1..].split_once(first) else {
                    return out;
                };
                out.push(literal);
                rest = after;
            }
            // `]`, or anything that is not a literal (a name, a call, a concatenation).
            _ => return out,
        }
    }
}

/// An sdist's `PKG-INFO`: its `Requires-Dist:` lines (those under an extra carry a marker,
/// which the requirement reader skips).
pub(super) fn pkg_info(dir: &Path, out: &mut Vec<Said>) {
    const FILE: &str = "PKG-INFO";
    let Ok(text) = std::fs::read_to_string(dir.join(FILE)) else {
        return;
    };
    // The headers end at the first empty line; the long description follows.
    for line in text.lines().take_while(|l| !l.trim().is_empty()) {
        if let Some(req) = line.strip_prefix("Requires-Dist:") {
            push_pep508(req, FILE, out);
        }
    }
}

/// A TOML file's document, when it reads and parses.
pub(super) fn toml_file(path: &Path) -> Option<toml::Table> {
    std::fs::read_to_string(path).ok()?.parse().ok()
}

/// A requirements file's text as pip reads it: UTF-8, or UTF-16 when it starts with a byte
/// order mark (what `pip freeze > requirements.txt` writes in a Windows PowerShell).
fn read_requirements(path: &Path) -> Option<String> {
    let bytes = std::fs::read(path).ok()?;
    let utf16 = |bytes: &[u8], le: bool| {
        let units = bytes.chunks_exact(2).map(|c| match le {
            true => u16::from_le_bytes([c[0], c[1]]),
            false => u16::from_be_bytes([c[0], c[1]]),
        });
        char::decode_utf16(units)
            .collect::<Result<String, _>>()
            .ok()
    };
    match bytes.as_slice() {
        [0xFF, 0xFE, rest @ ..] => utf16(rest, true),
        [0xFE, 0xFF, rest @ ..] => utf16(rest, false),
        [0xEF, 0xBB, 0xBF, rest @ ..] => String::from_utf8(rest.to_vec()).ok(),
        _ => String::from_utf8(bytes).ok(),
    }
}

#[cfg(test)]
mod encoding_tests {
    use super::read_requirements;

    #[test]
    fn utf16_requirements_are_read_as_pip_reads_them() {
        let dir = std::env::temp_dir().join(format!("ol-req16-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("requirements.txt");
        let mut bytes = vec![0xFF, 0xFE];
        bytes.extend(
            "kafka-python==2.0.2\r\n"
                .encode_utf16()
                .flat_map(u16::to_le_bytes),
        );
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(
            read_requirements(&path).as_deref(),
            Some("kafka-python==2.0.2\r\n")
        );
        std::fs::write(&path, b"\xEF\xBB\xBFaiokafka==0.8.0\n").unwrap();
        assert_eq!(
            read_requirements(&path).as_deref(),
            Some("aiokafka==0.8.0\n")
        );
        std::fs::write(&path, [0xFF, 0xFE, 0x00, 0xD8]).unwrap();
        assert_eq!(read_requirements(&path), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
