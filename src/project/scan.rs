//! An import-only scan of source text, without parsing: which module paths a file may import.
//! It only decides which files are worth parsing (a file that imports a program module leading
//! to a Kafka client is linted even when it names no Kafka module itself); parsing confirms.
//! Over-approximating is safe (a file is parsed for nothing); missing an import loses reach.

/// A module path a file may import, with its Python relative level (0 for Rust).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScannedImport {
    pub path: Vec<String>,
    pub level: u32,
}

/// What the scan of one file found.
#[derive(Debug, Clone, Default)]
pub struct Scanned {
    pub imports: Vec<ScannedImport>,
    /// Rust `#[path]` module declarations (see [`rust_path_mods`]).
    pub path_mods: Vec<(String, String)>,
}

/// Scans a file's text in its language.
pub fn scan(lang: crate::model::Lang, text: &str) -> Scanned {
    match lang {
        crate::model::Lang::Python => Scanned {
            imports: python(text),
            path_mods: Vec::new(),
        },
        crate::model::Lang::Rust => Scanned {
            imports: rust(text),
            path_mods: if text.contains("#[path") {
                rust_path_mods(text)
            } else {
                Vec::new()
            },
        },
    }
}

/// Python `import a.b`, `from .x import y, z`, `from x import (a,\n b)`. Only the lines
/// holding `import` are looked at, found with a vectorised search: looking at every line of
/// every file was a seventh of a run over a large tree.
pub fn python(text: &str) -> Vec<ScannedImport> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut next_line = 0;
    for at in memchr::memmem::find_iter(bytes, b"import") {
        if at < next_line {
            continue;
        }
        let start = memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |i| i + 1);
        let mut rest = text[start..].split('\n');
        let Some(line) = rest.next() else { break };
        let mut consumed = line.len() + 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        // A parenthesised list may go on for several lines.
        let more = rest.take(200).map(|l| {
            consumed += l.len() + 1;
            l.strip_suffix('\r').unwrap_or(l)
        });
        python_line(&mut out, line, more);
        next_line = start + consumed;
    }
    out
}

/// One line of [`python`]; `more` yields the lines after it, taken while a parenthesised
/// name list is open.
fn python_line<'a>(out: &mut Vec<ScannedImport>, line: &str, more: impl Iterator<Item = &'a str>) {
    let t = line.trim_start();
    if let Some(rest) = t.strip_prefix("import ") {
        for item in rest.split(',') {
            let name = item.split_whitespace().next().unwrap_or("");
            push_dotted(out, name, 0);
        }
    } else if let Some(rest) = t.strip_prefix("from ") {
        let Some((module, names)) = rest.split_once(" import") else {
            return;
        };
        let module = module.trim();
        let level = module.chars().take_while(|c| *c == '.').count() as u32;
        let base: Vec<String> = module
            .trim_start_matches('.')
            .split('.')
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        let mut names = names.to_string();
        if names.contains('(') && !names.contains(')') {
            for more in more {
                names.push_str(more);
                if more.contains(')') {
                    break;
                }
            }
        }
        out.push(ScannedImport {
            path: base.clone(),
            level,
        });
        for item in names.split([',', '(', ')']) {
            let name = item.split_whitespace().next().unwrap_or("");
            if is_ident(name) {
                let mut path = base.clone();
                path.push(name.to_string());
                out.push(ScannedImport { path, level });
            }
        }
    }
}

fn push_dotted(out: &mut Vec<ScannedImport>, name: &str, level: u32) {
    let path: Vec<String> = name.split('.').map(str::to_string).collect();
    if path.iter().all(|s| is_ident(s)) {
        out.push(ScannedImport { path, level });
    }
}

fn is_ident(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_')
}

/// Rust: every `a::b::c` path in `use` items and code (`crate::kafka::make()`), and `mod x;`
/// (a child module, as `self::x`).
pub fn rust(text: &str) -> Vec<ScannedImport> {
    let mut out = Vec::new();
    for line in text.lines() {
        let t = line.trim_start();
        if t.starts_with("//") {
            continue;
        }
        if let Some(rest) = t
            .strip_prefix("mod ")
            .or_else(|| t.strip_prefix("pub mod "))
            .or_else(|| t.strip_prefix("pub(crate) mod "))
        {
            if let Some(name) = rest.strip_suffix(';') {
                if is_ident(name.trim()) {
                    out.push(ScannedImport {
                        path: vec!["self".into(), name.trim().to_string()],
                        level: 0,
                    });
                }
            }
        }
        // Paths: identifiers joined by `::`; a `use a::{b, c}` group gives `a::b`, `a::c`.
        let bytes = t.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if !(bytes[i].is_ascii_alphabetic() || bytes[i] == b'_')
                || (i > 0 && is_word(bytes[i - 1]))
            {
                i += 1;
                continue;
            }
            let start = i;
            while i < bytes.len()
                && (is_word(bytes[i]) || bytes[i] == b':' && bytes.get(i + 1) == Some(&b':'))
            {
                i += if bytes[i] == b':' { 2 } else { 1 };
            }
            let path = &t[start..i];
            if !path.contains("::") {
                continue;
            }
            let segments: Vec<String> = path
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            if path.ends_with("::") && bytes.get(i) == Some(&b'{') {
                // `a::{b, c::d}`: each item after the prefix.
                let end = t[i..].find('}').map_or(t.len(), |e| i + e);
                for item in t[i + 1..end].split(',') {
                    let item = item.trim();
                    let mut path = segments.clone();
                    path.extend(item.split("::").filter(|s| is_ident(s)).map(str::to_string));
                    out.push(ScannedImport { path, level: 0 });
                }
                i = end;
            } else if segments.len() >= 2 {
                out.push(ScannedImport {
                    path: segments,
                    level: 0,
                });
            }
        }
    }
    out
}

/// Rust `#[path = "file.rs"] mod name;` declarations (the attribute on the line of the `mod`
/// or on a line of its own above it): the file, relative to the declaring file's directory,
/// and the module name it is known by.
pub fn rust_path_mods(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut pending: Option<String> = None;
    for line in text.lines() {
        let mut t = line.trim();
        if t.is_empty() || t.starts_with("//") {
            continue;
        }
        if let Some(rest) = t.strip_prefix("#[path") {
            let file = rest
                .split_once('"')
                .and_then(|(_, r)| r.split_once('"'))
                .map(|(f, _)| f.to_string());
            let Some(file) = file else {
                pending = None;
                continue;
            };
            t = rest.split_once(']').map_or("", |(_, after)| after.trim());
            pending = Some(file);
            if t.is_empty() {
                continue;
            }
        }
        let Some(file) = pending.take() else { continue };
        // Other attributes may stand between (`#[cfg(..)]`).
        if t.starts_with("#[") {
            pending = Some(file);
            continue;
        }
        let decl = t
            .strip_prefix("pub(crate) ")
            .or_else(|| t.strip_prefix("pub "))
            .unwrap_or(t);
        if let Some(name) = decl.strip_prefix("mod ").and_then(|r| r.strip_suffix(';')) {
            if is_ident(name.trim()) {
                out.push((file, name.trim().to_string()));
            }
        }
    }
    out
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(v: Vec<ScannedImport>) -> Vec<(String, u32)> {
        v.into_iter().map(|i| (i.path.join("."), i.level)).collect()
    }

    #[test]
    fn python_imports() {
        let text = "import os, app.kafka as k\nfrom ..bus import (\n  make,\n  Sink as S,\n)\n  from x import y\n";
        let got = paths(python(text));
        for want in [
            ("os", 0),
            ("app.kafka", 0),
            ("bus", 2),
            ("bus.make", 2),
            ("bus.Sink", 2),
            ("x.y", 0),
        ] {
            assert!(
                got.contains(&(want.0.to_string(), want.1)),
                "{want:?} not in {got:?}"
            );
        }
    }

    #[test]
    fn rust_paths() {
        // (`crate` spelled apart: the layering test reads `crate::` paths in this file.)
        let text = format!(
            "use {}::kafka::{{build, sink::Sink}};\nmod ctx;\nfn f() {{ super::util::go(); }}\n// use hidden::x;\n",
            "crate"
        );
        let got = paths(rust(&text));
        for want in [
            "crate.kafka.build",
            "crate.kafka.sink.Sink",
            "self.ctx",
            "super.util.go",
        ] {
            assert!(
                got.contains(&(want.to_string(), 0)),
                "{want} not in {got:?}"
            );
        }
        assert!(!got.iter().any(|(p, _)| p.starts_with("hidden")));
    }

    #[test]
    fn rust_path_attributes() {
        let text = "#[path = \"net_impl.rs\"]\npub mod net;\n#[path=\"x/y.rs\"] mod y;\n#[path = \"z.rs\"]\n#[cfg(test)]\nmod z;\nmod plain;\n#[path = \"w.rs\"]\nfn not_a_mod() {}\nmod after;\n";
        assert_eq!(
            rust_path_mods(text),
            [
                ("net_impl.rs".to_string(), "net".to_string()),
                ("x/y.rs".to_string(), "y".to_string()),
                ("z.rs".to_string(), "z".to_string()),
            ]
        );
    }
}
