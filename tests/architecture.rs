//! Layering rules that keep the two front ends honest: rules and analyses see only the
//! language-neutral model, and rule codes are spelled out in one place.

use std::fs;
use std::path::{Path, PathBuf};

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

fn files_under(dir: &str) -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    rust_files(Path::new(dir), &mut files);
    assert!(!files.is_empty(), "no sources under {dir}");
    files
        .into_iter()
        .map(|p| {
            // Comments may talk about anything; only code counts.
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

#[test]
fn parsers_are_named_only_by_their_front_end() {
    for (path, text) in files_under("src") {
        let p = path.to_string_lossy().replace('\\', "/");
        let python_frontend = p.starts_with("src/frontend/python/");
        let rust_frontend = p.starts_with("src/frontend/rust/");
        for needle in ["ruff_python_parser", "ruff_python_ast", "ruff_text_size"] {
            assert!(
                python_frontend || !text.contains(needle),
                "{p} names `{needle}`"
            );
        }
        for needle in ["syn::", "proc_macro2", "quote::"] {
            assert!(
                rust_frontend || !text.contains(needle),
                "{p} names `{needle}`"
            );
        }
    }
}

#[test]
fn rules_never_branch_on_the_language() {
    for (path, text) in files_under("src/rules") {
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
        if path.ends_with("rules/registry.rs") {
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
