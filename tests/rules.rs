//! Rule-level tests over the fixture corpus, ruff-style:
//!
//! - one insta snapshot per fixture `testdata/<CODE>/<file>`, linted with only rule `CODE`
//!   (`tests/snapshots/rules__<CODE>__<file>.snap`: the human rendering, then the concise
//!   lines), cross-checked against the fixture's `expect:` annotations for that code so a
//!   snapshot cannot quietly accept a regression; the suppression fixtures are snapshotted
//!   with every rule on, since OL002 reports a stale suppression only if its rule ran;
//! - every fix a rule offers is applied and the result re-linted;
//! - the README rule table matches the registry;
//! - finding messages and help texts follow the message convention (clippy's).

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use common::{difference, fixture_expectations, fixtures, observed, NOT_UTF8};
use offsetlint::cli::{main_with_args, Output};
use offsetlint::{language, lint_source, ExitStatus, LineIndex, Rule, Settings};

fn run(args: &[&str]) -> (ExitStatus, Output) {
    main_with_args(
        std::iter::once("offsetlint")
            .chain(args.iter().copied())
            .map(String::from),
    )
}

/// One snapshot: a fixture linted with the rules `select` names.
struct Case {
    path: PathBuf,
    /// `--select` value: one rule code, or `ALL`.
    select: &'static str,
    /// Snapshot name (insta adds the `rules__` module prefix).
    name: String,
}

/// Every `testdata/<CODE>/*` fixture with only rule CODE on (`<CODE>__<file>`), and the
/// suppression fixtures (`testdata/suppress`) with every rule on (`suppress_all_rules__<file>`):
/// OL002 reports a stale suppression only when the rule it names ran.
fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for rule in Rule::ALL {
        let dir = Path::new("testdata").join(rule.code());
        if dir.is_dir() {
            out.extend(fixtures(&dir).into_iter().map(|path| Case {
                name: format!("{}__{}", rule.code(), file_name(&path)),
                select: rule.code(),
                path,
            }));
        }
    }
    out.extend(
        fixtures(Path::new("testdata/suppress"))
            .into_iter()
            .map(|path| Case {
                name: format!("suppress_all_rules__{}", file_name(&path)),
                select: "ALL",
                path,
            }),
    );
    out
}

fn file_name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

/// `path` as the CLI prints it: relative to the crate root, with `/` separators.
fn display(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

/// (line, code) of each `--format concise` line.
fn concise_positions(shown: &str, concise: &str) -> Vec<(usize, String)> {
    concise
        .lines()
        .map(|l| {
            let rest = l
                .strip_prefix(&format!("{shown}:"))
                .unwrap_or_else(|| panic!("{l:?}"));
            let (line, rest) = rest.split_once(':').unwrap();
            let code = rest.split_once(": ").unwrap().1.split(' ').next().unwrap();
            (line.parse().unwrap(), code.to_string())
        })
        .collect()
}

#[test]
fn per_rule_snapshots() {
    let cases = cases();
    // Every `testdata/OL*` directory belongs to a rule (no fixtures orphaned by a typo).
    for entry in std::fs::read_dir("testdata").unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(
            !name.starts_with("OL") || Rule::ALL.iter().any(|r| r.code() == name),
            "testdata/{name} is not a rule code"
        );
    }
    assert!(cases.len() >= 50, "only {} fixtures", cases.len());
    for rule in Rule::ALL {
        assert!(
            cases.iter().any(|c| c.select == rule.code()),
            "no fixture for {}",
            rule.code()
        );
    }
    let mut failures = Vec::new();
    for case in &cases {
        let shown = display(&case.path);
        // A fixture with an `offsetlint.toml` next to it is linted with it (OL403).
        let configured = case.path.with_file_name("offsetlint.toml").is_file();
        let isolated: &[&str] = if configured { &[] } else { &["--isolated"] };
        let base = [
            &["check"][..],
            isolated,
            &["--select", case.select, "--color", "never", "--quiet"],
        ]
        .concat();
        let (status, human) = run(&[&base[..], &["--format", "human", &shown]].concat());
        let (_, concise) = run(&[&base[..], &["--format", "concise", &shown]].concat());
        let mut content = format!("{}## Concise\n{}", human.stdout, concise.stdout);
        if !human.stderr.is_empty() {
            content.push_str(&format!("## Errors\n{}", human.stderr));
        }
        // The findings are the annotated ones for the selected rules, whatever the snapshot
        // holds.
        match std::fs::read_to_string(&case.path) {
            Ok(source) => {
                let want: BTreeSet<(usize, String)> = fixture_expectations(&source)
                    .unwrap_or_else(|e| panic!("{shown}: {e}"))
                    .into_iter()
                    .filter(|(_, c)| case.select == "ALL" || c == case.select)
                    .collect();
                let found = concise_positions(&shown, &concise.stdout);
                if let Some(diff) = difference(&want, &observed(&want, found)) {
                    failures.push(format!("{shown} with --select {}: {diff}", case.select));
                }
                let expected_status = if want.is_empty() {
                    ExitStatus::Clean
                } else {
                    ExitStatus::Findings
                };
                if status != expected_status {
                    failures.push(format!("{shown}: exit {status:?}"));
                }
            }
            // Covered by tests/cli.rs; the snapshot's Errors section shows the behaviour.
            Err(_) => assert!(NOT_UTF8.contains(&shown.as_str()), "{shown}"),
        }
        let description = format!("{shown}, --select {}", case.select);
        let asserted = catch_unwind(AssertUnwindSafe(|| {
            insta::with_settings!({ omit_expression => true, description => description }, {
                insta::assert_snapshot!(case.name.clone(), content);
            });
        }));
        if asserted.is_err() {
            failures.push(format!("snapshot {} differs", case.name));
        }
    }
    assert!(
        failures.is_empty(),
        "{} problem(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

// ---------------------------------------------------------------- fixes

/// Byte offset of a 1-based (line, column) position, the column counted in characters.
fn offset(source: &str, line: usize, column: usize) -> usize {
    let start: usize = source
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum();
    let rest = &source[start..];
    start
        + rest
            .char_indices()
            .nth(column - 1)
            .map_or(rest.len(), |(i, _)| i)
}

struct Edit {
    start: usize,
    end: usize,
    content: String,
}

#[test]
fn every_offered_fix_applies_and_reparses() {
    let mut failures = Vec::new();
    let mut fixes: BTreeMap<String, usize> = BTreeMap::new();
    for path in fixtures(Path::new("testdata")) {
        let shown = display(&path);
        let Ok(source) = std::fs::read_to_string(&path) else {
            continue; // NOT_UTF8: no findings, so no fixes
        };
        let source = source
            .strip_prefix('\u{feff}')
            .unwrap_or(&source)
            .to_string();
        let (_, out) = run(&["check", "--isolated", "--format", "json", &shown]);
        let items: Vec<serde_json::Value> = serde_json::from_str(&out.stdout).unwrap();
        let lang = language(&path).unwrap();
        for item in items.iter().filter(|i| !i["fix"].is_null()) {
            let rule: Rule = item["code"].as_str().unwrap().parse().unwrap();
            let at = format!("{shown}:{}: {}", item["line"], rule.code());
            *fixes.entry(rule.code().to_string()).or_default() += 1;
            let pos = |e: &serde_json::Value, l: &str, c: &str| {
                offset(
                    &source,
                    e[l].as_u64().unwrap() as usize,
                    e[c].as_u64().unwrap() as usize,
                )
            };
            let mut edits: Vec<Edit> = item["fix"]["edits"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| Edit {
                    start: pos(e, "line", "column"),
                    end: pos(e, "end_line", "end_column"),
                    content: e["content"].as_str().unwrap().to_string(),
                })
                .collect();
            assert!(!edits.is_empty(), "{at}: a fix without edits");
            edits.sort_by_key(|e| e.start);
            if edits.windows(2).any(|w| w[0].end > w[1].start) {
                failures.push(format!("{at}: overlapping edits"));
                continue;
            }
            // Apply from the end so earlier offsets stay valid; remember where each edit's
            // text lands in the fixed source.
            let mut fixed = source.clone();
            for e in edits.iter().rev() {
                fixed.replace_range(e.start..e.end, &e.content);
            }
            let mut shift: isize = 0;
            let mut places = Vec::new();
            for e in &edits {
                let start = (e.start as isize + shift) as usize;
                places.push(start..start + e.content.len());
                shift += e.content.len() as isize - (e.end - e.start) as isize;
            }
            let syntax = lint_source(&path, &fixed, lang, &Settings::for_rule(Rule::SyntaxError));
            if let Some(f) = syntax.first() {
                failures.push(format!(
                    "{at}: the fixed file does not parse: {}",
                    f.message
                ));
                continue;
            }
            let lines = LineIndex::new(&fixed);
            for f in lint_source(&path, &fixed, lang, &Settings::for_rule(rule)) {
                let start = f.range.start as usize;
                if places.iter().any(|p| p.contains(&start)) {
                    failures.push(format!(
                        "{at}: still flagged after the fix, at line {}: {}",
                        lines.line(f.range.start),
                        f.message
                    ));
                }
            }
        }
    }
    // OL101 is the rule that offers fixes today; a test that applies no fix tests nothing.
    assert!(
        fixes.get("OL101").copied().unwrap_or(0) >= 5,
        "fixes found: {fixes:?}"
    );
    assert!(
        failures.is_empty(),
        "{} fix(es) wrong:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn offsets_count_characters() {
    let s = "ab\né x\r\nz";
    assert_eq!(offset(s, 1, 1), 0);
    assert_eq!(offset(s, 2, 1), 3);
    assert_eq!(offset(s, 2, 2), 5, "é is one character, two bytes");
    assert_eq!(offset(s, 3, 1), 9);
    assert_eq!(offset(s, 3, 2), 10, "end of file");
}

// ---------------------------------------------------------------- registry and messages

/// The README's rule table (`| code | name | flags |`): (code, name) per row, in order.
fn readme_rule_table(readme: &str) -> Vec<(String, String)> {
    let cells = |line: &str| -> Vec<String> {
        line.trim()
            .trim_matches('|')
            .split('|')
            .map(|c| c.trim().to_string())
            .collect()
    };
    let mut lines = readme.lines();
    lines
        .find(|l| l.trim_start().starts_with('|') && cells(l) == ["code", "name", "flags"])
        .expect("README.md has a `| code | name | flags |` table");
    let separator = lines.next().unwrap_or("");
    assert!(separator.contains("---"), "table separator: {separator:?}");
    lines
        .take_while(|l| l.trim_start().starts_with('|'))
        .map(|l| {
            let row = cells(l);
            assert_eq!(row.len(), 3, "README rule table row {l:?}");
            assert!(
                !row[2].is_empty(),
                "README rule table row without flags: {l:?}"
            );
            (row[0].clone(), row[1].clone())
        })
        .collect()
}

#[test]
fn readme_rule_table_matches_the_registry() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let registry: Vec<(String, String)> = Rule::ALL
        .iter()
        .map(|r| (r.code().to_string(), r.name().to_string()))
        .collect();
    assert_eq!(readme_rule_table(&readme), registry);
}

#[test]
fn readme_rule_table_parser_sees_every_row() {
    let readme = "x\n\n| code | name | flags |\n|---|---|---|\n| OL101 | bare-commit | a |\n\
                  | OL999 | extra | b |\n\nafter\n";
    assert_eq!(
        readme_rule_table(readme),
        [
            ("OL101".to_string(), "bare-commit".to_string()),
            ("OL999".to_string(), "extra".to_string())
        ]
    );
}

/// clippy's convention (style guide B2): a message starts with a lowercase letter or a
/// backtick and has no final period; a help text has no final period either.
fn convention_problem(message: &str, help: Option<&str>) -> Option<String> {
    let first = message.chars().next();
    if !first.is_some_and(|c| c.is_lowercase() || c == '`') {
        return Some(format!(
            "message must start lowercase or with a backtick: {message:?}"
        ));
    }
    if message.trim_end().ends_with('.') {
        return Some(format!("message ends with a period: {message:?}"));
    }
    if let Some(help) = help {
        if help.trim_end().ends_with('.') {
            return Some(format!("help ends with a period: {help:?}"));
        }
    }
    None
}

#[test]
fn messages_follow_the_convention() {
    // The configurations under testdata (OL403's boundary) apply.
    let (_, out) = run(&["check", "--format", "json", "testdata"]);
    let items: Vec<serde_json::Value> = serde_json::from_str(&out.stdout).unwrap();
    let mut seen = BTreeSet::new();
    let mut problems = BTreeSet::new();
    for item in &items {
        let code = item["code"].as_str().unwrap();
        seen.insert(code.to_string());
        if let Some(p) =
            convention_problem(item["message"].as_str().unwrap(), item["help"].as_str())
        {
            problems.insert(format!("{code}: {p}"));
        }
    }
    // Every rule's messages are checked: the corpus has findings of each.
    let all: BTreeSet<String> = Rule::ALL.iter().map(|r| r.code().to_string()).collect();
    assert_eq!(seen, all, "rules with findings in testdata");
    assert!(
        problems.is_empty(),
        "{} message(s) break the convention:\n{}",
        problems.len(),
        problems.into_iter().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn message_convention_check_rejects_violations() {
    assert_eq!(
        convention_problem("`commit` commits the position", Some("commit `msg`")),
        None
    );
    assert_eq!(
        convention_problem("delivery result is discarded", None),
        None
    );
    assert!(convention_problem("Delivery result is discarded", None).is_some());
    assert!(convention_problem("delivery result is discarded.", None).is_some());
    assert!(convention_problem("delivery result is discarded", Some("check it.")).is_some());
    assert!(convention_problem("", None).is_some());
}
