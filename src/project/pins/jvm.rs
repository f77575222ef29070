//! Maven and Gradle build files: the versions of Java dependencies a project declares.
//!
//! * `pom.xml`: every `<dependency>` with a `<version>` (in `<dependencies>` or
//!   `<dependencyManagement>`), `${name}` resolved from the `<properties>` of the project's
//!   poms (a parent's properties serve its modules).
//! * `build.gradle` / `build.gradle.kts`: `"group:artifact:version"` strings and the map form
//!   (`group: 'g', name: 'a', version: 'v'`), with `$name` / `${name}` resolved from the
//!   variables the build files assign (`def v = '..'`, `ext { v = '..' }`, `val v = ".."`,
//!   `set("v", "..")`) and from `gradle.properties`; Gradle's strict `!!` is dropped.
//! * `gradle/libs.versions.toml` (a version catalog): `[libraries]` entries, as
//!   `"g:a:v"`, `{ module = "g:a", version = ".." }`, `version.ref` into `[versions]`, or
//!   `{ group, name, version }`.
//!
//! A module's build files are read with those of the directories above it (a parent pom, the
//! root build of a Gradle multi-project, `gradle/` of the root), up to [`MAX_PARENTS`] levels
//! and the build's root (the first directory above with no build file, settings or catalog
//! ends it; so does a repository's root): the nearest that declares a dependency's version, or defines a
//! property, wins. A declared version is the one built with, so it counts like a lock file's.
//! A version that does not resolve (an unknown property, a range) is skipped.

use std::collections::HashMap;
use std::path::Path;

use super::{locked, Said};

/// How many directories above a module are read for its parent's build files.
const MAX_PARENTS: usize = 4;
/// A module's build files, and Gradle's properties and version catalog.
const BUILD_FILES: &[&str] = &["pom.xml", "build.gradle", "build.gradle.kts"];
const GRADLE_EXTRAS: &[&str] = &["gradle.properties", "gradle/libs.versions.toml"];
/// A Gradle multi-project's root.
const SETTINGS: &[&str] = &["settings.gradle", "settings.gradle.kts"];

/// Whether `dir` holds a Maven or Gradle build file.
pub(super) fn is_module(dir: &Path) -> bool {
    BUILD_FILES.iter().any(|f| dir.join(f).is_file())
}

/// A dependency as a build file declares it: its artifact and its version, unresolved.
struct Declared {
    artifact: String,
    version: String,
    file: String,
}

pub(super) fn read(dir: &Path, out: &mut Vec<Said>) {
    let mut vars: HashMap<String, Option<String>> = HashMap::new();
    let mut found: Vec<Declared> = Vec::new();
    for (up, level) in dir.ancestors().take(MAX_PARENTS + 1).enumerate() {
        // The build a module belongs to ends below the first directory that has no part of it.
        let in_build = (BUILD_FILES.iter().chain(GRADLE_EXTRAS).chain(SETTINGS))
            .any(|f| level.join(f).is_file());
        if up > 0 && !in_build {
            break;
        }
        let mut declared = Vec::new();
        let mut defined = HashMap::new();
        for name in BUILD_FILES.iter().chain(GRADLE_EXTRAS) {
            let path = level.join(name);
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let shown = format!("{}{name}", "../".repeat(up));
            match *name {
                "pom.xml" => pom(&text, &shown, &mut defined, &mut declared),
                "gradle.properties" => {
                    for line in text.lines() {
                        if let Some((k, v)) = line.split_once('=') {
                            define(&mut defined, k.trim(), v.trim());
                        }
                    }
                }
                "gradle/libs.versions.toml" => catalog(&text, &shown, &mut declared),
                _ => gradle(&text, &shown, &mut defined, &mut declared),
            }
        }
        // Nearer levels win: their properties and their declarations of an artifact.
        for (k, v) in defined {
            vars.entry(k).or_insert(v);
        }
        let known: Vec<String> = found.iter().map(|d| d.artifact.clone()).collect();
        found.extend(
            declared
                .into_iter()
                .filter(|d| !known.contains(&d.artifact)),
        );
        if level.join(".git").exists() {
            break;
        }
    }
    for d in found {
        let Some(version) = resolve(&d.version, &vars) else {
            continue;
        };
        out.extend(locked(&d.artifact, &version, &d.file));
    }
}

/// A variable's value; one defined twice with different values has none.
fn define(vars: &mut HashMap<String, Option<String>>, name: &str, value: &str) {
    if name.is_empty() || value.is_empty() {
        return;
    }
    let value = value.to_string();
    vars.entry(name.to_string())
        .and_modify(|v| {
            if v.as_ref() != Some(&value) {
                *v = None;
            }
        })
        .or_insert(Some(value));
}

/// A declared version with its variables substituted (`${kafka.version}`, `$kafkaVersion`),
/// when it becomes a plain version.
fn resolve(version: &str, vars: &HashMap<String, Option<String>>) -> Option<String> {
    let mut v = version.trim().to_string();
    for _ in 0..4 {
        let name = if let Some(rest) = v.strip_prefix("${") {
            rest.strip_suffix('}')?
        } else if let Some(rest) = v.strip_prefix('$') {
            rest
        } else {
            break;
        };
        v = vars.get(name.trim())?.clone()?;
    }
    let v = v.trim_end_matches("!!");
    // Spring's release names: `2.5.10.RELEASE`.
    let v = [".RELEASE", ".Final", "-RELEASE"]
        .iter()
        .find_map(|s| v.strip_suffix(s))
        .unwrap_or(v);
    let plain = v.starts_with(|c: char| c.is_ascii_digit())
        && !v.contains(['$', '[', '(', ',', '+', '*', ' ']);
    plain.then(|| v.to_string())
}

/// The text of each `<tag>..</tag>` element in `text` (not nested in one another).
fn elements<'t>(text: &'t str, tag: &str) -> Vec<&'t str> {
    let (open, close) = (format!("<{tag}>"), format!("</{tag}>"));
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(&open) {
        let after = &rest[at + open.len()..];
        let Some(end) = after.find(&close) else {
            break;
        };
        out.push(&after[..end]);
        rest = &after[end + close.len()..];
    }
    out
}

fn element<'t>(text: &'t str, tag: &str) -> Option<&'t str> {
    elements(text, tag).first().map(|s| s.trim())
}

fn pom(
    text: &str,
    file: &str,
    vars: &mut HashMap<String, Option<String>>,
    out: &mut Vec<Declared>,
) {
    let text = strip_xml_comments(text);
    for props in elements(&text, "properties") {
        let mut rest = props;
        while let Some(at) = rest.find('<') {
            let after = &rest[at + 1..];
            let Some(end) = after.find('>') else { break };
            let name = &after[..end];
            let body = &after[end + 1..];
            let close = format!("</{name}>");
            match body.find(&close) {
                Some(v) if !name.starts_with(['/', '!', '?']) => {
                    define(vars, name, body[..v].trim());
                    rest = &body[v + close.len()..];
                }
                _ => rest = body,
            }
        }
    }
    for dep in elements(&text, "dependency") {
        let (Some(artifact), Some(version)) = (element(dep, "artifactId"), element(dep, "version"))
        else {
            continue;
        };
        out.push(Declared {
            artifact: artifact.to_string(),
            version: version.to_string(),
            file: file.to_string(),
        });
    }
}

fn strip_xml_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("<!--") {
        out.push_str(&rest[..at]);
        match rest[at..].find("-->") {
            Some(end) => rest = &rest[at + end + 3..],
            None => return out,
        }
    }
    out.push_str(rest);
    out
}

/// The quoted strings of a line of Groovy or Kotlin (`'..'` and `".."`).
fn quoted(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find(['\'', '"']) {
        let q = rest[at..].chars().next().unwrap_or('"');
        let after = &rest[at + 1..];
        let Some(end) = after.find(q) else { break };
        out.push(&after[..end]);
        rest = &after[end + 1..];
    }
    out
}

fn gradle(
    text: &str,
    file: &str,
    vars: &mut HashMap<String, Option<String>>,
    out: &mut Vec<Declared>,
) {
    for line in text.lines() {
        let line = line.split("//").next().unwrap_or("").trim();
        let strings = quoted(line);
        // `set("kafkaVersion", "3.6.1")`, `kafkaVersion = '3.6.1'`, `def v = ..`, `val v = ..`.
        if let (Some(rest), [name, value, ..]) = (line.strip_prefix("set("), strings.as_slice()) {
            if rest.starts_with(['"', '\'']) {
                define(vars, name, value);
            }
        }
        if let (Some((lhs, rhs)), [value]) = (line.split_once('='), strings.as_slice()) {
            let rhs = rhs.trim();
            if rhs.starts_with(['"', '\'']) && rhs.len() == value.len() + 2 {
                let name = lhs.split_whitespace().last().unwrap_or("");
                let name = name.strip_prefix("ext.").unwrap_or(name);
                define(vars, name.trim_end_matches(':'), value);
            }
        }
        // `group: 'g', name: 'a', version: 'v'`.
        let keyed = |key: &str| {
            let at = line.find(&format!("{key}:"))?;
            quoted(&line[at..]).first().copied()
        };
        if let (Some(artifact), Some(version)) = (keyed("name"), keyed("version")) {
            out.push(Declared {
                artifact: artifact.to_string(),
                version: version.to_string(),
                file: file.to_string(),
            });
            continue;
        }
        for s in strings {
            if let [_, artifact, version, ..] = s.split(':').collect::<Vec<_>>()[..] {
                out.push(Declared {
                    artifact: artifact.to_string(),
                    version: version.to_string(),
                    file: file.to_string(),
                });
            }
        }
    }
}

/// A Gradle version catalog's libraries.
fn catalog(text: &str, file: &str, out: &mut Vec<Declared>) {
    let Ok(doc) = text.parse::<toml::Table>() else {
        return;
    };
    let versions = doc.get("versions").and_then(toml::Value::as_table);
    let str_of = |v: Option<&toml::Value>| v.and_then(toml::Value::as_str).map(str::to_string);
    let libraries = doc.get("libraries").and_then(toml::Value::as_table);
    for (_, lib) in libraries.into_iter().flatten() {
        let (artifact, version) = match lib {
            toml::Value::String(s) => match s.split(':').collect::<Vec<_>>()[..] {
                [_, a, v] => (Some(a.to_string()), Some(v.to_string())),
                _ => continue,
            },
            toml::Value::Table(t) => {
                let artifact = str_of(t.get("name")).or_else(|| {
                    str_of(t.get("module")).and_then(|m| m.split(':').nth(1).map(str::to_string))
                });
                let version = match t.get("version") {
                    Some(toml::Value::String(v)) => Some(v.clone()),
                    Some(toml::Value::Table(v)) => {
                        let key = str_of(v.get("ref")).or_else(|| str_of(v.get("strictly")));
                        match (v.get("ref"), key) {
                            (Some(_), Some(k)) => str_of(versions.and_then(|vs| vs.get(&k))),
                            (None, k) => k,
                            _ => None,
                        }
                    }
                    _ => None,
                };
                (artifact, version)
            }
            _ => continue,
        };
        if let (Some(artifact), Some(version)) = (artifact, version) {
            out.push(Declared {
                artifact,
                version,
                file: file.to_string(),
            });
        }
    }
}
