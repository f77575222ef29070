//! Layering rules: top-level modules import one way (the table below), rules and analyses see
//! only the language-neutral model, parsers are named only by their front end, and rule codes
//! are spelled out in the registry alone.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Each top-level module of `src/` and the top-level modules it may import (`use crate::x`,
/// `crate::x::..` anywhere in its files). A module not listed here fails the test, so a new
/// one has to take a place in the layers.
const LAYERS: &[(&str, &[&str])] = &[
    ("registry", &[]),
    ("model", &[]),
    ("knowledge", &["model"]),
    ("frontend", &["model", "knowledge"]),
    ("analysis", &["model", "knowledge"]),
    ("project", &["analysis", "model", "knowledge"]),
    ("diagnostic", &["registry", "model"]),
    (
        "rules",
        &[
            "analysis",
            "diagnostic",
            "registry",
            "knowledge",
            "model",
            "suppress",
        ],
    ),
    ("suppress", &["registry", "diagnostic", "model"]),
    ("error", &[]),
    ("safe_fs", &[]),
    ("config", &["registry", "knowledge", "error", "safe_fs"]),
    (
        "inventory",
        &["analysis", "diagnostic", "knowledge", "model", "registry"],
    ),
    (
        "engine",
        &[
            "analysis",
            "config",
            "diagnostic",
            "error",
            "frontend",
            "inventory",
            "project",
            "knowledge",
            "model",
            "registry",
            "rules",
            "suppress",
            "safe_fs",
        ],
    ),
    (
        "render",
        &[
            "diagnostic",
            "registry",
            "engine",
            "inventory",
            "model",
            "error",
            "safe_fs",
        ],
    ),
    (
        "server",
        &[
            "engine",
            "config",
            "render",
            "error",
            "registry",
            "diagnostic",
            "model",
        ],
    ),
    (
        "cli",
        &[
            "engine", "config", "render", "error", "registry", "safe_fs", "server",
        ],
    ),
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// Files under `dir` with comment lines removed (comments may talk about anything).
fn files_under(dir: &str) -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    rust_files(Path::new(dir), &mut files);
    assert!(!files.is_empty(), "no sources under {dir}");
    files
        .into_iter()
        .map(|p| {
            let text = fs::read_to_string(&p)
                .unwrap()
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n");
            (p, text)
        })
        .collect()
}

/// The top-level module a file under `src/` belongs to (`src/rules/commit/x.rs` → `rules`).
fn top_module(path: &Path) -> Option<String> {
    let rel = path.strip_prefix("src").ok()?;
    let first = rel.components().next()?.as_os_str().to_str()?;
    match first {
        "lib.rs" | "main.rs" => None,
        f => Some(f.trim_end_matches(".rs").to_string()),
    }
}

/// `crate::x` paths in a file, including grouped ones: `use crate::{a::b, c};`.
fn crate_imports(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = text;
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + "crate::".len()..];
        if let Some(group) = after.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let name: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    out.insert(name);
                }
            }
        } else {
            let name: String = after
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                out.insert(name);
            }
        }
        rest = after;
    }
    out
}

#[test]
fn top_level_modules_import_one_way() {
    let allowed: BTreeMap<&str, &[&str]> = LAYERS.iter().copied().collect();
    let mut violations = Vec::new();
    let mut seen = BTreeSet::new();
    for (path, text) in files_under("src") {
        let Some(module) = top_module(&path) else {
            continue;
        };
        seen.insert(module.clone());
        let Some(may) = allowed.get(module.as_str()) else {
            violations.push(format!(
                "{}: module `{module}` has no layer in LAYERS",
                path.display()
            ));
            continue;
        };
        for imported in crate_imports(&text) {
            if imported != module && !may.contains(&imported.as_str()) {
                violations.push(format!(
                    "{}: `{module}` imports `{imported}`",
                    path.display()
                ));
            }
        }
    }
    assert!(
        seen.len() >= 10,
        "expected the crate's modules, saw {seen:?}"
    );
    assert!(
        violations.is_empty(),
        "layering violations:\n{}",
        violations.join("\n")
    );
}

#[test]
fn the_layer_table_has_no_cycle() {
    // Depth-first search over the allowed edges: the table itself must be a DAG.
    let edges: BTreeMap<&str, &[&str]> = LAYERS.iter().copied().collect();
    fn visit<'a>(
        n: &'a str,
        edges: &BTreeMap<&'a str, &'a [&'a str]>,
        stack: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) {
        if done.contains(n) {
            return;
        }
        assert!(!stack.contains(&n), "cycle in LAYERS: {stack:?} -> {n}");
        stack.push(n);
        for m in edges.get(n).copied().unwrap_or_default() {
            visit(m, edges, stack, done);
        }
        stack.pop();
        done.insert(n);
    }
    let mut done = BTreeSet::new();
    for (n, _) in LAYERS {
        visit(n, &edges, &mut Vec::new(), &mut done);
    }
}

#[test]
fn the_import_scanner_sees_grouped_and_nested_paths() {
    let found = crate_imports("use crate::{model::X, registry};\nlet x = crate::engine::f();");
    assert_eq!(
        found,
        ["engine", "model", "registry"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    );
}

#[test]
fn parsers_are_named_only_by_their_front_end() {
    for (path, text) in files_under("src") {
        let p = path.to_string_lossy().replace('\\', "/");
        let python_frontend = p.starts_with("src/frontend/python/");
        let rust_frontend = p.starts_with("src/frontend/rust/");
        // Suggested Rust code is built from token streams beside the renderers.
        let rust_tokens = rust_frontend || p == "src/render/fix.rs";
        for needle in ["ruff_python_parser", "ruff_python_ast", "ruff_text_size"] {
            assert!(
                python_frontend || !text.contains(needle),
                "{p} names `{needle}`"
            );
        }
        assert!(
            rust_frontend || !text.contains("syn::"),
            "{p} names `syn::`"
        );
        // The Java grammar sits behind one adapter (swappable for another tree-sitter grammar).
        for needle in ["tree_sitter::", "tree_sitter_java"] {
            assert!(
                p.starts_with("src/frontend/java/") || !text.contains(needle),
                "{p} names `{needle}`"
            );
        }
        for needle in ["proc_macro2", "quote::"] {
            assert!(
                rust_tokens || !text.contains(needle),
                "{p} names `{needle}`"
            );
        }
    }
}

#[test]
fn rules_never_branch_on_the_language() {
    // Import resolution (`analysis/program.rs`) is where the languages really differ: Python
    // packages and relative levels, Rust `crate::`/`self::`/`super::`.
    let files = files_under("src/rules")
        .into_iter()
        .chain(files_under("src/analysis"))
        .filter(|(p, _)| !p.ends_with("analysis/program.rs"));
    for (path, text) in files {
        assert!(
            !text.contains("Lang::"),
            "{} branches on the language",
            path.display()
        );
    }
}

#[test]
fn rule_codes_are_spelled_out_only_in_the_registry() {
    for (path, text) in files_under("src") {
        if path.ends_with("src/registry.rs") {
            continue;
        }
        let bytes = text.as_bytes();
        for i in 0..bytes.len().saturating_sub(6) {
            let is_code = bytes[i] == b'"'
                && &bytes[i + 1..i + 3] == b"OL"
                && bytes[i + 3..i + 6].iter().all(u8::is_ascii_digit);
            assert!(
                !is_code,
                "{} spells a rule code as a string; use `Rule::...`",
                path.display()
            );
        }
    }
}
