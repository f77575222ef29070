//! The rule documents cannot rot. Every fenced `python` / `rust` / `java` block in `rules/*.md`,
//! and every `yaml` / `properties` block (a Spring Boot `application.*` file), is tagged `bad`
//! or `good` and is linted with all rules on:
//!
//! - a `bad` block marks each line a finding must start on with `# expect: OL101` /
//!   `// expect: OL101` (the fixtures' annotations, `tests/common/mod.rs`), at least one of
//!   them for the document's own rule, and must give exactly that set of (line, code);
//! - a `good` block must give nothing. Suppression examples are `good` blocks: with every rule
//!   on, a suppression that suppressed nothing would itself be an OL002 finding.
//!
//! Other fences must say what they are (`text`, `toml`) and are not run. A `toml` block is a
//! configuration: it must load as one (so does every `toml` block of the README and of
//! `docs/*.md`), and an example tagged `configured` is linted with the settings of the last
//! `toml` block above it.
//! Every document also has the fixed sections.

mod common;

use std::path::Path;

use common::{difference, expectations, observed};
use offsetlint::{language, lint_source, LineIndex, Rule, Settings};

#[derive(Debug)]
struct Example {
    bad: bool,
    file: String,
    code: String,
    /// Line of the opening fence in the document (1-based).
    line: usize,
    /// The configuration it is linted with (`configured`: the last `toml` block above it).
    config: Option<String>,
    /// `project`: one file of a project made of the consecutive `project` blocks of one
    /// section (a block naming a file the project already has starts another), linted
    /// together (OL404 compares consumers of different files).
    project: bool,
    /// The line of the last heading above the block.
    section: usize,
}

/// The `toml` blocks of a document, with the line of their opening fence.
fn toml_blocks(doc: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (i, line) in doc.lines().enumerate() {
        let fence = line.trim_start().strip_prefix("```");
        match (&mut open, fence) {
            (Some(_), Some(_)) => out.extend(open.take()),
            (Some((_, text)), None) => {
                text.push_str(line);
                text.push('\n');
            }
            (None, Some(info)) if info.split_whitespace().next() == Some("toml") => {
                open = Some((i + 1, String::new()));
            }
            _ => {}
        }
    }
    out
}

/// Fence languages that are shown, not run.
const NOT_RUN: &[&str] = &["text", "toml"];

/// The runnable examples of a document; an error for a fence that is neither runnable nor
/// explicitly `text`/`toml`, or that is not closed.
fn examples(doc: &str) -> Result<Vec<Example>, String> {
    let mut out = Vec::new();
    // (example, or None for a fence that is not run)
    let mut open: Option<Option<Example>> = None;
    let tomls = toml_blocks(doc);
    let mut section = 0;
    for (i, line) in doc.lines().enumerate() {
        if open.is_none() && line.starts_with('#') {
            section = i + 1;
        }
        let Some(info) = line.trim_start().strip_prefix("```") else {
            if let Some(Some(ex)) = open.as_mut() {
                ex.code.push_str(line);
                ex.code.push('\n');
            }
            continue;
        };
        if let Some(ex) = open.take() {
            if !info.trim().is_empty() {
                return Err(format!("line {}: a closing fence has `{info}`", i + 1));
            }
            out.extend(ex);
            continue;
        }
        let mut words = info.split_whitespace();
        let lang = words.next().unwrap_or("");
        if NOT_RUN.contains(&lang) {
            open = Some(None);
            continue;
        }
        // Spring Boot configuration files are linted as `application.*`.
        let (ext, default_file) = match lang {
            "python" => ("py", "example.py"),
            "rust" => ("rs", "example.rs"),
            "java" => ("java", "example.java"),
            "yaml" => ("yml", "application.yml"),
            "properties" => ("properties", "application.properties"),
            _ => {
                return Err(format!(
                    "line {}: fence `{info}` must be `python`, `rust`, `java`, `yaml` or \
                     `properties` (tagged `bad` or `good`), or one of {NOT_RUN:?}",
                    i + 1
                ))
            }
        };
        let (mut kind, mut file, mut config, mut project) = (None, None, None, false);
        for w in words {
            match (w, w.strip_prefix("file=")) {
                ("project", _) if !project => project = true,
                ("bad", _) if kind.is_none() => kind = Some(true),
                ("good", _) if kind.is_none() => kind = Some(false),
                ("configured", _) if config.is_none() => {
                    let Some((_, text)) = tomls.iter().rev().find(|(at, _)| *at < i + 1) else {
                        return Err(format!(
                            "line {}: `configured` with no `toml` block above it",
                            i + 1
                        ));
                    };
                    config = Some(text.clone());
                }
                (_, Some(name)) if file.is_none() => file = Some(name.to_string()),
                _ => return Err(format!("line {}: unexpected `{w}` in `{info}`", i + 1)),
            }
        }
        let Some(bad) = kind else {
            return Err(format!(
                "line {}: `{info}` block must be tagged `bad` or `good`",
                i + 1
            ));
        };
        let file = file.unwrap_or_else(|| default_file.to_string());
        if !file.ends_with(&format!(".{ext}")) {
            return Err(format!("line {}: {file} is not a {lang} file", i + 1));
        }
        open = Some(Some(Example {
            bad,
            file,
            code: String::new(),
            line: i + 1,
            config,
            project,
            section,
        }));
    }
    match open {
        Some(_) => Err("unclosed fence".into()),
        None => Ok(out),
    }
}

/// What is wrong with one example, if anything.
fn check(rule: Rule, ex: &Example) -> Option<String> {
    let want = match expectations(&ex.code) {
        Ok(want) => want,
        Err(e) => return Some(format!("bad annotation: {e}")),
    };
    if ex.bad && !want.iter().any(|(_, code)| code == rule.code()) {
        return Some(format!(
            "a `bad` example must mark its flagged lines, at least one with `expect: {}`",
            rule.code()
        ));
    }
    if !ex.bad && !want.is_empty() {
        return Some(format!("a `good` example has annotations {want:?}"));
    }
    let path = Path::new(&ex.file);
    let lines = LineIndex::new(&ex.code);
    let Some(lang) = language(path) else {
        return Some(format!("{} has no language", ex.file));
    };
    let settings = match &ex.config {
        Some(text) => match Settings::from_toml(text, false) {
            Ok(s) => s,
            Err(e) => return Some(format!("its configuration does not load: {e}")),
        },
        None => Settings::default(),
    };
    let findings = lint_source(path, &ex.code, lang, &settings);
    // The prefilter only saves work: with it off (every file analysed) nothing changes.
    let unfiltered = lint_source(path, &ex.code, lang, &settings.clone().without_prefilter());
    let key = |f: &offsetlint::Finding| (f.range.start, f.rule.code());
    if findings.iter().map(key).ne(unfiltered.iter().map(key)) {
        return Some("different findings with the prefilter off".to_string());
    }
    let got = observed(
        &want,
        findings
            .iter()
            .map(|f| (lines.line(f.range.start), f.rule.code().to_string())),
    );
    difference(&want, &got).map(|diff| {
        let messages: Vec<String> = findings
            .iter()
            .map(|f| {
                format!(
                    "{}:{} {}",
                    lines.line(f.range.start),
                    f.rule.code(),
                    f.message
                )
            })
            .collect();
        format!("{diff}; findings {messages:?}")
    })
}

/// The `project` examples of a document, grouped into projects: consecutive blocks of one
/// section, a new project starting where a file name comes again.
fn projects(examples: &[Example]) -> Vec<Vec<&Example>> {
    let mut out: Vec<Vec<&Example>> = Vec::new();
    let mut last: Option<&Example> = None;
    for ex in examples {
        if ex.project {
            let joins = last.is_some_and(|l| l.project && l.section == ex.section)
                && out
                    .last()
                    .is_some_and(|p| p.iter().all(|e| e.file != ex.file));
            if joins {
                out.last_mut().unwrap().push(ex);
            } else {
                out.push(vec![ex]);
            }
        }
        last = Some(ex);
    }
    out
}

/// Lints each project of `project` examples as a directory of its own (with a
/// `pyproject.toml` and a `Cargo.toml` at its root) and returns the examples whose findings
/// are not what they say, with what is wrong.
fn check_projects(rule: Rule, examples: &[Example]) -> Vec<(&Example, String)> {
    let mut out = Vec::new();
    for project in projects(examples) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("pyproject.toml"),
            "[project]\nname = \"example\"\n",
        )
        .unwrap();
        std::fs::write(
            dir.path().join("Cargo.toml"),
            "[package]\nname = \"example\"\nversion = \"0.1.0\"\n",
        )
        .unwrap();
        for ex in &project {
            let path = dir.path().join(&ex.file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, &ex.code).unwrap();
        }
        let root = dir.path().to_str().unwrap().to_string();
        let args = [
            "offsetlint",
            "check",
            "--isolated",
            "--format",
            "json",
            &root,
        ];
        let (_, output) = offsetlint::cli::main_with_args(args.iter().map(|a| a.to_string()));
        let items: Vec<serde_json::Value> = match serde_json::from_str(&output.stdout) {
            Ok(items) => items,
            Err(e) => {
                out.push((project[0], format!("not JSON ({e}): {}", output.stderr)));
                continue;
            }
        };
        for ex in &project {
            let want = match expectations(&ex.code) {
                Ok(want) => want,
                Err(e) => {
                    out.push((*ex, format!("bad annotation: {e}")));
                    continue;
                }
            };
            if ex.bad && !want.iter().any(|(_, code)| code == rule.code()) {
                out.push((
                    *ex,
                    format!("a `bad` example must mark `expect: {}`", rule.code()),
                ));
                continue;
            }
            if !ex.bad && !want.is_empty() {
                out.push((*ex, format!("a `good` example has annotations {want:?}")));
                continue;
            }
            let path = dir.path().join(&ex.file);
            let found = items
                .iter()
                .filter(|i| Path::new(i["path"].as_str().unwrap_or("")) == path)
                .map(|i| {
                    let line = i["line"].as_u64().unwrap_or(0) as usize;
                    (line, i["code"].as_str().unwrap_or("").to_string())
                });
            if let Some(diff) = difference(&want, &observed(&want, found)) {
                out.push((*ex, diff));
            }
        }
    }
    out
}

#[test]
fn every_rule_document_example_behaves_as_labelled() {
    let mut failures = Vec::new();
    let mut count = 0;
    for rule in Rule::ALL {
        let examples = match examples(rule.doc()) {
            Ok(examples) => examples,
            Err(e) => {
                failures.push(format!("{}: {e}", rule.code()));
                continue;
            }
        };
        if !(examples.iter().any(|e| e.bad) && examples.iter().any(|e| !e.bad)) {
            failures.push(format!(
                "{} needs at least one bad and one good example",
                rule.code()
            ));
        }
        for (ex, problem) in check_projects(*rule, &examples) {
            count += 1;
            failures.push(format!(
                "{} line {} ({} {}): {problem}",
                rule.code(),
                ex.line,
                ex.file,
                if ex.bad { "bad" } else { "good" },
            ));
        }
        for ex in examples.iter().filter(|e| !e.project) {
            count += 1;
            if let Some(problem) = check(*rule, ex) {
                failures.push(format!(
                    "{} line {} ({} {}): {problem}",
                    rule.code(),
                    ex.line,
                    ex.file,
                    if ex.bad { "bad" } else { "good" },
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} example(s) wrong:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(count >= 60, "only {count} examples found");
}

#[test]
fn every_fence_is_run_or_declared_not_run() {
    let doc = "# T\n\n```python bad\nx  # expect: OL101\n```\n\n```toml\nselect = []\n```\n\n\
               ```rust good file=lib.rs\nfn f() {}\n```\n";
    let ex = examples(doc).unwrap();
    assert_eq!(ex.len(), 2);
    assert!(ex[0].bad && ex[0].code == "x  # expect: OL101\n" && ex[0].line == 3);
    assert!(!ex[1].bad && ex[1].file == "lib.rs");
    for bad in [
        "```python\nx\n```\n",
        "```\nx\n```\n",
        "```py bad\nx\n```\n",
        "```python bad good\nx\n```\n",
        "```python bad file=x.rs\nx\n```\n",
        "```python bad\nx\n",
    ] {
        assert!(examples(bad).is_err(), "{bad:?} was accepted");
    }
}

#[test]
fn a_bad_example_must_match_its_annotations_line_by_line() {
    let two = "from confluent_kafka import Consumer\n\nc = Consumer({})\n\
               c.commit()  # expect: OL101\nc.commit()  # expect: OL101\n";
    let ex = |code: &str, bad| Example {
        bad,
        file: "example.py".into(),
        code: code.into(),
        line: 1,
        config: None,
        project: false,
        section: 0,
    };
    assert_eq!(check(Rule::BareCommit, &ex(two, true)), None);
    // One flagged line unannotated: the block is wrong, although it still has a finding.
    let one = two.replacen("  # expect: OL101", "", 1);
    assert!(check(Rule::BareCommit, &ex(&one, true)).is_some());
    // An annotation on a clean line.
    let extra = format!("{two}x = 1  # expect: OL101\n");
    assert!(check(Rule::BareCommit, &ex(&extra, true)).is_some());
    // Not annotated at all, or only for another rule.
    assert!(check(Rule::BareCommit, &ex("c.commit()\n", true)).is_some());
    assert!(check(Rule::UnconfirmedProduce, &ex(two, true)).is_some());
    assert!(check(Rule::BareCommit, &ex(two, false)).is_some());
}

#[test]
fn every_toml_block_is_a_valid_configuration() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    // The reference moved out of the README (`docs/*.md`, the configuration's full example
    // among it): its blocks are checked too.
    let mut reference: Vec<(String, String)> = std::fs::read_dir("docs")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p.display().to_string(), text)
        })
        .collect();
    reference.sort();
    assert!(
        reference.iter().any(|(_, text)| text.contains("```toml")),
        "docs/*.md holds the configuration reference and its `toml` blocks"
    );
    let docs = Rule::ALL
        .iter()
        .map(|r| (r.code().to_string(), r.doc().to_string()))
        .chain(std::iter::once(("README.md".to_string(), readme)))
        .chain(reference);
    let mut failures = Vec::new();
    let mut count = 0;
    for (name, doc) in docs {
        for (line, text) in toml_blocks(&doc) {
            count += 1;
            let pyproject = text.contains("[tool.offsetlint");
            if let Err(e) = Settings::from_toml(&text, pyproject) {
                failures.push(format!("{name} line {line}: {e}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(count >= 10, "only {count} toml blocks");
    // The check can fail: an unknown key is an error.
    assert!(Settings::from_toml("selct = [\"ALL\"]\n", false).is_err());
}

#[test]
fn configured_examples_use_the_toml_block_above() {
    let doc = "```toml\nignore = [\"OL101\"]\n```\n\n```python good configured\n\
               from confluent_kafka import Consumer\nc = Consumer({})\nc.commit()\n```\n";
    let ex = examples(doc).unwrap();
    assert_eq!(ex[0].config.as_deref(), Some("ignore = [\"OL101\"]\n"));
    assert_eq!(check(Rule::BareCommit, &ex[0]), None);
    let unconfigured = Example {
        config: None,
        ..examples(doc).unwrap().remove(0)
    };
    assert!(check(Rule::BareCommit, &unconfigured).is_some());
    assert!(examples("```python good configured\nx\n```\n").is_err());
}

/// Each rule's document opens its options with the rule's default level, as the registry has
/// it (`Rule::default_severity`).
#[test]
fn every_rule_document_states_its_default_level() {
    for rule in Rule::ALL {
        let options = rule.doc().split("## Options\n").nth(1).unwrap_or("");
        let stated = format!("\nDefault level: **{}** ", rule.default_severity().as_str());
        assert!(
            options.starts_with(&stated),
            "{}: `## Options` must start with `{}`",
            rule.code(),
            stated.trim()
        );
    }
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
