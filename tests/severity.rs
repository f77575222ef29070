//! Severity: each rule's default level (error for the data-loss rules, warning for OL205,
//! OL4xx and OL0xx), `[severity]` in the configuration, the level in every output format, and
//! `--fail-on` with `--exit-zero` deciding the exit code.

use offsetlint::{ExitStatus, Rule, Severity};
use serde_json::Value;

mod common;

use common::{run, s, write};

/// OL101 (an error by default).
const BARE_COMMIT: &str = "from confluent_kafka import Consumer\n\nconsumer = Consumer({\"group.id\": \"g\", \"enable.auto.commit\": False})\nmsg = consumer.poll(1.0)\nconsumer.commit()\n";
/// OL401 (a warning by default): a checkpoint module importing network code.
const CHECKPOINT: &str = "import socket\n";

/// A tree with one OL101 finding (`worker.py`) and one OL401 finding (`checkpoint_store.py`).
fn tree() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "worker.py", BARE_COMMIT);
    write(d.path(), "checkpoint_store.py", CHECKPOINT);
    d
}

/// The level of each finding of a JSON report, by code.
fn levels(items: &[Value]) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = items
        .iter()
        .map(|i| {
            (
                i["code"].as_str().unwrap().to_string(),
                i["severity"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    v.sort();
    v
}

fn pair(code: &str, level: &str) -> (String, String) {
    (code.to_string(), level.to_string())
}

#[test]
fn default_levels_follow_the_catalog() {
    for rule in Rule::ALL {
        let data_loss = matches!(
            rule.code(),
            "OL101"
                | "OL102"
                | "OL103"
                | "OL104"
                | "OL105"
                | "OL201"
                | "OL202"
                | "OL203"
                | "OL204"
                | "OL301"
                | "OL302"
        );
        let expected = if data_loss {
            Severity::Error
        } else {
            Severity::Warning
        };
        assert_eq!(rule.default_severity(), expected, "{}", rule.code());
    }
}

#[test]
fn every_format_carries_the_level() {
    let d = tree();
    let dir = s(d.path());
    let format = |f: &str| {
        let (status, out) = run(&["check", "--isolated", "--format", f, dir]);
        assert_eq!(status, ExitStatus::Findings, "{f}: {}", out.stderr);
        out.stdout
    };

    let json: Value = serde_json::from_str(&format("json")).unwrap();
    assert_eq!(
        levels(json.as_array().unwrap()),
        [pair("OL101", "error"), pair("OL401", "warning")]
    );
    let lines: Vec<Value> = format("json-lines")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        levels(&lines),
        [pair("OL101", "error"), pair("OL401", "warning")]
    );

    let sarif: Value = serde_json::from_str(&format("sarif")).unwrap();
    let run0 = &sarif["runs"][0];
    let mut results: Vec<(&str, &str)> = run0["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["ruleId"].as_str().unwrap(), r["level"].as_str().unwrap()))
        .collect();
    results.sort();
    assert_eq!(results, [("OL101", "error"), ("OL401", "warning")]);
    for r in run0["tool"]["driver"]["rules"].as_array().unwrap() {
        let rule: Rule = r["id"].as_str().unwrap().parse().unwrap();
        assert_eq!(
            r["defaultConfiguration"]["level"],
            rule.default_severity().as_str(),
            "{}",
            rule.code()
        );
    }

    let github = format("github");
    let commands: Vec<(&str, bool)> = github
        .lines()
        .map(|l| (l.split(' ').next().unwrap(), l.contains("OL401")))
        .collect();
    assert_eq!(commands.len(), 2, "{github}");
    for (command, ol401) in commands {
        assert_eq!(command, if ol401 { "::warning" } else { "::error" });
    }

    let gitlab: Value = serde_json::from_str(&format("gitlab")).unwrap();
    let mut severities: Vec<(&str, &str)> = gitlab
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            (
                i["check_name"].as_str().unwrap(),
                i["severity"].as_str().unwrap(),
            )
        })
        .collect();
    severities.sort();
    assert_eq!(
        severities,
        [
            ("OL101 bare-commit", "major"),
            ("OL401 checkpoint-network-import", "minor")
        ]
    );

    let junit = format("junit");
    let doc = roxmltree::Document::parse(&junit).unwrap();
    let mut failures: Vec<(String, bool)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("failure"))
        .map(|f| {
            let message = f.attribute("message").unwrap();
            assert!(
                f.text().unwrap().contains(message),
                "the body's first line carries the message: {junit}"
            );
            (
                f.attribute("type").unwrap().to_string(),
                message.starts_with("warning: "),
            )
        })
        .collect();
    failures.sort();
    assert_eq!(
        failures,
        [("OL101".to_string(), false), ("OL401".to_string(), true)]
    );

    let concise = format("concise");
    let ol101 = concise.lines().find(|l| l.contains("OL101")).unwrap();
    let ol401 = concise.lines().find(|l| l.contains("OL401")).unwrap();
    assert!(
        ol101.contains(": OL101 [bare-commit] `commit` commits the consumer's position"),
        "{ol101}"
    );
    assert!(
        ol401.contains(
            ": OL401 [checkpoint-network-import] warning: checkpoint module imports network code `socket`"
        ),
        "{ol401}"
    );

    let human = format("human");
    assert!(
        human.contains("  × `commit` commits the consumer's position"),
        "{human}"
    );
    assert!(
        human.contains("  ⚠ checkpoint module imports network code `socket`"),
        "{human}"
    );
}

#[test]
fn the_configuration_sets_levels_narrowest_selector_last() {
    let d = tree();
    // Keys in any order: the prefix `OL` applies first, then `OL4`, then the code and name.
    write(
        d.path(),
        "offsetlint.toml",
        "[severity]\n\"bare-commit\" = \"warning\"\nOL = \"warning\"\nOL4 = \"error\"\nOL402 = \"warning\"\n",
    );
    let (status, out) = run(&["check", "--format", "json", s(d.path())]);
    assert_eq!(status, ExitStatus::Findings, "{}", out.stderr);
    let json: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(
        levels(json.as_array().unwrap()),
        [pair("OL101", "warning"), pair("OL401", "error")]
    );
    // `offsetlint config` shows each with where it was set.
    let (status, out) = run(&["config", s(&d.path().join("worker.py"))]);
    assert_eq!(status, ExitStatus::Clean, "{}", out.stderr);
    assert!(
        out.stdout.contains("severity = \"OL4\" = \"error\""),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("`severity` in "), "{}", out.stdout);

    // An extending file changes only the levels it names.
    write(
        d.path(),
        "svc/offsetlint.toml",
        "extend = \"../offsetlint.toml\"\n[severity]\nOL101 = \"error\"\n",
    );
    write(d.path(), "svc/worker.py", BARE_COMMIT);
    write(d.path(), "svc/checkpoint_store.py", CHECKPOINT);
    let (_, out) = run(&["check", "--format", "json", s(&d.path().join("svc"))]);
    let json: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(
        levels(json.as_array().unwrap()),
        [pair("OL101", "error"), pair("OL401", "error")]
    );
}

#[test]
fn a_bad_level_or_selector_is_a_configuration_error() {
    let d = tree();
    write(
        d.path(),
        "offsetlint.toml",
        "[severity]\nOL101 = \"fatal\"\n",
    );
    let (status, out) = run(&["check", s(d.path())]);
    assert_eq!(status, ExitStatus::Error);
    assert!(
        out.stderr
            .contains("invalid value `fatal` in `severity` in "),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("write `error` or `warning`"),
        "{}",
        out.stderr
    );
    write(
        d.path(),
        "offsetlint.toml",
        "[severity]\nbare-comit = \"error\"\n",
    );
    let (status, out) = run(&["check", s(d.path())]);
    assert_eq!(status, ExitStatus::Error);
    assert!(
        out.stderr.contains("unknown rule selector `bare-comit`"),
        "{}",
        out.stderr
    );
}

#[test]
fn fail_on_decides_the_exit_code() {
    let d = tempfile::tempdir().unwrap();
    let warning_only = write(d.path(), "checkpoint_store.py", CHECKPOINT);
    let error = write(d.path(), "worker.py", BARE_COMMIT);
    let status = |args: &[&str]| {
        let mut all = vec!["check", "--isolated"];
        all.extend_from_slice(args);
        run(&all).0
    };
    let (w, e) = (s(&warning_only), s(&error));
    // Default: any finding fails, as before levels existed.
    assert_eq!(status(&[w]), ExitStatus::Findings);
    assert_eq!(status(&["--fail-on", "warning", w]), ExitStatus::Findings);
    // `--fail-on error`: warnings alone pass, an error fails.
    assert_eq!(status(&["--fail-on", "error", w]), ExitStatus::Clean);
    assert_eq!(status(&["--fail-on", "error", w, e]), ExitStatus::Findings);
    // `--exit-zero` passes whatever the level; tool errors still exit 2.
    assert_eq!(
        status(&["--fail-on", "error", "--exit-zero", w, e]),
        ExitStatus::Clean
    );
    assert_eq!(
        status(&["--fail-on", "error", "/no/such/file.py"]),
        ExitStatus::Error
    );
    assert_eq!(status(&["--fail-on", "fatal", w]), ExitStatus::Error);
    // The summary counts the warnings.
    let (_, out) = run(&["check", "--isolated", w, e]);
    assert!(
        out.stderr
            .starts_with("found 2 findings (1 warning) in 2 files (2 files checked"),
        "{}",
        out.stderr
    );
    // The warnings are still reported.
    let (_, out) = run(&[
        "check",
        "--isolated",
        "--fail-on",
        "error",
        "--format",
        "concise",
        w,
    ]);
    assert!(out.stdout.contains("OL401"), "{}", out.stdout);
}
