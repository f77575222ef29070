//! The CI formats (SARIF, GitHub, GitLab, JUnit, JSON Lines), `--output-file`, baselines,
//! `--statistics`, standard input, fixes (`--fix`, `--unsafe-fixes`, `--diff`) and terminal
//! manners (colour, progress). Machine formats are read back by strict readers from the
//! registries (the SARIF 2.1.0 JSON schema shipped by the `serde-sarif` crate, that crate's
//! types, roxmltree for XML, serde_json), never only by string matching.

mod common;

use common::{s, write};

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use offsetlint::cli::{main_with_args, main_with_input, Output};
use offsetlint::{language, lint_source, ExitStatus, Rule, Settings};
use serde_json::Value;

fn run(args: &[&str]) -> (ExitStatus, Output) {
    main_with_args(
        std::iter::once("offsetlint")
            .chain(args.iter().copied())
            .map(String::from),
    )
}

fn run_stdin(args: &[&str], stdin: &str) -> (ExitStatus, Output) {
    main_with_input(
        std::iter::once("offsetlint")
            .chain(args.iter().copied())
            .map(String::from),
        Some(stdin.to_string()),
    )
}

const BARE_COMMIT: &str = "from confluent_kafka import Consumer\n\nconsumer = Consumer({\"group.id\": \"g\", \"enable.auto.commit\": False})\nmsg = consumer.poll(1.0)\nconsumer.commit()\n";

/// A worker with two bare commits in two functions.
const WORKER: &str = "\
from confluent_kafka import Consumer


class Worker:
    def __init__(self):
        self.consumer = Consumer({\"group.id\": \"g\", \"enable.auto.commit\": False})

    def run(self):
        while True:
            msg = self.consumer.poll(1.0)
            if msg is None:
                continue
            self.consumer.commit()


def drain(consumer: Consumer):
    consumer.commit()
";

fn json_of(out: &Output) -> Value {
    serde_json::from_str(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", out.stdout))
}

// ---------------------------------------------------------------- SARIF

/// The SARIF 2.1.0 schema that the `serde-sarif` crate (a dev-dependency, from the crate
/// registry) ships as `src/schema.json`; found through `cargo metadata`, never copied here.
fn sarif_schema() -> Value {
    let cargo = option_env!("CARGO").unwrap_or("cargo");
    // Only this platform's packages: the others may not have been fetched.
    let rustc = Command::new("rustc")
        .arg("-vV")
        .output()
        .expect("rustc -vV");
    let host = String::from_utf8(rustc.stdout)
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("host: ").map(str::to_string))
        .expect("host triple");
    let metadata = |offline: bool| {
        let mut cmd = Command::new(cargo);
        cmd.args(["metadata", "--format-version", "1", "--locked"])
            .args(["--filter-platform", &host])
            .current_dir(env!("CARGO_MANIFEST_DIR"));
        if offline {
            cmd.arg("--offline");
        }
        cmd.output().expect("cargo metadata")
    };
    // Offline first (the build fetched the crate); else let cargo fetch what it lacks.
    let mut out = metadata(true);
    if !out.status.success() {
        out = metadata(false);
    }
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: Value = serde_json::from_slice(&out.stdout).unwrap();
    let manifest = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "serde-sarif")
        .expect("serde-sarif in the dependency graph")["manifest_path"]
        .as_str()
        .unwrap()
        .to_string();
    let schema = Path::new(&manifest)
        .parent()
        .unwrap()
        .join("src/schema.json");
    let schema: Value = serde_json::from_str(&fs::read_to_string(&schema).unwrap()).unwrap();
    assert_eq!(
        schema["title"],
        "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema"
    );
    schema
}

/// Validates against the schema, reads the log with serde-sarif's types, and returns it as
/// JSON for the checks that follow.
fn check_sarif(text: &str) -> Value {
    let log: Value = serde_json::from_str(text).unwrap();
    let mut schema = sarif_schema();
    // The published 2.1.0 schema has a pattern that is not a valid regular expression (a
    // stray `]`), for `run.language` and `toolComponent.language`, which offsetlint does not
    // write; with format checks on, the validator rejects the schema itself. Mend that
    // pattern only.
    for def in ["run", "toolComponent"] {
        let language = &mut schema["definitions"][def]["properties"]["language"]["pattern"];
        assert_eq!(language, "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$");
        *language = Value::from("^[a-zA-Z]{2}(-[a-zA-Z]{2})?$");
    }
    let validator = jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&log)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "schema errors:\n{}", errors.join("\n"));
    let typed: serde_sarif::sarif::Sarif = serde_json::from_str(text).unwrap();
    // What the typed reader understood is what was written: no field it does not know.
    let back = serde_json::to_value(&typed).unwrap();
    assert_eq!(
        strip_nulls(back),
        strip_nulls(log.clone()),
        "the typed SARIF reader dropped or changed fields"
    );
    log
}

fn strip_nulls(v: Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.into_iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k, strip_nulls(v)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.into_iter().map(strip_nulls).collect()),
        other => other,
    }
}

#[test]
fn sarif_is_valid_and_carries_rules_flows_fixes_and_fingerprints() {
    let paths = [
        "testdata/OL301/confluent_kafka.py",
        "testdata/OL101/confluent_kafka.py",
        "testdata/OL201/rdkafka.rs",
    ];
    let (status, out) = run(&[&["check", "--isolated", "--format", "sarif"][..], &paths].concat());
    assert_eq!(status, ExitStatus::Findings);
    assert!(out.stderr.is_empty(), "{}", out.stderr);
    let log = check_sarif(&out.stdout);
    let run0 = &log["runs"][0];
    let rules = run0["tool"]["driver"]["rules"].as_array().unwrap();
    assert_eq!(rules.len(), Rule::ALL.len());
    for (r, rule) in rules.iter().zip(Rule::ALL) {
        assert_eq!(r["id"], rule.code());
        assert_eq!(r["help"]["markdown"], rule.doc());
    }
    assert_eq!(run0["invocations"][0]["executionSuccessful"], true);
    assert_eq!(run0["columnKind"], "unicodeCodePoints");

    // The same findings as the JSON format, at the same positions.
    let (_, json) = run(&[&["check", "--isolated", "--format", "json"][..], &paths].concat());
    let json = json_of(&json);
    let json = json.as_array().unwrap();
    let results = run0["results"].as_array().unwrap();
    assert_eq!(results.len(), json.len());
    let mut prints = BTreeSet::new();
    for (r, j) in results.iter().zip(json) {
        assert_eq!(r["ruleId"], j["code"]);
        let loc = &r["locations"][0]["physicalLocation"];
        assert_eq!(loc["artifactLocation"]["uri"], j["path"]);
        assert_eq!(loc["artifactLocation"]["uriBaseId"], "%SRCROOT%");
        assert_eq!(loc["region"]["startLine"], j["line"]);
        assert_eq!(loc["region"]["startColumn"], j["column"]);
        assert_eq!(loc["region"]["endColumn"], j["end_column"]);
        let print = r["partialFingerprints"]["offsetlint/v1"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(
            prints.insert(print.clone()),
            "duplicate fingerprint {print}"
        );
        // OL301: a code flow through every numbered hop, ending at the sink.
        if j["code"] == "OL301" {
            let hops: Vec<&Value> = j["labels"].as_array().unwrap().iter().collect();
            let steps = r["codeFlows"][0]["threadFlows"][0]["locations"]
                .as_array()
                .unwrap();
            assert_eq!(steps.len(), hops.len() + 1, "{r}");
            for (step, hop) in steps.iter().zip(&hops) {
                assert_eq!(step["location"]["message"]["text"], hop["message"]);
                assert_eq!(
                    step["location"]["physicalLocation"]["region"]["startLine"],
                    hop["line"]
                );
            }
            assert_eq!(
                steps.last().unwrap()["location"]["physicalLocation"]["region"]["startLine"],
                j["line"]
            );
        } else {
            assert!(r.get("codeFlows").is_none());
        }
        // An offered fix is a SARIF fix with the same replacement.
        if !j["fix"].is_null() {
            let rep = &r["fixes"][0]["artifactChanges"][0]["replacements"][0];
            assert_eq!(
                rep["insertedContent"]["text"],
                j["fix"]["edits"][0]["content"]
            );
            assert_eq!(
                rep["deletedRegion"]["startLine"],
                j["fix"]["edits"][0]["line"]
            );
        }
    }
    assert!(results.iter().any(|r| r["ruleId"] == "OL301"));
    assert!(results.iter().any(|r| r.get("fixes").is_some()));

    // Fingerprints do not move with the lines.
    let d = tempfile::tempdir().unwrap();
    let src = fs::read_to_string("testdata/OL301/confluent_kafka.py").unwrap();
    let a = write(d.path(), "a/model.py", &src);
    let b = write(d.path(), "b/model.py", &format!("\n\n# moved\n{src}"));
    let prints_of = |p: &Path| -> Vec<Value> {
        let (_, out) = run(&["check", "--isolated", "--format", "sarif", s(p)]);
        let log = check_sarif(&out.stdout);
        log["runs"][0]["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["partialFingerprints"].clone())
            .collect()
    };
    let (pa, pb) = (prints_of(&a), prints_of(&b));
    assert!(!pa.is_empty());
    // The path is part of the key: compare the hashes of the same file moved.
    let pa2 = prints_of(&{
        fs::write(&a, format!("\n\n# moved\n{src}")).unwrap();
        a.clone()
    });
    assert_eq!(pa, pa2, "fingerprints changed when lines moved");
    assert_ne!(pa, pb, "two paths, two sets of fingerprints");
}

/// A boundary finding whose import chain runs through other project modules: the chain is a
/// code flow from the flagged import through each module, valid against the schema.
#[test]
fn sarif_import_chain_through_project_modules() {
    let path = "testdata/projects/py_checkpoint/app/checkpoint_cycle.py";
    let (status, out) = run(&["check", "--isolated", "--format", "sarif", path]);
    assert_eq!(status, ExitStatus::Findings, "{}", out.stderr);
    let log = check_sarif(&out.stdout);
    let (_, json) = run(&["check", "--isolated", "--format", "json", path]);
    let json = json_of(&json);
    let results = log["runs"][0]["results"].as_array().unwrap();
    let findings = json.as_array().unwrap();
    assert_eq!(results.len(), findings.len());
    let mut chains = 0;
    for (r, f) in results.iter().zip(findings) {
        let related = f["related"].as_array().unwrap();
        if related.is_empty() {
            continue;
        }
        chains += 1;
        let steps = r["codeFlows"][0]["threadFlows"][0]["locations"]
            .as_array()
            .unwrap();
        assert_eq!(steps.len(), related.len() + 1, "{r}");
        for (step, hop) in steps[1..].iter().zip(related) {
            let p = &step["location"]["physicalLocation"];
            assert!(
                hop["path"]
                    .as_str()
                    .unwrap()
                    .ends_with(p["artifactLocation"]["uri"].as_str().unwrap()),
                "{step} vs {hop}"
            );
            assert_eq!(p["region"]["startLine"], hop["line"]);
            assert_eq!(step["location"]["message"]["text"], hop["message"]);
        }
    }
    assert!(chains > 0, "no finding with a chain through other modules");
}

#[test]
fn sarif_leaves_out_suppressed_and_baselined_results_unless_asked() {
    let d = tempfile::tempdir().unwrap();
    let suppressed = BARE_COMMIT.replace(
        "consumer.commit()\n",
        "consumer.commit()  # offsetlint: ignore[OL101] positions stored by hand\n",
    );
    let a = write(d.path(), "a.py", &suppressed);
    let b = write(d.path(), "b.py", BARE_COMMIT);
    let baseline = d.path().join("baseline.json");
    let (status, _) = run(&[
        "check",
        "--isolated",
        "--write-baseline",
        s(&baseline),
        s(&b),
    ]);
    assert_eq!(status, ExitStatus::Clean);
    let base = [
        "check",
        "--isolated",
        "--format",
        "sarif",
        "--baseline",
        s(&baseline),
        s(&a),
        s(&b),
    ];
    let (status, out) = run(&base);
    assert_eq!(status, ExitStatus::Clean, "{}", out.stderr);
    let log = check_sarif(&out.stdout);
    assert_eq!(log["runs"][0]["results"], Value::Array(vec![]));

    let (status, out) = run(&[&base[..], &["--sarif-include-suppressed"]].concat());
    assert_eq!(status, ExitStatus::Clean);
    let log = check_sarif(&out.stdout);
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 2, "{results:#?}");
    let by_file: BTreeMap<String, &Value> = results
        .iter()
        .map(|r| {
            let uri = r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                .as_str()
                .unwrap();
            (
                uri.rsplit('/').next().unwrap().to_string(),
                &r["suppressions"][0],
            )
        })
        .collect();
    assert_eq!(by_file["a.py"]["kind"], "inSource");
    assert_eq!(by_file["a.py"]["justification"], "positions stored by hand");
    assert_eq!(by_file["b.py"]["kind"], "external");
    // Only with SARIF.
    assert_eq!(
        run(&["check", "--sarif-include-suppressed", s(&a)]).0,
        ExitStatus::Error
    );
}

#[test]
fn sarif_reports_tool_errors_as_notifications() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "bad.py", BARE_COMMIT);
    write(d.path(), "crash.py", BARE_COMMIT);
    // An internal error in one file (injected in a process of its own: the fault is read
    // once per process) is a tool error, listed as a notification; the other file's finding
    // is still a result.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_offsetlint"))
        .args(["check", "--isolated", "--format", "sarif"])
        .arg(d.path())
        .env("OFFSETLINT_FAULT", "file:crash.py")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let log = check_sarif(&String::from_utf8(out.stdout).unwrap());
    let inv = &log["runs"][0]["invocations"][0];
    assert_eq!(inv["executionSuccessful"], false);
    let notes = inv["toolExecutionNotifications"].as_array().unwrap();
    assert_eq!(notes.len(), 1);
    assert!(notes[0]["message"]["text"]
        .as_str()
        .unwrap()
        .contains("crash.py"));
    assert_eq!(log["runs"][0]["results"].as_array().unwrap().len(), 1);
}

// ---------------------------------------------------------------- GitHub

/// Undoes GitHub's escaping of a property value.
fn unescape(s: &str) -> String {
    s.replace("%2C", ",")
        .replace("%3A", ":")
        .replace("%0A", "\n")
        .replace("%0D", "\r")
        .replace("%25", "%")
}

#[test]
fn github_annotations_cannot_be_forged() {
    let d = tempfile::tempdir().unwrap();
    // A checkpoint module (OL401) whose name holds everything that could end a property or
    // start a new command.
    let name = "checkpoint,x:y%25\n::warning file=evil::forged\r.py";
    let p = write(d.path(), name, "import socket\n");
    let (status, out) = run(&["check", "--isolated", "--format", "github", s(&p)]);
    assert_eq!(status, ExitStatus::Findings);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{:?}", out.stdout);
    let line = lines[0];
    let (head, message) = line.split_once("::").unwrap().1.split_once("::").unwrap();
    let props: BTreeMap<&str, String> = head
        .strip_prefix("warning ")
        .unwrap()
        .split(',')
        .map(|kv| {
            let (k, v) = kv.split_once('=').unwrap();
            (k, unescape(v))
        })
        .collect();
    assert_eq!(props["file"], s(&p));
    assert_eq!(props["line"], "1");
    assert_eq!(props["col"], "1");
    assert_eq!(props["endLine"], "1");
    assert_eq!(props["endColumn"], "14");
    assert_eq!(props["title"], "OL401 checkpoint-network-import");
    assert!(
        unescape(message).starts_with("checkpoint module imports network code `socket`\nhelp: ")
    );
    assert!(!out.stdout.contains('\r'));

    // A message carrying source text: the suggested code lands in the message escaped.
    let p = write(d.path(), "w.py", BARE_COMMIT);
    let (_, out) = run(&["check", "--isolated", "--format", "github", s(&p)]);
    assert_eq!(out.stdout.lines().count(), 1);
    assert!(out.stdout.contains("%0Ahelp: "), "{}", out.stdout);
    assert!(out.stdout.contains(",title=OL101 bare-commit::"));
}

// ---------------------------------------------------------------- GitLab

#[test]
fn gitlab_code_quality_report() {
    let d = tempfile::tempdir().unwrap();
    let p = write(d.path(), "worker.py", WORKER);
    let report = |path: &Path| {
        let (status, out) = run(&["check", "--isolated", "--format", "gitlab", s(path)]);
        assert_eq!(status, ExitStatus::Findings);
        json_of(&out)
    };
    let v = report(&p);
    let issues = v.as_array().unwrap();
    assert_eq!(issues.len(), 2);
    let mut prints = BTreeSet::new();
    for i in issues {
        assert_eq!(i["type"], "issue");
        assert_eq!(i["check_name"], "OL101 bare-commit");
        assert!(i["description"].as_str().unwrap().starts_with("OL101: "));
        assert!(["info", "minor", "major", "critical", "blocker"]
            .contains(&i["severity"].as_str().unwrap()));
        assert_eq!(i["location"]["path"], s(&p));
        assert!(
            i["location"]["positions"]["begin"]["line"]
                .as_u64()
                .unwrap()
                >= 1
        );
        assert!(prints.insert(i["fingerprint"].as_str().unwrap().to_string()));
    }
    // Lines inserted above: same fingerprints.
    fs::write(&p, format!("import os\n\n\n{WORKER}")).unwrap();
    let moved = report(&p);
    let moved: BTreeSet<String> = moved
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["fingerprint"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(prints, moved);
}

// ---------------------------------------------------------------- JUnit

#[test]
fn junit_is_well_formed_xml_with_a_case_per_finding() {
    let d = tempfile::tempdir().unwrap();
    let hostile = write(
        d.path(),
        "checkpoint<&\"'\u{1b}[31m>.py",
        "import socket\nimport http.client\n",
    );
    let worker = write(d.path(), "worker.py", WORKER);
    let (status, out) = run(&[
        "check",
        "--isolated",
        "--format",
        "junit",
        s(&hostile),
        s(&worker),
    ]);
    assert_eq!(status, ExitStatus::Findings);
    let doc = roxmltree::Document::parse(&out.stdout).unwrap_or_else(|e| panic!("{e}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    assert_eq!(root.attribute("tests"), Some("4"));
    assert_eq!(root.attribute("failures"), Some("4"));
    let suites: Vec<_> = root.children().filter(|n| n.is_element()).collect();
    assert_eq!(suites.len(), 2);
    let names: Vec<&str> = suites
        .iter()
        .map(|s| s.attribute("name").unwrap())
        .collect();
    // The escape character cannot be in XML 1.0: it is replaced.
    let shown = s(&hostile).replace('\u{1b}', "\u{fffd}");
    assert!(names.contains(&shown.as_str()), "{names:?}");
    let cases: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    assert_eq!(cases.len(), 4);
    for c in &cases {
        let failure = c.children().find(|n| n.has_tag_name("failure")).unwrap();
        assert!(failure.attribute("type").unwrap().starts_with("OL"));
        assert!(failure.text().unwrap().contains("offsetlint rule OL"));
    }
    // A clean run is one passing case; a tool error an error case.
    let clean = write(d.path(), "clean.py", "x = 1\n");
    let (_, out) = run(&["check", "--isolated", "--format", "junit", s(&clean)]);
    let doc = roxmltree::Document::parse(&out.stdout).unwrap();
    assert_eq!(doc.root_element().attribute("tests"), Some("1"));
    assert_eq!(doc.root_element().attribute("failures"), Some("0"));
    let (status, out) = run(&["check", "--isolated", "--format", "junit", "/no/such/dir"]);
    assert_eq!(status, ExitStatus::Error);
    let doc = roxmltree::Document::parse(&out.stdout).unwrap();
    assert_eq!(doc.root_element().attribute("errors"), Some("1"));
    assert_eq!(
        doc.descendants()
            .filter(|n| n.has_tag_name("error"))
            .count(),
        1
    );
}

// ---------------------------------------------------------------- JSON Lines, alias, -o

#[test]
fn json_lines_alias_and_output_file() {
    let paths = [
        "testdata/OL202/confluent_kafka.py",
        "testdata/OL101/rdkafka.rs",
    ];
    let (_, json) = run(&[&["check", "--isolated", "--format", "json"][..], &paths].concat());
    let (status, lines) = run(&[
        &["check", "--isolated", "--output-format", "json-lines"][..],
        &paths,
    ]
    .concat());
    assert_eq!(status, ExitStatus::Findings);
    assert!(lines.stderr.is_empty(), "{}", lines.stderr);
    let parsed: Vec<Value> = lines
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(Value::Array(parsed), json_of(&json));
    // A clean run prints nothing at all.
    let (_, clean) = run(&[
        "check",
        "--format",
        "json-lines",
        "testdata/clean/file_io.py",
    ]);
    assert_eq!(clean.stdout, "");

    // `--output-file` for every format: the file holds what stdout would.
    let d = tempfile::tempdir().unwrap();
    for &format in common::FORMATS {
        let file = d.path().join(format!("out.{format}"));
        let args = [
            "check",
            "--isolated",
            "--color",
            "never",
            "--format",
            format,
        ];
        let (s1, to_stdout) = run(&[&args[..], &paths].concat());
        let (s2, to_file) = run(&[&args[..], &["--output-file", s(&file)], &paths].concat());
        assert_eq!(s1, s2);
        assert_eq!(to_file.stdout, "", "{format}");
        let written = fs::read_to_string(&file).unwrap();
        assert!(!written.is_empty(), "{format}");
        if format != "sarif" {
            assert_eq!(written, to_stdout.stdout, "{format}");
        }
    }
    let (status, out) = run(&[
        "check",
        "--format",
        "json",
        "-o",
        "/no/such/dir/out.json",
        "testdata/OL101/rdkafka.rs",
    ]);
    assert_eq!(status, ExitStatus::Error);
    assert!(
        out.stderr.contains("cannot write the output"),
        "{}",
        out.stderr
    );
}

// ---------------------------------------------------------------- baselines

fn concise_lines(out: &Output) -> Vec<String> {
    out.stdout.lines().map(str::to_string).collect()
}

#[test]
fn baseline_survives_line_shifts_and_reports_exactly_the_new_finding() {
    let d = tempfile::tempdir().unwrap();
    let p = write(d.path(), "app/worker.py", WORKER);
    let baseline = d.path().join(".offsetlint-baseline.json");
    let dir = s(d.path());
    let (status, out) = run(&["check", "--isolated", "--write-baseline", s(&baseline), dir]);
    assert_eq!(status, ExitStatus::Clean, "{}", out.stderr);
    assert!(
        out.stderr.contains("wrote 2 findings (2 entries)"),
        "{}",
        out.stderr
    );
    let text = fs::read_to_string(&baseline).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    let entries = v["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 2);
    let functions: Vec<&Value> = entries.iter().map(|e| &e["function"]).collect();
    assert_eq!(
        functions,
        [&Value::from("Worker.run"), &Value::from("drain")]
    );
    assert_eq!(entries[0]["path"], "app/worker.py");
    assert!(!text.contains("\"line\""), "never keyed by line: {text}");
    // Sorted and stable: writing again gives the same bytes.
    run(&["check", "--isolated", "--write-baseline", s(&baseline), dir]);
    assert_eq!(fs::read_to_string(&baseline).unwrap(), text);

    let with = [
        "check",
        "--isolated",
        "--format",
        "concise",
        "--baseline",
        s(&baseline),
        dir,
    ];
    let (status, out) = run(&with);
    assert_eq!(status, ExitStatus::Clean, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.is_empty());
    assert!(out.stderr.contains(": 2 findings hidden"), "{}", out.stderr);
    assert!(
        out.stderr.contains("2 hidden by the baseline"),
        "{}",
        out.stderr
    );

    // Lines inserted above every finding, and the call reformatted: still nothing new.
    let shifted = format!(
        "import logging\n\nlog = logging.getLogger(__name__)\n\n\n{}",
        WORKER.replace("consumer.commit()\n", "consumer.commit(\n    )\n")
    );
    fs::write(&p, &shifted).unwrap();
    let (status, out) = run(&with);
    assert_eq!(status, ExitStatus::Clean, "{}{}", out.stdout, out.stderr);

    // One more bare commit: exactly one finding, the new one.
    let added = shifted.replace(
        "def drain(consumer: Consumer):\n",
        "def drain(consumer: Consumer):\n    consumer.commit()\n",
    );
    fs::write(&p, &added).unwrap();
    let (status, out) = run(&with);
    assert_eq!(status, ExitStatus::Findings);
    let lines = concise_lines(&out);
    assert_eq!(lines.len(), 1, "{lines:?}");
    // `drain` now holds two identical commits (lines 23 and 24-25) for one recorded: the
    // entry covers the first, the second is new.
    assert!(lines[0].contains(":24:5: OL101"), "{lines:?}");

    // Same key in another function: new too.
    let moved = shifted.replace("def drain(", "def drain_all(");
    fs::write(&p, &moved).unwrap();
    let (status, out) = run(&with);
    assert_eq!(status, ExitStatus::Findings);
    assert_eq!(concise_lines(&out).len(), 1);
    // ... and the entry it no longer matches is listed for the ratchet.
    assert!(
        out.stderr.contains("1 recorded finding no longer occurs"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr
            .contains("OL101 bare-commit app/worker.py in `drain`"),
        "{}",
        out.stderr
    );

    // Ratchet: the same file as baseline and output keeps only what still occurs, adds
    // nothing; the new finding it does not record still fails the run (issue 25 item 7 e).
    let (status, out) = run(&[
        "check",
        "--isolated",
        "--baseline",
        s(&baseline),
        "--write-baseline",
        s(&baseline),
        dir,
    ]);
    assert_eq!(status, ExitStatus::Findings, "{}", out.stderr);
    assert!(
        out.stderr.contains("1 new finding not recorded"),
        "{}",
        out.stderr
    );
    let v: Value = serde_json::from_str(&fs::read_to_string(&baseline).unwrap()).unwrap();
    let entries = v["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 1, "{entries:?}");
    assert_eq!(entries[0]["function"], "Worker.run");
}

#[test]
fn baseline_counts_identical_findings() {
    let d = tempfile::tempdir().unwrap();
    let two = BARE_COMMIT.to_string() + "consumer.commit()\n";
    let p = write(d.path(), "w.py", &two);
    let baseline = d.path().join("b.json");
    run(&[
        "check",
        "--isolated",
        "--write-baseline",
        s(&baseline),
        s(&p),
    ]);
    let v: Value = serde_json::from_str(&fs::read_to_string(&baseline).unwrap()).unwrap();
    assert_eq!(v["entries"][0]["count"], 2);
    assert_eq!(v["entries"][0]["function"], Value::Null);
    fs::write(&p, two.clone() + "consumer.commit()\n").unwrap();
    let (status, out) = run(&[
        "check",
        "--isolated",
        "--format",
        "concise",
        "--baseline",
        s(&baseline),
        s(&p),
    ]);
    assert_eq!(status, ExitStatus::Findings);
    assert_eq!(concise_lines(&out).len(), 1);
    // Bad baseline files are tool errors.
    fs::write(&baseline, "{\"version\": 1, \"entries\": [], \"extra\": 1}").unwrap();
    let (status, out) = run(&["check", "--baseline", s(&baseline), s(&p)]);
    assert_eq!(status, ExitStatus::Error);
    assert!(out.stderr.contains("not a baseline file"), "{}", out.stderr);
    assert_eq!(
        run(&["check", "--baseline", "/no/such/baseline.json", s(&p)]).0,
        ExitStatus::Error
    );
}

/// `baseline = ".."` in the configuration of the working directory, relative to that file;
/// `--baseline` on the command line replaces it.
/// Issue 25 item 2: a run on part of the tree (from a subdirectory, or on pre-commit's file
/// list) neither reports the other files' entries as gone nor drops them when ratcheting.
#[test]
fn ratcheting_part_of_the_tree_keeps_the_other_files_entries() {
    let d = tempfile::tempdir().unwrap();
    let flush = "from confluent_kafka import Producer\n\np = Producer({})\np.flush(5)\n";
    write(d.path(), "a/w.py", flush);
    write(d.path(), "b/w.py", flush);
    let in_dir = |args: &[&str], cwd: &Path| {
        let out = Command::new(env!("CARGO_BIN_EXE_offsetlint"))
            .args(args)
            .current_dir(cwd)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let baseline = d.path().join("baseline.json");
    let b = s(&baseline);
    let (code, err) = in_dir(&["check", "--isolated", "--write-baseline", b], d.path());
    assert_eq!(code, Some(0), "{err}");
    let written = fs::read_to_string(&baseline).unwrap();
    // From `a/`: nothing of `b/` is gone, and the ratchet keeps it.
    let a = d.path().join("a");
    let (code, err) = in_dir(&["check", "--isolated", "--baseline", b], &a);
    assert_eq!(code, Some(0), "{err}");
    assert!(!err.contains("no longer occur"), "{err}");
    let ratchet = [
        "check",
        "--isolated",
        "--baseline",
        b,
        "--write-baseline",
        b,
    ];
    let (code, err) = in_dir(&ratchet, &a);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(fs::read_to_string(&baseline).unwrap(), written);
    // A pre-commit file list from the root: the same.
    let (code, err) = in_dir(&[&ratchet[..], &["a/w.py"]].concat(), d.path());
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(fs::read_to_string(&baseline).unwrap(), written);
    // The next full run finds nothing new.
    let (code, err) = in_dir(&["check", "--isolated", "--baseline", b], d.path());
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("2 findings hidden"), "{err}");
    // A fixed file that was linted is still pruned.
    fs::write(a.join("w.py"), "from confluent_kafka import Producer\n").unwrap();
    let (code, err) = in_dir(&ratchet, &a);
    assert_eq!(code, Some(0), "{err}");
    let v: Value = serde_json::from_str(&fs::read_to_string(&baseline).unwrap()).unwrap();
    let paths: Vec<&Value> = v["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| &e["path"])
        .collect();
    assert_eq!(paths, [&Value::from("b/w.py")]);
}

/// Issue 25 item 3: black- and rustfmt-style rewrites of flagged fixture lines (magic
/// trailing comma, quote change, re-wrapping, a comment) keep the baseline matching; and a
/// baseline written with the old hash (whitespace removed only) still hides its findings.
#[test]
fn baseline_survives_formatters_and_reads_old_hashes() {
    let rewrites: [(&str, &[(&str, &str)]); 3] = [
        (
            "testdata/OL202/confluent_kafka.py",
            &[
                ("producer.flush(0.5)  #", "producer.flush(\n        0.5,\n    )  #"),
                ("sink.flush(30)  #", "sink.flush(  # drain\n        30,\n    )  #"),
            ],
        ),
        (
            "testdata/OL201/confluent_kafka.py",
            &[
                (
                    "producer.produce(\"events-part\", body, str(event[\"id\"]), 0)",
                    "producer.produce(\n            'events-part', body, str(event['id']), 0,\n        )",
                ),
                (
                    "out.produce(\"rows\", value=json.dumps(row).encode())",
                    "out.produce(\n            'rows',\n            value=json.dumps(row).encode(),\n        )",
                ),
            ],
        ),
        (
            "testdata/OL202/rdkafka.rs",
            &[(
                "producer.flush(Duration::from_secs(30));",
                "producer\n        .flush(\n            Duration::from_secs(30), // drain\n        );",
            )],
        ),
    ];
    let d = tempfile::tempdir().unwrap();
    let baseline = d.path().join("baseline.json");
    let b = s(&baseline);
    for (fixture, edits) in rewrites {
        // `OL202_confluent_kafka.py`: one directory, distinct names.
        let to = d
            .path()
            .join(fixture.trim_start_matches("testdata/").replace('/', "_"));
        let original = fs::read_to_string(fixture).unwrap();
        fs::write(&to, &original).unwrap();
        let (status, out) = run(&["check", "--isolated", "--write-baseline", b, s(&to)]);
        assert_eq!(status, ExitStatus::Clean, "{}", out.stderr);
        let mut text = original.clone();
        for (from, into) in edits {
            assert!(text.contains(from), "{fixture}: {from}");
            text = text.replacen(from, into, 1);
        }
        fs::write(&to, &text).unwrap();
        let (status, out) = run(&["check", "--isolated", "--baseline", b, s(&to)]);
        assert_eq!(
            status,
            ExitStatus::Clean,
            "{fixture}:\n{}{}",
            out.stdout,
            out.stderr
        );
    }
    // A baseline written with the old hash (the code without whitespace, comment and trailing
    // comma included) still hides its finding, and the ratchet rewrites it to today's hash.
    let code = "p.flush(  # drain\n    5,\n)";
    let source = format!("from confluent_kafka import Producer\n\np = Producer({{}})\n{code}\n");
    let w = write(d.path(), "old/w.py", &source);
    let old = fnv_hex(
        &code
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>(),
    );
    let entry = format!(
        "{{\"version\": 1, \"entries\": [{{\"code\": \"OL202\", \"rule\": \"flush-result-ignored\", \"path\": \"w.py\", \"function\": null, \"hash\": \"{old}\", \"count\": 1}}]}}"
    );
    let old_baseline = d.path().join("old/baseline.json");
    fs::write(&old_baseline, entry).unwrap();
    let ob = s(&old_baseline);
    let (status, out) = run(&["check", "--isolated", "--baseline", ob, s(&w)]);
    assert_eq!(status, ExitStatus::Clean, "{}{}", out.stdout, out.stderr);
    let (status, out) = run(&[
        "check",
        "--isolated",
        "--baseline",
        ob,
        "--write-baseline",
        ob,
        s(&w),
    ]);
    assert_eq!(status, ExitStatus::Clean, "{}", out.stderr);
    let v: Value = serde_json::from_str(&fs::read_to_string(&old_baseline).unwrap()).unwrap();
    assert_eq!(v["entries"][0]["hash"], fnv_hex("p.flush(5)"));
}

/// FNV-1a 64 as the baseline writes it.
fn fnv_hex(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Issue 25 item 4: from a subdirectory, GitHub and SARIF paths are relative to the repository
/// root (the directory with `.git`), GitLab's to `CI_PROJECT_DIR` when set, else that root.
#[test]
fn ci_paths_are_relative_to_the_repository_root() {
    let d = tempfile::tempdir().unwrap();
    fs::create_dir_all(d.path().join(".git")).unwrap();
    write(d.path(), "svc/app/w.py", BARE_COMMIT);
    let svc = d.path().join("svc");
    let in_svc = |format: &str, project_dir: Option<&Path>| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_offsetlint"));
        cmd.args(["check", "--isolated", "--format", format, "app"])
            .current_dir(&svc)
            .env_remove("CI_PROJECT_DIR");
        if let Some(dir) = project_dir {
            cmd.env("CI_PROJECT_DIR", dir);
        }
        String::from_utf8(cmd.output().unwrap().stdout).unwrap()
    };
    let github = in_svc("github", None);
    assert!(github.contains("::error file=svc/app/w.py,"), "{github}");
    let gitlab = |dir| -> Value { serde_json::from_str(&in_svc("gitlab", dir)).unwrap() };
    assert_eq!(gitlab(None)[0]["location"]["path"], "svc/app/w.py");
    assert_eq!(gitlab(Some(&svc))[0]["location"]["path"], "app/w.py");
    let sarif: Value = serde_json::from_str(&in_svc("sarif", None)).unwrap();
    let run = &sarif["runs"][0];
    let location = &run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
    assert_eq!(location["uri"], "svc/app/w.py");
    assert_eq!(location["uriBaseId"], "%SRCROOT%");
    let root = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
        .as_str()
        .unwrap();
    let top = fs::canonicalize(d.path()).unwrap();
    assert!(
        root.trim_end_matches('/').ends_with(top.to_str().unwrap()),
        "{root}"
    );
}

#[test]
fn baseline_from_the_configuration() {
    let d = tempfile::tempdir().unwrap();
    let two = BARE_COMMIT.to_string() + "consumer.commit()\n";
    let p = write(d.path(), "app/w.py", &two);
    write(
        d.path(),
        "offsetlint.toml",
        "baseline = \"ci/known.json\"\n",
    );
    fs::create_dir_all(d.path().join("ci")).unwrap();
    let in_dir = |args: &[&str], cwd: &Path| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_offsetlint"));
        cmd.args(args).current_dir(cwd).env("NO_COLOR", "1");
        cmd.output().unwrap()
    };
    let known = d.path().join("ci/known.json");
    let out = in_dir(&["check", "--write-baseline", s(&known), "app"], d.path());
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    // From the root and from a directory below it, the configuration's baseline applies.
    for cwd in [d.path().to_path_buf(), d.path().join("app")] {
        let target = if cwd == d.path() { "app" } else { "." };
        let out = in_dir(&["check", "--format", "concise", target], &cwd);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{stderr}");
        assert!(stderr.contains("2 findings hidden"), "{stderr}");
    }
    // A new finding is the only one reported.
    fs::write(&p, two.clone() + "consumer.commit()\n").unwrap();
    let out = in_dir(&["check", "--format", "concise", "app"], d.path());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 1);
    // The command line replaces it; `offsetlint config` shows where it came from.
    let empty = d.path().join("empty.json");
    fs::write(&empty, "{\"version\": 1, \"entries\": []}").unwrap();
    let out = in_dir(
        &[
            "check",
            "--format",
            "concise",
            "--baseline",
            s(&empty),
            "app",
        ],
        d.path(),
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 3);
    let out = in_dir(&["config", "app/w.py"], d.path());
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(
        shown.lines().any(|l| l.starts_with("baseline = ")
            && l.contains("ci/known.json")
            && l.contains("offsetlint.toml:1")),
        "{shown}"
    );
}

// ---------------------------------------------------------------- statistics

#[test]
fn statistics_table_and_json() {
    let paths = [
        "testdata/OL101/confluent_kafka.py",
        "testdata/OL202/confluent_kafka.py",
    ];
    let (_, json) = run(&[&["check", "--isolated", "--format", "json"][..], &paths].concat());
    let json = json_of(&json);
    let mut want: BTreeMap<String, u64> = BTreeMap::new();
    let mut fixes = 0;
    for i in json.as_array().unwrap() {
        *want
            .entry(i["code"].as_str().unwrap().to_string())
            .or_default() += 1;
        fixes += u64::from(!i["fix"].is_null());
    }
    assert!(want.len() >= 2 && fixes > 0);

    let (status, out) = run(&[
        &["check", "--isolated", "--statistics", "--format", "json"][..],
        &paths,
    ]
    .concat());
    assert_eq!(status, ExitStatus::Findings);
    let stats = json_of(&out);
    let got: BTreeMap<String, u64> = stats["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["code"].as_str().unwrap().to_string(),
                r["count"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(got, want);
    assert_eq!(
        stats["findings"].as_u64().unwrap(),
        want.values().sum::<u64>()
    );
    assert_eq!(stats["files_with_findings"], 2);
    assert_eq!(stats["files_checked"], 2);
    assert_eq!(stats["unsafe_fixable"].as_u64().unwrap(), fixes);
    assert_eq!(stats["fixable"], 0);
    assert_eq!(stats["hidden_by_baseline"], 0);
    assert_eq!(stats["depth_cuts"], 0);
    assert_eq!(stats["files_with_depth_cuts"], 0);

    let (status, out) = run(&[&["check", "--isolated", "--statistics"][..], &paths].concat());
    assert_eq!(status, ExitStatus::Findings);
    let rows: Vec<Vec<&str>> = out
        .stdout
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(rows.len(), want.len(), "{}", out.stdout);
    for row in &rows {
        assert_eq!(row[0].parse::<u64>().unwrap(), want[row[1]], "{row:?}");
    }
    assert!(out.stdout.starts_with("count  code"), "{}", out.stdout);
    assert!(out.stderr.starts_with("found "), "{}", out.stderr);
    // Not with formats that have their own shape.
    assert_eq!(
        run(&[&["check", "--statistics", "--format", "sarif"][..], &paths].concat()).0,
        ExitStatus::Error
    );
}

#[test]
fn summary_line_counts_fixable_and_time() {
    let (_, out) = run(&["check", "--isolated", "testdata/OL101/confluent_kafka.py"]);
    let first = out.stderr.lines().next().unwrap();
    assert!(first.starts_with("found "), "{first}");
    assert!(first.contains("s, ") || first.contains("s)"), "{first}");
    // No fix applies with plain `--fix`; the unsafe ones are counted on their own line.
    let second = out.stderr.lines().nth(1).unwrap();
    assert!(
        second.starts_with("no fixes available with `--fix` ("),
        "{second}"
    );
    let (_, out) = run(&[
        "check",
        "--isolated",
        "--unsafe-fixes",
        "testdata/OL101/confluent_kafka.py",
    ]);
    assert!(out.stderr.contains(" fixable)"), "{}", out.stderr);
    assert!(out.stderr.contains("\n[*] "), "{}", out.stderr);
}

// ---------------------------------------------------------------- standard input

#[test]
fn stdin_is_linted_as_the_named_file() {
    let path = "testdata/OL301/confluent_kafka.py";
    let source = fs::read_to_string(path).unwrap();
    let (s1, file) = run(&["check", "--isolated", "--format", "json", path]);
    let (s2, stdin) = run_stdin(
        &[
            "check",
            "--isolated",
            "--format",
            "json",
            "-",
            "--stdin-filename",
            path,
        ],
        &source,
    );
    assert_eq!((s1, s2), (ExitStatus::Findings, ExitStatus::Findings));
    assert_eq!(stdin.stdout, file.stdout);
    // The language comes from the extension.
    let rust = fs::read_to_string("testdata/OL101/rdkafka.rs").unwrap();
    let (status, out) = run_stdin(
        &[
            "check",
            "--format",
            "concise",
            "-",
            "--stdin-filename",
            "src/sink.rs",
        ],
        &rust,
    );
    assert_eq!(status, ExitStatus::Findings);
    assert!(out.stdout.starts_with("src/sink.rs:"), "{}", out.stdout);
    assert!(out.stderr.contains("1 file checked"), "{}", out.stderr);
    // A checkpoint module by its name.
    let (status, out) = run_stdin(
        &[
            "check",
            "--format",
            "concise",
            "-",
            "--stdin-filename",
            "pkg/checkpoint.py",
        ],
        "import socket\n",
    );
    assert_eq!(status, ExitStatus::Findings);
    assert!(out.stdout.contains("OL401"), "{}", out.stdout);
    let (status, _) = run_stdin(&["check", "-", "--stdin-filename", "a.py"], "x = 1\n");
    assert_eq!(status, ExitStatus::Clean);
    for bad in [
        &["check", "-"][..],
        &["check", "-", "--stdin-filename", "notes.txt"],
        &["check", "-", "src", "--stdin-filename", "a.py"],
        &["check", "src", "--stdin-filename", "a.py"],
    ] {
        assert_eq!(run_stdin(bad, "x = 1\n").0, ExitStatus::Error, "{bad:?}");
    }
}

#[test]
fn stdin_through_the_binary() {
    let bin = env!("CARGO_BIN_EXE_offsetlint");
    let mut child = Command::new(bin)
        .args([
            "check",
            "--isolated",
            "--format",
            "concise",
            "-",
            "--stdin-filename",
            "app/worker.py",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(BARE_COMMIT.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "app/worker.py:5:1: OL101 [bare-commit] `commit` commits the consumer's position, not a processed message\n"
    );
}

// ---------------------------------------------------------------- fixes

/// Every file of the fixture corpus with an offered fix, copied into a temp directory,
/// fixed with `--fix --unsafe-fixes`, then re-linted and re-parsed: each fix removes its
/// finding, adds none, and leaves the file parseable.
#[test]
fn fix_applies_every_offered_fix_and_the_result_relints_and_parses() {
    let d = tempfile::tempdir().unwrap();
    let mut copied = Vec::new();
    for path in common_fixtures() {
        let (_, out) = run(&["check", "--isolated", "--format", "json", s(&path)]);
        let Ok(items) = serde_json::from_str::<Vec<Value>>(&out.stdout) else {
            continue;
        };
        let fixes = items.iter().filter(|i| !i["fix"].is_null()).count();
        if fixes == 0 {
            continue;
        }
        let name = path.to_string_lossy().replace('/', "__");
        let to = d.path().join(&name);
        fs::copy(&path, &to).unwrap();
        copied.push((path, to, items, fixes));
    }
    assert!(
        copied.len() >= 3,
        "only {} fixtures with fixes",
        copied.len()
    );
    for (from, to, before, fixes) in &copied {
        let original = fs::read_to_string(to).unwrap();
        // `--diff`: shows the change, writes nothing, exits 1.
        let (status, diff) = run(&["check", "--isolated", "--diff", "--unsafe-fixes", s(to)]);
        assert_eq!(status, ExitStatus::Findings, "{}", from.display());
        assert!(diff.stdout.starts_with("--- a/"), "{}", diff.stdout);
        // One changed line per fix, besides the imports the fixes add.
        assert_eq!(
            diff.stdout
                .lines()
                .filter(|l| l.starts_with('+') && !l.starts_with("+++"))
                .filter(|l| !l.starts_with("+from ") && !l.starts_with("+import "))
                .count(),
            *fixes,
            "{}",
            diff.stdout
        );
        assert_eq!(
            fs::read_to_string(to).unwrap(),
            original,
            "--diff wrote the file"
        );
        // Plain `--fix` applies no unsafe fix.
        let (status, _) = run(&["check", "--isolated", "--fix", s(to)]);
        assert_eq!(status, ExitStatus::Findings);
        assert_eq!(fs::read_to_string(to).unwrap(), original);
        // `--fix --unsafe-fixes` applies them and reports what is left.
        let (_, fixed_out) = run(&[
            "check",
            "--isolated",
            "--format",
            "json",
            "--fix",
            "--unsafe-fixes",
            s(to),
        ]);
        let fixed = fs::read_to_string(to).unwrap();
        assert_ne!(fixed, original);
        let after: Vec<Value> = serde_json::from_str(&fixed_out.stdout).unwrap();
        assert_eq!(
            after.len(),
            before.len() - fixes,
            "{}: {fixed_out:?}",
            from.display()
        );
        assert!(after.iter().all(|i| i["fix"].is_null()));
        // Re-parse and re-lint the fixed text on its own, every rule on.
        let lang = language(to).unwrap();
        let settings = Settings::for_rule(Rule::SyntaxError);
        let relint = lint_source(to, &fixed, lang, &settings);
        assert!(
            relint.iter().all(|f| f.rule != Rule::SyntaxError),
            "{}: the fixed file does not parse:\n{fixed}",
            from.display()
        );
        let (_, again) = run(&["check", "--isolated", "--format", "json", s(to)]);
        assert_eq!(again.stdout, fixed_out.stdout);
        if lang == offsetlint::Lang::Python {
            let unbound = unbound_names(to, &names_called(before));
            assert!(
                unbound.is_empty(),
                "{}: the fix uses {unbound:?} unbound:\n{fixed}",
                from.display()
            );
        }
    }
}

/// The names a fix's edits call (`TopicPartition(`, `OffsetAndMetadata(`), not attributes.
fn names_called(items: &[Value]) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for content in items
        .iter()
        .flat_map(|i| i["fix"]["edits"].as_array().into_iter().flatten())
        .filter_map(|e| e["content"].as_str())
    {
        let mut word = String::new();
        let mut after_dot = false;
        for c in content.chars() {
            if c.is_alphanumeric() || c == '_' {
                word.push(c);
                continue;
            }
            if c == '(' && !after_dot && !word.is_empty() && !word.starts_with(char::is_numeric) {
                names.insert(word.clone());
            }
            after_dot = c == '.';
            word.clear();
        }
    }
    names
}

/// Those of `names` the Python file neither binds at module level (imports, definitions,
/// assignments) nor gets from the builtins: CPython's own parser decides.
fn unbound_names(path: &Path, names: &BTreeSet<String>) -> Vec<String> {
    const SCRIPT: &str = r#"
import ast, builtins, sys
tree = ast.parse(open(sys.argv[1], encoding="utf-8").read())
bound = set(dir(builtins))
for node in tree.body:
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        bound |= {(a.asname or a.name).split(".")[0] for a in node.names}
    elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        bound.add(node.name)
    elif isinstance(node, ast.Assign):
        bound |= {t.id for t in node.targets if isinstance(t, ast.Name)}
print("\n".join(n for n in sys.argv[2:] if n not in bound))
"#;
    let out = Command::new("python3")
        .arg("-c")
        .arg(SCRIPT)
        .arg(path)
        .args(names)
        .output()
        .expect("python3 (CPython) checks the fixed files for unbound names");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

/// kafka-python's `OffsetAndMetadata` takes two fields in 2.0.x and three in 2.1 to 2.3: no
/// form runs with every release, so where the project pins no version (this repository's),
/// OL101 suggests none and its help says why (the pinned projects are in tests/projects.rs).
#[test]
fn kafka_python_commit_without_a_version_has_no_suggestion() {
    let (_, out) = run(&[
        "check",
        "--isolated",
        "--format",
        "json",
        "testdata/OL101/kafka_python.py",
    ]);
    let items: Vec<Value> = serde_json::from_str(&out.stdout).unwrap();
    let ol101: Vec<&Value> = items.iter().filter(|i| i["code"] == "OL101").collect();
    assert!(!ol101.is_empty());
    assert!(ol101.iter().all(|i| i["fix"].is_null()), "{ol101:?}");
    assert!(ol101.iter().all(|i| {
        let help = i["help"].as_str().unwrap();
        help.contains("pins no kafka-python version") && !help.contains("OffsetAndMetadata(")
    }));
}

fn common_fixtures() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for p in entries {
            // Hostile input and multi-file projects have harnesses of their own.
            if p == Path::new("testdata/hostile") || p == Path::new("testdata/projects") {
                continue;
            }
            if p.is_dir() {
                walk(&p, out);
            } else if language(&p).is_some() {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(Path::new("testdata"), &mut out);
    out
}

#[test]
fn fix_on_stdin_prints_the_fixed_source() {
    let args = [
        "check",
        "--isolated",
        "--fix",
        "--unsafe-fixes",
        "-",
        "--stdin-filename",
        "w.py",
    ];
    let (status, out) = run_stdin(&args, BARE_COMMIT);
    assert_eq!(status, ExitStatus::Clean, "{}", out.stderr);
    assert_eq!(
        out.stdout,
        BARE_COMMIT.replace("consumer.commit()", "consumer.commit(message=msg)")
    );
    assert!(
        out.stderr.starts_with("fixed 1 finding; no findings"),
        "{}",
        out.stderr
    );
    // Nothing to fix: the source comes back unchanged.
    let (status, out) = run_stdin(&args, "x = 1\n");
    assert_eq!(
        (status, out.stdout.as_str()),
        (ExitStatus::Clean, "x = 1\n")
    );
    // `--diff` on stdin.
    let (status, out) = run_stdin(
        &[
            "check",
            "--diff",
            "--unsafe-fixes",
            "-",
            "--stdin-filename",
            "w.py",
        ],
        BARE_COMMIT,
    );
    assert_eq!(status, ExitStatus::Findings);
    assert!(
        out.stdout
            .contains("-consumer.commit()\n+consumer.commit(message=msg)\n"),
        "{}",
        out.stdout
    );
}

#[test]
fn diff_without_changes_exits_0() {
    let (status, out) = run(&[
        "check",
        "--isolated",
        "--diff",
        "testdata/OL101/confluent_kafka.py",
    ]);
    assert_eq!(status, ExitStatus::Clean);
    assert_eq!(out.stdout, "");
    assert!(
        out.stderr.contains("with `--unsafe-fixes`"),
        "{}",
        out.stderr
    );
}

// ---------------------------------------------------------------- human output

#[test]
fn human_marks_fixes_and_names_the_rule_command() {
    let path = "testdata/OL101/confluent_kafka.py";
    let (_, out) = run(&["check", "--isolated", "--color", "never", path]);
    let (_, json) = run(&["check", "--isolated", "--format", "json", path]);
    let json = json_of(&json);
    let items = json.as_array().unwrap();
    let fixable = items.iter().filter(|i| !i["fix"].is_null()).count();
    assert!(fixable > 0 && fixable < items.len());
    assert_eq!(
        out.stdout
            .matches("OL101 bare-commit [unsafe fix]\n")
            .count(),
        fixable
    );
    assert_eq!(
        out.stdout.matches("OL101 bare-commit\n").count(),
        items.len() - fixable
    );
    assert!(
        out.stdout
            .ends_with("For more on a rule:\n  offsetlint rule OL101  (bare-commit)\n"),
        "{}",
        out.stdout
    );
    let (_, out) = run(&[
        "check",
        "--isolated",
        "--color",
        "never",
        "--unsafe-fixes",
        path,
    ]);
    assert_eq!(
        out.stdout.matches("OL101 bare-commit [*]\n").count(),
        fixable
    );
    // Clean: no footer.
    let (_, out) = run(&["check", "--color", "never", "testdata/clean/file_io.py"]);
    assert_eq!(out.stdout, "");
}

// ---------------------------------------------------------------- terminal manners

fn binary(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_offsetlint"));
    cmd.args(args);
    for v in ["NO_COLOR", "FORCE_COLOR", "CLICOLOR_FORCE"] {
        cmd.env_remove(v);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

#[test]
fn colour_follows_flags_and_environment() {
    let args = ["check", "--isolated", "testdata/OL101/rdkafka.rs"];
    let coloured = |args: &[&str], env: &[(&str, &str)]| {
        let out = binary(args, env);
        assert_eq!(out.status.code(), Some(1));
        String::from_utf8(out.stdout).unwrap().contains('\u{1b}')
    };
    // stdout is a pipe here: no colour unless forced.
    assert!(!coloured(&args, &[]));
    assert!(coloured(&args, &[("FORCE_COLOR", "1")]));
    assert!(coloured(&args, &[("CLICOLOR_FORCE", "1")]));
    assert!(!coloured(&args, &[("FORCE_COLOR", "0")]));
    assert!(!coloured(&args, &[("FORCE_COLOR", "1"), ("NO_COLOR", "1")]));
    assert!(coloured(
        &[&args[..], &["--color", "always"]].concat(),
        &[("NO_COLOR", "1")]
    ));
    assert!(!coloured(
        &[&args[..], &["--color", "never"]].concat(),
        &[("FORCE_COLOR", "1")]
    ));
    // Machine formats never carry colour.
    let out = binary(
        &[&args[..], &["--format", "json"]].concat(),
        &[("FORCE_COLOR", "1")],
    );
    assert!(!String::from_utf8(out.stdout).unwrap().contains('\u{1b}'));
}

#[test]
fn no_progress_when_stderr_is_not_a_terminal() {
    // A run over the whole corpus, stderr a pipe: only the summary line, no spinner.
    let out = binary(&["check", "--isolated", "testdata"], &[]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        !stderr.contains('\u{1b}') && !stderr.contains('\r'),
        "{stderr:?}"
    );
    assert!(!stderr.contains("linting…"), "{stderr:?}");
}

#[test]
fn fix_keeps_a_byte_order_mark_and_line_endings() {
    let d = tempfile::tempdir().unwrap();
    let crlf = BARE_COMMIT.replace('\n', "\r\n");
    let p = d.path().join("w.py");
    fs::write(&p, format!("\u{feff}{crlf}")).unwrap();
    let (status, out) = run(&["check", "--isolated", "--fix", "--unsafe-fixes", s(&p)]);
    assert_eq!(status, ExitStatus::Clean, "{}", out.stderr);
    assert_eq!(
        fs::read_to_string(&p).unwrap(),
        format!(
            "\u{feff}{}",
            crlf.replace("consumer.commit()", "consumer.commit(message=msg)")
        )
    );
}

/// The new formats as a reviewer sees them, on one fixture (relative paths: stable).
#[test]
fn snapshots_of_the_ci_formats() {
    let path = "testdata/OL202/confluent_kafka.py";
    for format in ["github", "gitlab", "junit", "json-lines"] {
        let (_, out) = run(&["check", "--isolated", "--format", format, path]);
        insta::assert_snapshot!(format!("format_{format}"), out.stdout);
    }
    let (_, out) = run(&[
        "check",
        "--isolated",
        "--statistics",
        "testdata/OL101/confluent_kafka.py",
        "testdata/OL202/confluent_kafka.py",
    ]);
    insta::assert_snapshot!("statistics_table", out.stdout);
}

/// Runs the binary on a terminal (a pseudo-terminal from util-linux's `script`): stdout and
/// stderr are both the terminal, and `script` copies what it showed to its own stdout.
fn on_terminal(args: &[&str]) -> (String, std::time::Duration) {
    let bin = env!("CARGO_BIN_EXE_offsetlint");
    let command = std::iter::once(bin)
        .chain(args.iter().copied())
        .map(|a| format!("'{}'", a.replace('\'', r"'\''")))
        .collect::<Vec<_>>()
        .join(" ");
    let start = std::time::Instant::now();
    (pty(&command), start.elapsed())
}

/// What a shell command showed on a pseudo-terminal (util-linux's `script`).
fn pty(command: &str) -> String {
    let out = Command::new("script")
        .args(["-qec", command, "/dev/null"])
        .env_remove("NO_COLOR")
        .env("TERM", "xterm")
        .stdin(Stdio::null())
        .output()
        .expect("`script` (util-linux) runs a command on a pseudo-terminal");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn progress_on_a_terminal_only_for_long_human_runs() {
    let d = tempfile::tempdir().unwrap();
    let model = fs::read_to_string("testdata/OL301/confluent_kafka.py").unwrap();
    for i in 0..600 {
        fs::write(d.path().join(format!("m{i}.py")), &model).unwrap();
    }
    let dir = s(d.path());
    let (shown, took) = on_terminal(&["check", "--isolated", "--format", "concise", dir]);
    assert!(shown.contains("found "), "{shown}");
    if took > std::time::Duration::from_millis(1500) {
        assert!(
            shown.contains("linting…"),
            "a {took:?} run showed no progress"
        );
    }
    // Machine formats and `--quiet`: never, however long.
    for extra in [
        &["--format", "json"][..],
        &["--format", "concise", "--quiet"],
    ] {
        let (shown, _) = on_terminal(&[&["check", "--isolated"][..], extra, &[dir]].concat());
        assert!(!shown.contains("linting…"), "{extra:?}");
    }
    // A short run on a terminal shows none either. One file takes milliseconds; on a loaded
    // machine (this test binary runs its tests in parallel) it once took longer than the
    // indicator's delay, and then showing it is right: the claim is checked when the run was
    // short.
    let (shown, took) = on_terminal(&["check", "--isolated", "testdata/OL101/rdkafka.rs"]);
    if took < std::time::Duration::from_millis(800) {
        assert!(
            !shown.contains("linting…"),
            "a {took:?} run showed progress"
        );
    }
    // On a terminal, the human format is coloured.
    assert!(shown.contains('\u{1b}'), "{shown}");
}

/// Issue 25 item 7 (g): Ctrl-C (SIGINT) while the spinner is shown clears its line before
/// the process dies of the signal (exit status 130 in the shell).
#[test]
fn interrupt_clears_the_progress_line() {
    let d = tempfile::tempdir().unwrap();
    let model = fs::read_to_string("testdata/OL301/confluent_kafka.py").unwrap();
    for i in 0..1500 {
        fs::write(d.path().join(format!("m{i}.py")), &model).unwrap();
    }
    let bin = env!("CARGO_BIN_EXE_offsetlint");
    let command = format!(
        "sh -c 'timeout -s INT 2.5 \"{bin}\" check --isolated --format concise \"{}\" > /dev/null; echo status=$?'",
        s(d.path())
    );
    let shown = pty(&command);
    // Only a run still going (with its spinner up) after 2.5 s says anything: `timeout`
    // then exits 124.
    if shown.contains("status=124") && shown.contains("linting…") {
        let before = &shown[..shown.rfind("status=124").unwrap()];
        assert!(before.ends_with("\r\u{1b}[2K"), "{before:?}");
    }
}
