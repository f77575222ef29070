//! The rule documents cannot rot: every `bad` example must give findings of exactly its
//! rule, every `good` example none, and every document has the fixed sections.

use std::path::Path;

use offsetlint::language;
use offsetlint::lint_source;
use offsetlint::Rule;
use offsetlint::Settings;

struct Example {
    lang: String,
    bad: bool,
    file: String,
    code: String,
    line: usize,
}

fn examples(doc: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut current: Option<Example> = None;
    for (i, line) in doc.lines().enumerate() {
        if let Some(info) = line.trim_start().strip_prefix("```") {
            match current.take() {
                Some(ex) => out.push(ex),
                None => {
                    let mut words = info.split_whitespace();
                    let lang = words.next().unwrap_or("").to_string();
                    let mut kind = None;
                    let mut file = None;
                    for w in words {
                        match w {
                            "bad" => kind = Some(true),
                            "good" => kind = Some(false),
                            _ => file = w.strip_prefix("file=").map(str::to_string).or(file),
                        }
                    }
                    let ext = match lang.as_str() {
                        "python" => "py",
                        "rust" => "rs",
                        _ => "",
                    };
                    // Untagged blocks open a fence that is not executed; keep tracking it.
                    current = Some(Example {
                        file: file.unwrap_or_else(|| format!("example.{ext}")),
                        lang: if kind.is_some() { lang } else { String::new() },
                        bad: kind.unwrap_or(false),
                        code: String::new(),
                        line: i + 1,
                    });
                }
            }
        } else if let Some(ex) = current.as_mut() {
            ex.code.push_str(line);
            ex.code.push('\n');
        }
    }
    out.into_iter().filter(|e| !e.lang.is_empty()).collect()
}

#[test]
fn every_rule_document_example_behaves_as_labelled() {
    let settings = Settings::default();
    let mut failures = Vec::new();
    let mut count = 0;
    for rule in Rule::ALL {
        let examples = examples(rule.doc());
        assert!(
            examples.iter().any(|e| e.bad) && examples.iter().any(|e| !e.bad),
            "{} needs at least one bad and one good example",
            rule.code()
        );
        for ex in examples {
            count += 1;
            let path = Path::new(&ex.file);
            let lang = language(path).unwrap_or_else(|| {
                panic!(
                    "{}: example at line {} has no language",
                    rule.code(),
                    ex.line
                )
            });
            let findings = lint_source(path, &ex.code, lang, &settings);
            let codes: Vec<&str> = findings.iter().map(|f| f.rule.code()).collect();
            let ok = if ex.bad {
                !codes.is_empty() && codes.iter().all(|c| *c == rule.code())
            } else {
                codes.is_empty()
            };
            if !ok {
                failures.push(format!(
                    "{} line {} ({} {}): got {:?}",
                    rule.code(),
                    ex.line,
                    ex.lang,
                    if ex.bad { "bad" } else { "good" },
                    findings
                        .iter()
                        .map(|f| format!("{} {}", f.rule.code(), f.message))
                        .collect::<Vec<_>>()
                ));
            }
        }
    }
    assert!(count >= 14, "only {count} examples found");
    assert!(
        failures.is_empty(),
        "{} example(s) wrong:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_rule_document_has_the_fixed_sections() {
    for rule in Rule::ALL {
        let doc = rule.doc();
        let title = format!("# {} {}", rule.code(), rule.name());
        assert!(
            doc.starts_with(&title),
            "{} must start with `{title}`",
            rule.code()
        );
        for section in [
            "## What it does",
            "## Why is this bad?",
            "## Python",
            "## Rust",
            "## Not flagged",
            "## Known problems",
            "## Options",
            "## Suppression",
        ] {
            assert!(doc.contains(section), "{} lacks `{section}`", rule.code());
        }
        assert!(
            !rule.summary().is_empty(),
            "{} has no summary line",
            rule.code()
        );
    }
}
