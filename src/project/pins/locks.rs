//! Lock files: `poetry.lock`, `uv.lock` and `Cargo.lock` (TOML, a `[[package]]` array of
//! `name` and `version`), and `Pipfile.lock` (JSON, `default` and `develop` sections of
//! `"name": {"version": "==2.0.2"}`).

use std::path::Path;

use super::manifests::toml_file;
use super::{locked, Said};

pub(super) fn read(dir: &Path, out: &mut Vec<Said>) {
    for file in ["poetry.lock", "uv.lock", "Cargo.lock"] {
        let Some(doc) = toml_file(&dir.join(file)) else {
            continue;
        };
        let packages = doc.get("package").and_then(toml::Value::as_array);
        for p in packages.into_iter().flatten() {
            let field = |k: &str| p.get(k).and_then(toml::Value::as_str);
            if let (Some(name), Some(version)) = (field("name"), field("version")) {
                out.extend(locked(name, version, file));
            }
        }
    }
    pipfile_lock(dir, out);
}

fn pipfile_lock(dir: &Path, out: &mut Vec<Said>) {
    const FILE: &str = "Pipfile.lock";
    let Ok(text) = std::fs::read_to_string(dir.join(FILE)) else {
        return;
    };
    let Ok(doc) = serde_json::from_str::<serde_json::Value>(&text) else {
        return;
    };
    for section in ["default", "develop"] {
        let Some(packages) = doc.get(section).and_then(|s| s.as_object()) else {
            continue;
        };
        for (name, entry) in packages {
            let version = entry.get("version").and_then(|v| v.as_str());
            if let Some(version) = version.and_then(|v| v.strip_prefix("==")) {
                out.extend(locked(name, version, FILE));
            }
        }
    }
}
