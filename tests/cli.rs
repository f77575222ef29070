//! End-to-end behaviour of the command line: exit codes, formats, bad input, walking.
//! Most cases run in-process through `main_with_args`; a few run the binary.

mod common;

use std::fs;
use std::path::Path;
use std::process::Command;

use offsetlint::cli::{main_with_args, Output};
use offsetlint::ExitStatus;

fn run(args: &[&str]) -> (ExitStatus, Output) {
    main_with_args(
        std::iter::once("offsetlint")
            .chain(args.iter().copied())
            .map(String::from),
    )
}

const BARE_COMMIT: &str = "from confluent_kafka import Consumer\n\nconsumer = Consumer({\"group.id\": \"g\", \"enable.auto.commit\": False})\nmsg = consumer.poll(1.0)\nconsumer.commit()\n";
const CLEAN: &str = "import sqlite3\n\ndb = sqlite3.connect(\"x.db\")\ndb.commit()\n";

fn write(dir: &Path, name: &str, text: &[u8]) {
    let p = dir.join(name);
    fs::create_dir_all(p.parent().unwrap()).unwrap();
    fs::write(p, text).unwrap();
}

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

#[test]
fn exit_codes_clean_findings_exit_zero() {
    let d = tmp();
    write(d.path(), "clean.py", CLEAN.as_bytes());
    let clean = d.path().join("clean.py");
    assert_eq!(
        run(&["check", clean.to_str().unwrap()]).0,
        ExitStatus::Clean
    );
    write(d.path(), "bad.py", BARE_COMMIT.as_bytes());
    let dir = d.path().to_str().unwrap();
    let (status, out) = run(&["check", dir]);
    assert_eq!(status, ExitStatus::Findings);
    assert!(out.stdout.contains("OL101"), "{}", out.stdout);
    assert!(
        out.stderr
            .contains("found 1 finding in 1 file (2 files checked"),
        "{}",
        out.stderr
    );
    assert_eq!(run(&["check", "--exit-zero", dir]).0, ExitStatus::Clean);
    // `offsetlint PATH` is `offsetlint check PATH`.
    assert_eq!(run(&[dir]).0, ExitStatus::Findings);
}

#[test]
fn bad_arguments_exit_2() {
    let (status, out) = run(&["check", "/definitely/not/here"]);
    assert_eq!(status, ExitStatus::Error);
    assert!(
        out.stderr
            .contains("/definitely/not/here: no such file or directory"),
        "{}",
        out.stderr
    );
    let (status, out) = run(&["check", "--select", "OL999", "."]);
    assert_eq!(status, ExitStatus::Error);
    assert!(
        out.stderr.contains("unknown rule selector `OL999`"),
        "{}",
        out.stderr
    );
    assert_eq!(run(&["check", "--format", "xml", "."]).0, ExitStatus::Error);
    assert_eq!(run(&["rule", "OL999"]).0, ExitStatus::Error);
}

#[test]
fn select_and_ignore_accept_codes_names_and_prefixes() {
    let d = tmp();
    write(d.path(), "bad.py", BARE_COMMIT.as_bytes());
    let dir = d.path().to_str().unwrap();
    for sel in ["OL101", "bare-commit", "OL1", "ALL"] {
        assert_eq!(
            run(&["check", "--select", sel, dir]).0,
            ExitStatus::Findings,
            "--select {sel}"
        );
    }
    for ign in ["OL101", "bare-commit", "OL1"] {
        assert_eq!(
            run(&["check", "--ignore", ign, dir]).0,
            ExitStatus::Clean,
            "--ignore {ign}"
        );
    }
    assert_eq!(
        run(&["check", "--select", "OL2,OL3", dir]).0,
        ExitStatus::Clean
    );
}

#[test]
fn bad_files_are_reported_and_the_run_goes_on() {
    let d = tmp();
    write(d.path(), "a_bad.py", BARE_COMMIT.as_bytes());
    // Files that name a Kafka module: offsetlint reads them, so bad bytes are OL001.
    write(
        d.path(),
        "b_latin1.py",
        b"# caf\xe9\nimport confluent_kafka\n",
    );
    write(
        d.path(),
        "c_binary.py",
        b"\x00\x01\x02binary confluent_kafka",
    );
    // A syntax error is OL001 in a file offsetlint reads: one that names a Kafka module.
    write(
        d.path(),
        "d_syntax.py",
        b"import confluent_kafka\ndef f(:\n    pass\n",
    );
    write(d.path(), "e_empty.py", b"");
    write(d.path(), "f_bad.py", BARE_COMMIT.as_bytes());
    let (status, out) = run(&["check", "--format", "concise", d.path().to_str().unwrap()]);
    assert_eq!(
        status,
        ExitStatus::Findings,
        "undecodable and binary files are OL001 findings, not tool errors: {}",
        out.stderr
    );
    assert!(
        out.stdout.contains(
            "b_latin1.py:1:6: OL001 [syntax-error] warning: not valid UTF-8: byte 0xE9 at byte offset 5"
        ),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains(
            "c_binary.py:1:1: OL001 [syntax-error] warning: binary file: NUL byte at byte offset 0"
        ),
        "{}",
        out.stdout
    );
    assert!(!out.stderr.contains("error"), "{}", out.stderr);
    // Findings of the other files are all there, OL001 included.
    assert!(out.stdout.contains("a_bad.py:5:1: OL101"), "{}", out.stdout);
    assert!(out.stdout.contains("f_bad.py:5:1: OL101"), "{}", out.stdout);
    assert!(
        out.stdout.contains("d_syntax.py:2:7: OL001 [syntax-error]"),
        "{}",
        out.stdout
    );
}

/// The literal prefilter only saves work: linting every fixture, fixture project and hostile
/// file in one run gives the same findings with it off (`--no-prefilter`: every file parsed
/// and analysed). The exception is the one the catalog makes for OL001: a file no rule can
/// concern is not read, so its syntax error is not reported; `testdata` has one such file,
/// which only imports a fixture module.
#[test]
fn the_prefilter_changes_no_finding() {
    const NOT_READ: &str = "testdata/projects/py_fixture_modules/app/payment_report.py";
    let args = ["check", "--isolated", "--format", "json", "testdata"];
    let (status, on) = run(&args);
    assert_eq!(status, ExitStatus::Findings, "{}", on.stderr);
    let (status, off) = run(&[&args[..], &["--no-prefilter"]].concat());
    assert_eq!(status, ExitStatus::Findings, "{}", off.stderr);
    let findings = |json: &str| -> Vec<serde_json::Value> {
        let v: serde_json::Value = serde_json::from_str(json).expect("JSON output");
        v.as_array().expect("an array of findings").clone()
    };
    let (on, off) = (findings(&on.stdout), findings(&off.stdout));
    assert!(on.len() > 300, "only {} findings", on.len());
    let in_not_read = |f: &serde_json::Value| f["path"].as_str() == Some(NOT_READ);
    assert!(!on.iter().any(in_not_read), "{NOT_READ} was read");
    let exceptions: Vec<&serde_json::Value> = off.iter().filter(|f| in_not_read(f)).collect();
    assert_eq!(exceptions.len(), 1, "{exceptions:?}");
    assert_eq!(exceptions[0]["code"], "OL001", "{exceptions:?}");
    let off: Vec<serde_json::Value> = off.into_iter().filter(|f| !in_not_read(f)).collect();
    assert!(on == off, "findings differ with the prefilter off");
}

/// Covers the fixtures `tests/fixtures.rs` cannot run (`common::NOT_UTF8`): an undecodable
/// file (that names a Kafka module) is an OL001 finding at the first invalid byte.
#[test]
fn non_utf8_fixtures_are_ol001_findings() {
    for (path, at) in [
        (
            "testdata/OL001/non_utf8.py",
            "5:16: OL001 [syntax-error] warning: not valid UTF-8: byte 0xE9 at byte offset 159",
        ),
        (
            "testdata/OL001/non_utf8.rs",
            "5:32: OL001 [syntax-error] warning: not valid UTF-8: byte 0xE9 at byte offset 193",
        ),
    ] {
        let (status, out) = run(&["check", "--format", "concise", path]);
        assert_eq!(status, ExitStatus::Findings, "{path}: {}", out.stderr);
        assert!(
            out.stdout.contains(&format!("{path}:{at}")),
            "{}",
            out.stdout
        );
    }
}

#[test]
fn deep_nesting_does_not_crash() {
    let d = tmp();
    // Every file imports a Kafka module, so the analyses run, not only the parser.
    let head = "import confluent_kafka\nfrom openai import OpenAI\n";
    let deep_expr = format!("{head}x = {}1{}\n", "(".repeat(20_000), ")".repeat(20_000));
    write(d.path(), "deep_expr.py", deep_expr.as_bytes());
    let mut deep_if = head.to_string();
    for i in 0..1000 {
        deep_if.push_str(&" ".repeat(i));
        deep_if.push_str("if x:\n");
    }
    deep_if.push_str(&" ".repeat(1000));
    deep_if.push_str("pass\n");
    write(d.path(), "deep_if.py", deep_if.as_bytes());
    let deep_list = format!("{head}x = {}{}\n", "[".repeat(50_000), "]".repeat(50_000));
    write(d.path(), "deep_list.py", deep_list.as_bytes());
    // Nested loops, each adding model taint: loop passes must not multiply per level.
    let mut loops = format!("{head}def f(c):\n    t = OpenAI().chat.completions.create()\n");
    for i in 0..60 {
        loops.push_str(&" ".repeat(4 + 4 * i));
        loops.push_str(&format!("for x{i} in t:\n"));
        loops.push_str(&" ".repeat(8 + 4 * i));
        loops.push_str(&format!("t{i} = x{i}\n"));
    }
    loops.push_str(&" ".repeat(4 + 4 * 60));
    loops.push_str("c.seek(confluent_kafka.TopicPartition(\"t\", 0, t59))\n");
    write(d.path(), "nested_loops.py", loops.as_bytes());
    let (status, out) = run(&["check", "--format", "concise", d.path().to_str().unwrap()]);
    assert!(
        matches!(status, ExitStatus::Clean | ExitStatus::Findings),
        "{status:?} {}",
        out.stderr
    );
    assert!(!out.stderr.contains("internal error"), "{}", out.stderr);
    assert!(
        out.stdout.contains("nested_loops.py:125:252: OL301"),
        "the taint crossed all 60 loops: {}",
        out.stdout
    );
}

#[cfg(unix)]
#[test]
fn symlink_loops_terminate() {
    let d = tmp();
    write(d.path(), "pkg/bad.py", BARE_COMMIT.as_bytes());
    std::os::unix::fs::symlink(d.path(), d.path().join("pkg/loop")).unwrap();
    std::os::unix::fs::symlink(d.path().join("pkg/bad.py"), d.path().join("pkg/link.py")).unwrap();
    let (status, out) = run(&["check", "--format", "concise", d.path().to_str().unwrap()]);
    assert_eq!(status, ExitStatus::Findings, "{}", out.stderr);
    assert_eq!(
        out.stdout.lines().count(),
        1,
        "the file and the symlink to it are one file, reported once: {}",
        out.stdout
    );
}

#[test]
fn gitignore_and_skipped_directories() {
    let d = tmp();
    // `.gitignore` applies inside a git work tree only (as git does it).
    fs::create_dir_all(d.path().join(".git")).unwrap();
    write(d.path(), ".gitignore", b"generated/\n");
    write(d.path(), "generated/bad.py", BARE_COMMIT.as_bytes());
    write(d.path(), ".venv/lib/bad.py", BARE_COMMIT.as_bytes());
    write(d.path(), "node_modules/bad.py", BARE_COMMIT.as_bytes());
    let dir = d.path().to_str().unwrap();
    assert_eq!(run(&["check", dir]).0, ExitStatus::Clean);
    assert_eq!(
        run(&["check", "--no-respect-gitignore", dir]).0,
        ExitStatus::Findings
    );
    // A file named explicitly is always linted.
    let explicit = d.path().join("generated/bad.py");
    assert_eq!(
        run(&["check", explicit.to_str().unwrap()]).0,
        ExitStatus::Findings
    );
    assert_eq!(
        run(&[
            "check",
            "--exclude",
            "generated",
            "--no-respect-gitignore",
            dir
        ])
        .0,
        ExitStatus::Clean
    );
    write(d.path(), "src/ok.py", CLEAN.as_bytes());
    write(d.path(), "src/notes.txt", b"not source");
    let (status, out) = run(&["check", "--show-files", dir]);
    assert_eq!(status, ExitStatus::Clean);
    assert_eq!(
        out.stdout.trim(),
        d.path().join("src/ok.py").to_str().unwrap()
    );
}

#[test]
fn json_schema_and_relative_paths() {
    let (status, out) = run(&[
        "check",
        "--format",
        "json",
        "testdata/OL101/confluent_kafka.py",
    ]);
    assert_eq!(status, ExitStatus::Findings);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let items = v.as_array().unwrap();
    assert!(!items.is_empty());
    for item in items {
        for key in [
            "code",
            "rule",
            "message",
            "path",
            "line",
            "column",
            "end_line",
            "end_column",
            "resolution",
            "help",
            "labels",
        ] {
            assert!(item.get(key).is_some(), "missing {key} in {item}");
        }
        assert_eq!(item["path"], "testdata/OL101/confluent_kafka.py");
        assert_eq!(item["code"], "OL101");
        assert_eq!(item["rule"], "bare-commit");
        assert!(matches!(
            item["resolution"].as_str(),
            Some("resolved" | "heuristic")
        ));
        assert!(item["line"].as_u64().unwrap() >= 1 && item["column"].as_u64().unwrap() >= 1);
    }
    assert!(
        out.stderr.is_empty(),
        "json mode prints no summary: {}",
        out.stderr
    );
}

#[test]
fn ol101_offers_an_unsafe_fix_only_with_one_polled_message() {
    let d = tmp();
    write(d.path(), "one.py", BARE_COMMIT.as_bytes());
    let two = BARE_COMMIT.replace(
        "msg = consumer.poll(1.0)",
        "msg = consumer.poll(1.0)\nother = consumer.poll(1.0)",
    );
    write(d.path(), "two.py", two.as_bytes());
    let (_, out) = run(&["check", "--format", "json", d.path().to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let items = v.as_array().unwrap();
    assert_eq!(items.len(), 2);
    let one = items
        .iter()
        .find(|i| i["path"].as_str().unwrap().ends_with("one.py"))
        .unwrap();
    assert_eq!(one["fix"]["applicability"], "unsafe");
    let edit = &one["fix"]["edits"][0];
    assert_eq!(edit["content"], "consumer.commit(message=msg)");
    assert_eq!(
        (
            edit["line"].as_u64(),
            edit["column"].as_u64(),
            edit["end_column"].as_u64()
        ),
        (Some(5), Some(1), Some(18))
    );
    let two = items
        .iter()
        .find(|i| i["path"].as_str().unwrap().ends_with("two.py"))
        .unwrap();
    assert!(two["fix"].is_null(), "two polled messages: no fix, {two}");
    // Two candidates: the help names neither (issue 25 item 7 h).
    assert!(two["help"]
        .as_str()
        .unwrap()
        .contains("consumer.commit(message=<message>)"));
}

#[test]
fn rule_command_prints_the_document() {
    let (status, out) = run(&["rule", "OL101"]);
    assert_eq!(status, ExitStatus::Clean);
    assert!(out.stdout.starts_with("# OL101 bare-commit"));
    assert_eq!(run(&["rule", "bare-commit"]).1.stdout, out.stdout);
    insta::assert_snapshot!("rules_table", run(&["rules"]).1.stdout);
    // OL101 and OL205 depend on the client version: run here, in offsetlint's own project,
    // which pins none, they say so; a rule that does not depend on it adds nothing.
    assert!(
        out.stdout.contains("## This project")
            && out.stdout.contains("pins no Kafka client version"),
        "{}",
        out.stdout
    );
    let plain = run(&["rule", "OL102"]).1.stdout;
    assert!(!plain.contains("## This project"));
}

#[test]
fn configuration_file() {
    let d = tmp();
    write(d.path(), "bad.py", BARE_COMMIT.as_bytes());
    let dir = d.path().to_str().unwrap();
    write(d.path(), "offsetlint.toml", b"ignore = [\"OL101\"]\n");
    let cfg = d.path().join("offsetlint.toml");
    assert_eq!(
        run(&["check", "--config", cfg.to_str().unwrap(), dir]).0,
        ExitStatus::Clean
    );
    write(d.path(), "offsetlint.toml", b"ignroe = [\"OL101\"]\n");
    let (status, out) = run(&["check", "--config", cfg.to_str().unwrap(), dir]);
    assert_eq!(status, ExitStatus::Error);
    assert!(
        out.stderr.contains("unknown field `ignroe`"),
        "{}",
        out.stderr
    );
    write(d.path(), "offsetlint.toml", b"select = [\n");
    assert_eq!(
        run(&["check", "--config", cfg.to_str().unwrap(), dir]).0,
        ExitStatus::Error
    );
    write(
        d.path(),
        "pyproject.toml",
        b"[tool.offsetlint]\nselect = [\"OL2\"]\n",
    );
    let py = d.path().join("pyproject.toml");
    assert_eq!(
        run(&["check", "--config", py.to_str().unwrap(), dir]).0,
        ExitStatus::Clean
    );
    assert_eq!(
        run(&["check", "--config", "/no/such/offsetlint.toml", dir]).0,
        ExitStatus::Error
    );
}

#[test]
fn output_is_identical_whatever_the_thread_count() {
    let bin = env!("CARGO_BIN_EXE_offsetlint");
    let run_with = |threads: &str| {
        let out = Command::new(bin)
            .args(["check", "--format", "json", "testdata"])
            .env("RAYON_NUM_THREADS", threads)
            .output()
            .unwrap();
        assert!(out.status.code().is_some());
        String::from_utf8(out.stdout).unwrap()
    };
    let one = run_with("1");
    assert!(one.len() > 1000);
    assert_eq!(one, run_with("4"));
}

#[test]
fn binary_exit_codes() {
    let bin = env!("CARGO_BIN_EXE_offsetlint");
    let code = |args: &[&str]| Command::new(bin).args(args).output().unwrap().status.code();
    assert_eq!(code(&["check", "testdata/clean/file_io.py"]), Some(0));
    assert_eq!(code(&["check", "testdata/OL101/kafka_python.py"]), Some(1));
    assert_eq!(code(&["check", "no/such/path"]), Some(2));
}

#[test]
fn snapshot_formats() {
    let path = "testdata/OL301/confluent_kafka.py";
    let human = run(&["check", "--color", "never", "--select", "OL301", path])
        .1
        .stdout;
    insta::assert_snapshot!("human_OL301", human);
    let concise = run(&[
        "check",
        "--format",
        "concise",
        "testdata/OL201/kafka_python.py",
    ])
    .1
    .stdout;
    insta::assert_snapshot!("concise_OL201", concise);
    let json = run(&[
        "check",
        "--format",
        "json",
        "testdata/OL202/confluent_kafka.py",
    ])
    .1
    .stdout;
    insta::assert_snapshot!("json_OL202", json);
    let rust = run(&[
        "check",
        "--color",
        "never",
        "--select",
        "OL101",
        "testdata/OL101/rdkafka.rs",
    ])
    .1
    .stdout;
    insta::assert_snapshot!("human_OL101_rdkafka", rust);
    let rust_json = run(&["check", "--format", "json", "testdata/OL201/rdkafka.rs"])
        .1
        .stdout;
    insta::assert_snapshot!("json_OL201_rdkafka", rust_json);
    let java = run(&[
        "check",
        "--color",
        "never",
        "--select",
        "OL101",
        "testdata/OL101/PlainBareCommit.java",
    ])
    .1
    .stdout;
    insta::assert_snapshot!("human_OL101_java", java);
    let java_json = run(&[
        "check",
        "--format",
        "json",
        "testdata/OL201/PlainAndSpringSends.java",
    ])
    .1
    .stdout;
    insta::assert_snapshot!("json_OL201_java", java_json);
}

#[test]
fn mixed_python_and_rust_in_one_run() {
    let d = tmp();
    write(d.path(), "svc/consumer.py", BARE_COMMIT.as_bytes());
    let rust = "use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer};\n\npub fn done(c: &BaseConsumer) {\n    c.commit_consumer_state(CommitMode::Sync).unwrap();\n}\n";
    write(d.path(), "svc/src/lib.rs", rust.as_bytes());
    let (status, out) = run(&["check", "--format", "concise", d.path().to_str().unwrap()]);
    assert_eq!(status, ExitStatus::Findings);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", out.stdout);
    assert!(lines[0].ends_with("consumer.py:5:1: OL101 [bare-commit] `commit` commits the consumer's position, not a processed message"), "{}", lines[0]);
    assert!(
        lines[1].contains("lib.rs:4:5: OL101 [bare-commit] `commit_consumer_state`"),
        "{}",
        lines[1]
    );
}

#[test]
fn bad_rust_input_is_ol001_and_the_run_goes_on() {
    let d = tmp();
    // Files that name rdkafka: offsetlint reads them, so their syntax errors are OL001.
    write(
        d.path(),
        "a_old.rs",
        b"fn f(x: Box<Fn(u8) + Send>) {}\n// rdkafka\n",
    );
    write(
        d.path(),
        "b_deep.rs",
        format!(
            "fn f() {{ let x = {}1{}; }} // rdkafka\n",
            "(".repeat(5000),
            ")".repeat(5000)
        )
        .as_bytes(),
    );
    write(
        d.path(),
        "c_ops.rs",
        format!("fn f() {{ let x = {}y; }} // rdkafka\n", "!".repeat(20000)).as_bytes(),
    );
    write(
        d.path(),
        "d_macro_only.rs",
        b"macro_rules! m { () => {} }\nm!();\n",
    );
    write(d.path(), "e_bad.py", BARE_COMMIT.as_bytes());
    let (status, out) = run(&["check", "--format", "concise", d.path().to_str().unwrap()]);
    assert_eq!(status, ExitStatus::Findings, "{}", out.stderr);
    assert!(out.stdout.contains("a_old.rs:1:"), "{}", out.stdout);
    assert!(
        out.stdout.contains("b_deep.rs:1:") && out.stdout.contains("too deeply nested"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("c_ops.rs:1:"), "{}", out.stdout);
    assert!(!out.stdout.contains("d_macro_only.rs"), "{}", out.stdout);
    assert!(out.stdout.contains("e_bad.py:5:1: OL101"), "{}", out.stdout);
}

/// A consumer recognised only by its name (the file imports a Kafka module; nothing
/// constructs or types `consumer`).
const HEURISTIC_ONLY: &str =
    "import confluent_kafka\n\n\ndef done(consumer):\n    consumer.commit()\n";

fn json_findings(out: &Output) -> Vec<serde_json::Value> {
    serde_json::from_str::<serde_json::Value>(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", out.stdout))
        .as_array()
        .unwrap()
        .clone()
}

#[test]
fn no_heuristic_checks_only_resolved_receivers() {
    let d = tmp();
    write(d.path(), "heuristic.py", HEURISTIC_ONLY.as_bytes());
    write(d.path(), "resolved.py", BARE_COMMIT.as_bytes());
    let heuristic = d.path().join("heuristic.py");
    let heuristic = heuristic.to_str().unwrap();
    let resolved = d.path().join("resolved.py");
    let resolved = resolved.to_str().unwrap();
    // By default the name heuristic flags it, and says so.
    let (status, out) = run(&["check", "--isolated", "--format", "json", heuristic]);
    assert_eq!(status, ExitStatus::Findings);
    let items = json_findings(&out);
    assert_eq!(items.len(), 1, "{}", out.stdout);
    assert_eq!(items[0]["resolution"], "heuristic");
    // `--no-heuristic` turns exactly that off: a resolved consumer is still flagged.
    let (status, out) = run(&["check", "--isolated", "--no-heuristic", heuristic]);
    assert_eq!(status, ExitStatus::Clean, "{}", out.stdout);
    assert_eq!(
        run(&["check", "--isolated", "--no-heuristic", resolved]).0,
        ExitStatus::Findings
    );
    // The same through the configuration file.
    let cfg = d.path().join("offsetlint.toml");
    let cfg = cfg.to_str().unwrap();
    write(d.path(), "offsetlint.toml", b"heuristic = false\n");
    assert_eq!(
        run(&["check", "--config", cfg, heuristic]).0,
        ExitStatus::Clean
    );
    assert_eq!(
        run(&["check", "--config", cfg, resolved]).0,
        ExitStatus::Findings
    );
    write(d.path(), "offsetlint.toml", b"heuristic = true\n");
    assert_eq!(
        run(&["check", "--config", cfg, heuristic]).0,
        ExitStatus::Findings
    );
    // The flag wins over a configuration that turns the heuristic on.
    assert_eq!(
        run(&["check", "--config", cfg, "--no-heuristic", heuristic]).0,
        ExitStatus::Clean
    );
}

#[test]
fn checkpoint_globs_replace_the_default_globs() {
    let d = tmp();
    let network = b"import requests\n\n\ndef save(offset):\n    requests.put(\"http://state/offsets\", data=str(offset))\n";
    write(d.path(), "src/ledger.py", network);
    write(d.path(), "src/checkpoint.py", network);
    let src = d.path().join("src");
    let src = src.to_str().unwrap();
    let flagged = |extra: &[&str]| {
        let mut args = vec!["check", "--format", "concise"];
        args.extend_from_slice(extra);
        args.push(src);
        let (_, out) = run(&args);
        out.stdout
            .lines()
            .map(|l| {
                let name = Path::new(l.split(':').next().unwrap());
                name.file_name().unwrap().to_str().unwrap().to_string()
            })
            .collect::<Vec<_>>()
    };
    // The default globs (`*checkpoint*`, ...) make checkpoint.py a checkpoint module.
    assert_eq!(flagged(&["--isolated"]), ["checkpoint.py"]);
    write(
        d.path(),
        "offsetlint.toml",
        b"checkpoint-globs = [\"*ledger*\"]\n",
    );
    let cfg = d.path().join("offsetlint.toml");
    // The configured globs replace the defaults: ledger.py only.
    assert_eq!(flagged(&["--config", cfg.to_str().unwrap()]), ["ledger.py"]);
    write(
        d.path(),
        "offsetlint.toml",
        b"checkpoint-globs = [\"*ledger*\", \"*checkpoint*\"]\n",
    );
    assert_eq!(
        flagged(&["--config", cfg.to_str().unwrap()]),
        ["checkpoint.py", "ledger.py"]
    );
    write(d.path(), "offsetlint.toml", b"checkpoint-globs = [\"[\"]\n");
    let (status, out) = run(&["check", "--config", cfg.to_str().unwrap(), src]);
    assert_eq!(status, ExitStatus::Error, "an invalid glob: {}", out.stdout);
}

#[test]
fn force_exclude_applies_exclude_to_named_files() {
    let d = tmp();
    write(d.path(), "legacy/old.py", BARE_COMMIT.as_bytes());
    write(d.path(), "app/new.py", BARE_COMMIT.as_bytes());
    let old = d.path().join("legacy/old.py");
    let new = d.path().join("app/new.py");
    let (old, new) = (old.to_str().unwrap(), new.to_str().unwrap());
    let exclude = ["check", "--isolated", "--exclude", "**/legacy/**"];
    // A file named on the command line is linted even when excluded (the default)...
    assert_eq!(
        run(&[&exclude[..], &[old]].concat()).0,
        ExitStatus::Findings
    );
    // ...unless --force-exclude: then it is skipped like a walked file.
    let (status, out) = run(&[&exclude[..], &["--force-exclude", old]].concat());
    assert_eq!(status, ExitStatus::Clean, "{}", out.stdout);
    assert!(
        out.stderr.contains("no findings (0 files checked"),
        "{}",
        out.stderr
    );
    // Files the glob does not match are still linted.
    assert_eq!(
        run(&[&exclude[..], &["--force-exclude", old, new]].concat()).0,
        ExitStatus::Findings
    );
    // The configuration file's `exclude` counts too.
    write(
        d.path(),
        "offsetlint.toml",
        b"exclude = [\"**/legacy/**\"]\n",
    );
    let cfg = d.path().join("offsetlint.toml");
    let cfg = cfg.to_str().unwrap();
    assert_eq!(
        run(&["check", "--config", cfg, old]).0,
        ExitStatus::Findings
    );
    assert_eq!(
        run(&["check", "--config", cfg, "--force-exclude", old]).0,
        ExitStatus::Clean
    );
}

#[test]
fn quiet_prints_findings_without_the_summary() {
    let d = tmp();
    write(d.path(), "bad.py", BARE_COMMIT.as_bytes());
    write(d.path(), "clean.py", CLEAN.as_bytes());
    let bad = d.path().join("bad.py");
    let clean = d.path().join("clean.py");
    let (bad, clean) = (bad.to_str().unwrap(), clean.to_str().unwrap());
    for format in ["human", "concise"] {
        let (status, loud) = run(&["check", "--isolated", "--format", format, bad]);
        assert_eq!(status, ExitStatus::Findings);
        assert!(loud.stderr.contains("found 1 finding"), "{}", loud.stderr);
        let (status, quiet) = run(&["check", "--isolated", "--format", format, "--quiet", bad]);
        assert_eq!(status, ExitStatus::Findings, "--quiet keeps the exit code");
        assert_eq!(quiet.stderr, "", "{format}: no summary");
        assert!(quiet.stdout.contains("OL101"), "{}", quiet.stdout);
        assert_eq!(quiet.stdout, loud.stdout, "{format}: the same findings");
    }
    let (_, loud) = run(&["check", "--isolated", clean]);
    assert!(loud.stderr.contains("no findings"), "{}", loud.stderr);
    let (status, quiet) = run(&["check", "--isolated", "-q", clean]);
    assert_eq!(status, ExitStatus::Clean);
    assert_eq!((quiet.stdout.as_str(), quiet.stderr.as_str()), ("", ""));
    // Tool errors are not part of the summary: --quiet still prints them.
    let (status, quiet) = run(&["check", "--isolated", "--quiet", "/definitely/not/here"]);
    assert_eq!(status, ExitStatus::Error);
    assert!(quiet.stderr.contains("no such file"), "{}", quiet.stderr);
}

#[test]
fn isolated_ignores_every_configuration_file() {
    let d = tmp();
    write(d.path(), "bad.py", BARE_COMMIT.as_bytes());
    write(d.path(), "offsetlint.toml", b"ignore = [\"OL101\"]\n");
    let bad = d.path().join("bad.py");
    let cfg = d.path().join("offsetlint.toml");
    let (bad, cfg) = (bad.to_str().unwrap(), cfg.to_str().unwrap());
    assert_eq!(run(&["check", "--config", cfg, bad]).0, ExitStatus::Clean);
    // The file's own configuration (next to it) applies without `--config`.
    assert_eq!(run(&["check", bad]).0, ExitStatus::Clean);
    assert_eq!(run(&["check", "--isolated", bad]).0, ExitStatus::Findings);
    // `--config` with `--isolated` contradicts itself.
    let (status, out) = run(&["check", "--config", cfg, "--isolated", bad]);
    assert_eq!(status, ExitStatus::Error);
    assert!(out.stderr.contains("cannot be combined"), "{}", out.stderr);
    // Not even an invalid one is read.
    write(d.path(), "offsetlint.toml", b"ignroe = [\n");
    assert_eq!(run(&["check", "--config", cfg, bad]).0, ExitStatus::Error);
    assert_eq!(run(&["check", bad]).0, ExitStatus::Error);
    assert_eq!(run(&["check", "--isolated", bad]).0, ExitStatus::Findings);
}

/// The configuration search starts at each file's directory, wherever the command runs:
/// the working directory is global to the test process, so these cases run the binary in a
/// directory of their own.
#[test]
fn configuration_is_searched_upwards_from_each_file() {
    let d = tmp();
    let root = d.path();
    write(root, "a/bad.py", BARE_COMMIT.as_bytes());
    fs::create_dir_all(root.join("a/b/c")).unwrap();
    let bad = root.join("a/bad.py");
    let bin = env!("CARGO_BIN_EXE_offsetlint");
    let status = |extra: &[&str]| {
        let out = Command::new(bin)
            .arg("check")
            .args(extra)
            .arg(&bad)
            .current_dir(root.join("a/b/c"))
            .output()
            .unwrap();
        out.status.code()
    };
    assert_eq!(status(&[]), Some(1), "no configuration anywhere: findings");
    // Three directories up.
    write(root, "offsetlint.toml", b"ignore = [\"OL101\"]\n");
    assert_eq!(status(&[]), Some(0));
    assert_eq!(status(&["--isolated"]), Some(1));
    // A pyproject.toml without a [tool.offsetlint] table does not stop the search.
    write(root, "a/b/pyproject.toml", b"[project]\nname = \"svc\"\n");
    assert_eq!(status(&[]), Some(0));
    // The closest configuration wins, and nothing is merged from the one further up.
    write(
        root,
        "a/pyproject.toml",
        b"[tool.offsetlint]\nselect = [\"OL1\"]\n",
    );
    assert_eq!(status(&[]), Some(1));
    // The working directory's configuration does not apply to a file outside it.
    write(
        root,
        "a/b/c/.offsetlint.toml",
        b"ignore = [\"bare-commit\"]\n",
    );
    assert_eq!(status(&[]), Some(1));
    // The file's directory's own does.
    write(root, "a/.offsetlint.toml", b"ignore = [\"bare-commit\"]\n");
    assert_eq!(status(&[]), Some(0));
    assert_eq!(status(&["--isolated"]), Some(1));
}

#[test]
fn exit_codes_are_the_same_in_every_format() {
    let d = tmp();
    write(d.path(), "clean.py", CLEAN.as_bytes());
    write(d.path(), "bad.py", BARE_COMMIT.as_bytes());
    let clean = d.path().join("clean.py");
    let bad = d.path().join("bad.py");
    for &format in common::FORMATS {
        for flag in ["--format", "--output-format"] {
            let code = |path: &str| run(&["check", "--isolated", flag, format, path]).0;
            assert_eq!(code(clean.to_str().unwrap()), ExitStatus::Clean, "{format}");
            assert_eq!(
                code(bad.to_str().unwrap()),
                ExitStatus::Findings,
                "{format}"
            );
            assert_eq!(code("/no/such/path.py"), ExitStatus::Error, "{format}");
        }
        let (status, out) = run(&[
            "check",
            "--isolated",
            "--exit-zero",
            "--format",
            format,
            bad.to_str().unwrap(),
        ]);
        assert_eq!(status, ExitStatus::Clean, "{format}");
        assert!(!out.stdout.is_empty(), "{format}: no output");
        // Machine formats print nothing on stderr without tool errors.
        if !matches!(format, "human" | "concise") {
            assert_eq!(out.stderr, "", "{format}");
        }
    }
}

#[test]
fn new_flags_leave_the_default_run_unchanged() {
    // `--fix` without `--unsafe-fixes` applies nothing (the only fix is unsafe): the file
    // and the JSON output stay as they were.
    let d = tmp();
    write(d.path(), "bad.py", BARE_COMMIT.as_bytes());
    let bad = d.path().join("bad.py");
    let (_, before) = run(&["check", "--format", "json", bad.to_str().unwrap()]);
    let (status, after) = run(&["check", "--fix", "--format", "json", bad.to_str().unwrap()]);
    assert_eq!(status, ExitStatus::Findings);
    assert_eq!(before.stdout, after.stdout);
    assert_eq!(fs::read_to_string(&bad).unwrap(), BARE_COMMIT);
    // `--unsafe-fixes` alone writes nothing either.
    run(&["check", "--unsafe-fixes", bad.to_str().unwrap()]);
    assert_eq!(fs::read_to_string(&bad).unwrap(), BARE_COMMIT);
}

#[test]
fn task_spawns_concern_their_own_file_only() {
    // A file that spawns a task is read (its syntax error is OL001), but importing it does
    // not make another file relevant, while importing a Kafka module's user does. OL203's
    // Python form applies where Kafka is (catalog): in a file that reaches a client library
    // through its imports, not in plain asyncio code.
    let d = tmp();
    write(
        d.path(),
        "app/tasks.py",
        b"import asyncio\n\n\nasync def go():\n    asyncio.create_task(go())\n",
    );
    write(d.path(), "app/__init__.py", b"");
    write(
        d.path(),
        "app/publish_tasks.py",
        b"import asyncio\nfrom app import kafka_side\n\n\nasync def go():\n    asyncio.create_task(go())\n",
    );
    write(
        d.path(),
        "app/broken_tasks.py",
        b"import asyncio\nasyncio.create_task(\n",
    );
    write(
        d.path(),
        "app/uses_tasks.py",
        b"from app import tasks\ndef f(:\n",
    );
    write(d.path(), "app/kafka_side.py", b"import confluent_kafka\n");
    write(
        d.path(),
        "app/uses_kafka.py",
        b"from app import kafka_side\ndef f(:\n",
    );
    let (status, out) = run(&[
        "check",
        "--isolated",
        "--format",
        "concise",
        d.path().to_str().unwrap(),
    ]);
    assert_eq!(status, ExitStatus::Findings);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("publish_tasks.py:6:5: OL203")),
        "{}",
        out.stdout
    );
    assert!(
        !lines.iter().any(|l| l.contains("/tasks.py:5:5: OL203")),
        "plain asyncio code is ruff's RUF006, not OL203: {}",
        out.stdout
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("broken_tasks.py") && l.contains("OL001")),
        "{}",
        out.stdout
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("uses_kafka.py") && l.contains("OL001")),
        "{}",
        out.stdout
    );
    assert!(
        !out.stdout.contains("uses_tasks.py"),
        "importing a task-spawning module is not a reason to read a file: {}",
        out.stdout
    );
}

/// Issue 25 item 7 (a): after a tool error, the summary does not say "no findings".
#[test]
fn summary_after_a_tool_error_names_it() {
    let d = tmp();
    let missing = d.path().join("missing.py");
    let (status, out) = run(&["check", "--isolated", missing.to_str().unwrap()]);
    assert_eq!(status, ExitStatus::Error);
    assert!(
        out.stderr
            .contains("1 error (above); nothing checked (0 files checked"),
        "{}",
        out.stderr
    );
    assert!(!out.stderr.contains("no findings"), "{}", out.stderr);
}

/// Issue 25 item 7 (b): a mistyped subcommand is said to be one; an existing path of that
/// name is still linted.
#[test]
fn a_mistyped_subcommand_is_named() {
    let (status, out) = run(&["chek"]);
    assert_eq!(status, ExitStatus::Error);
    assert!(
        out.stderr
            .contains("unrecognized subcommand `chek`; did you mean `check`?"),
        "{}",
        out.stderr
    );
    let (status, out) = run(&["confg"]);
    assert_eq!(status, ExitStatus::Error);
    assert!(
        out.stderr.contains("did you mean `config`?"),
        "{}",
        out.stderr
    );
    // A word far from every subcommand is a missing path, as before.
    let (status, out) = run(&["no-such-directory-anywhere"]);
    assert_eq!(status, ExitStatus::Error);
    assert!(
        out.stderr.contains("no such file or directory"),
        "{}",
        out.stderr
    );
    // `offsetlint PATH` still lints PATH (here the path given absolutely).
    let d = tmp();
    write(d.path(), "chek/a.py", BARE_COMMIT.as_bytes());
    let (status, _) = run(&[d.path().join("chek").to_str().unwrap(), "--isolated"]);
    assert_eq!(status, ExitStatus::Findings);
}

/// Issue 25 item 7 (c): with only unsafe fixes, the summary points at
/// `--diff --unsafe-fixes` (`--diff` alone shows nothing).
#[test]
fn the_summary_names_the_diff_that_shows_unsafe_fixes() {
    let d = tmp();
    write(d.path(), "a.py", BARE_COMMIT.as_bytes());
    let a = d.path().join("a.py");
    let (_, out) = run(&["check", "--isolated", a.to_str().unwrap()]);
    assert!(
        out.stderr.contains("`--diff --unsafe-fixes` shows them"),
        "{}",
        out.stderr
    );
}

/// Issue 25 item 7 (d, e): `--write-baseline -q` prints no finding; a ratchet
/// (`--baseline F --write-baseline F`) does not absorb a new finding and exits 1.
#[test]
fn write_baseline_quiet_and_ratchet_with_a_new_finding() {
    let d = tmp();
    write(d.path(), "a.py", BARE_COMMIT.as_bytes());
    let bl = d.path().join("bl.json");
    let (a, bl) = (d.path().join("a.py"), bl.to_str().unwrap().to_string());
    let (status, out) = run(&[
        "check",
        "--isolated",
        "-q",
        "--write-baseline",
        &bl,
        a.to_str().unwrap(),
    ]);
    assert_eq!(status, ExitStatus::Clean, "{}", out.stderr);
    assert_eq!(out.stdout, "");
    assert!(out.stderr.contains("wrote 1 finding"), "{}", out.stderr);
    write(d.path(), "b.py", BARE_COMMIT.as_bytes());
    let dir = d.path().to_str().unwrap();
    let (status, out) = run(&[
        "check",
        "--isolated",
        "--baseline",
        &bl,
        "--write-baseline",
        &bl,
        dir,
    ]);
    assert_eq!(status, ExitStatus::Findings, "{}", out.stderr);
    assert!(
        out.stderr.contains("1 new finding not recorded"),
        "{}",
        out.stderr
    );
    assert!(out.stdout.contains("b.py"), "{}", out.stdout);
    // Still recorded only once: the next run reports b.py again.
    let (status, _) = run(&["check", "--isolated", "--baseline", &bl, dir]);
    assert_eq!(status, ExitStatus::Findings);
}

/// Issue 33 item 7: `--write-baseline` says what it wrote and counts per rule; the findings
/// are printed only with `-v` (or to `--output-file`); `-q` keeps the one line it wrote.
#[test]
fn write_baseline_prints_counts_per_rule_and_findings_only_with_verbose() {
    let d = tmp();
    // Two OL101 in one function (one entry, count 2), an OL201 and an OL205.
    let two_commits = format!("{BARE_COMMIT}consumer.commit()\n");
    write(d.path(), "a.py", two_commits.as_bytes());
    let producer = "from confluent_kafka import Producer\n\np = Producer({\"acks\": \"0\"})\np.produce(\"t\", b\"v\")\n";
    write(d.path(), "b.py", producer.as_bytes());
    let dir = d.path().to_str().unwrap();
    let bl = d.path().join("bl.json");
    let bl = bl.to_str().unwrap();
    let wrote = format!("wrote 4 findings (3 entries) to the baseline {bl}");
    let expected = [
        &wrote[..],
        "      2  OL101  bare-commit",
        "      1  OL201  unconfirmed-produce",
        "      1  OL205  weak-acks",
    ];
    // The lines from `wrote` on, up to the run's summary.
    let note = |stderr: &str| -> Vec<String> {
        stderr
            .lines()
            .skip_while(|l| !l.starts_with("wrote "))
            .take_while(|l| !l.starts_with("found "))
            .map(str::to_string)
            .collect()
    };
    let base = ["check", "--isolated", "--write-baseline", bl];

    for format in ["human", "concise", "json", "sarif"] {
        let (status, out) = run(&[&base[..], &["--format", format, dir]].concat());
        assert_eq!(status, ExitStatus::Clean, "{format}: {}", out.stderr);
        assert_eq!(out.stdout, "", "{format}: no finding printed");
        assert_eq!(note(&out.stderr), expected, "{format}");
        assert!(!out.stderr.contains("a.py"), "{}", out.stderr);
    }

    // `-v`: the findings too, on stdout as a run without a baseline prints them.
    let (status, out) = run(&[&base[..], &["-v", "--format", "concise", dir]].concat());
    assert_eq!(status, ExitStatus::Clean, "{}", out.stderr);
    let findings: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(findings.len(), 4, "{}", out.stdout);
    assert_eq!(
        findings.iter().filter(|l| l.contains(": OL101 ")).count(),
        2
    );
    assert!(findings
        .iter()
        .any(|l| l.contains("b.py:3:") && l.contains("OL205")));
    assert_eq!(note(&out.stderr), expected);

    // `--output-file` gets the report it names.
    let report = d.path().join("report.json");
    let (status, out) = run(&[
        &base[..],
        &["--format", "json", "-o", report.to_str().unwrap(), dir],
    ]
    .concat());
    assert_eq!(status, ExitStatus::Clean, "{}", out.stderr);
    let written = fs::read_to_string(&report).unwrap();
    assert_eq!(written.matches("\"OL101\"").count(), 2, "{written}");

    // `-q`: the line saying what was written, no counts, no summary.
    let (status, out) = run(&[&base[..], &["-q", dir]].concat());
    assert_eq!(status, ExitStatus::Clean, "{}", out.stderr);
    assert_eq!(out.stdout, "");
    assert_eq!(out.stderr, format!("{wrote}\n"));

    // `-q` and `-v` contradict each other.
    let (status, out) = run(&[&base[..], &["-q", "-v", dir]].concat());
    assert_eq!(status, ExitStatus::Error, "{}", out.stderr);
}

/// Issue 25 item 7 (f): `offsetlint config` on a file that does not exist says so.
#[test]
fn config_of_a_missing_file_is_an_error() {
    let d = tmp();
    let missing = d.path().join("nothere.py");
    let (status, out) = run(&["config", "--isolated", missing.to_str().unwrap()]);
    assert_eq!(status, ExitStatus::Error);
    assert!(
        out.stderr.contains("no such file or directory"),
        "{}",
        out.stderr
    );
    assert_eq!(out.stdout, "");
}

/// Issue 25 item 7 (h): with no message variable in scope, OL101's help says `<message>`.
#[test]
fn bare_commit_help_names_no_variable_that_is_not_there() {
    let d = tmp();
    let src = "from confluent_kafka import Consumer\n\nconsumer = Consumer({\"group.id\": \"g\", \"enable.auto.commit\": False})\nconsumer.commit()\n";
    write(d.path(), "a.py", src.as_bytes());
    let a = d.path().join("a.py");
    let (status, out) = run(&[
        "check",
        "--isolated",
        "--format",
        "json",
        a.to_str().unwrap(),
    ]);
    assert_eq!(status, ExitStatus::Findings);
    assert!(out.stdout.contains("message=<message>"), "{}", out.stdout);
    assert!(!out.stdout.contains("message=msg"), "{}", out.stdout);
}

/// Issue 25 item 8: `offsetlint rules --format json`.
#[test]
fn rules_as_json() {
    let (status, out) = run(&["rules", "--format", "json"]);
    assert_eq!(status, ExitStatus::Clean);
    let rules: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let rules = rules.as_array().unwrap();
    assert_eq!(rules.len(), offsetlint::Rule::ALL.len());
    let ol101 = rules.iter().find(|r| r["code"] == "OL101").unwrap();
    assert_eq!(ol101["name"], "bare-commit");
    assert_eq!(ol101["fixable"], true);
    assert_eq!(ol101["default_enabled"], true);
    assert_eq!(ol101["default_severity"], "error");
    let ol401 = rules.iter().find(|r| r["code"] == "OL401").unwrap();
    assert_eq!(ol401["default_severity"], "warning");
    assert!(ol101["languages"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l == "python"));
    assert!(!ol101["summary"].as_str().unwrap().is_empty());
}

/// Issue 25 item 8: `--fix` removes unused suppressions (a safe fix, as ruff's RUF100): the
/// whole comment, its line when alone on it, or only the unused code of a list.
#[test]
fn fix_removes_unused_suppressions() {
    let d = tmp();
    let src = "from confluent_kafka import Consumer\n\n# offsetlint: ignore[OL202] nothing here\nconsumer = Consumer({\"group.id\": \"g\", \"enable.auto.commit\": False})  # offsetlint: ignore[OL301]\nmsg = consumer.poll(1.0)\nconsumer.commit()  # offsetlint: ignore[OL101, OL202] reviewed\nx = 1  # offsetlint: ignore # type: ignore\n";
    write(d.path(), "a.py", src.as_bytes());
    let a = d.path().join("a.py");
    let a = a.to_str().unwrap();
    let (status, out) = run(&["check", "--isolated", "--format", "concise", a]);
    assert_eq!(status, ExitStatus::Findings);
    assert_eq!(out.stdout.matches("OL002").count(), 4, "{}", out.stdout);
    assert!(
        out.stderr.contains("[*] 3 fixable with `--fix`"),
        "{}",
        out.stderr
    );
    let (status, out) = run(&["check", "--isolated", "--fix", a]);
    assert_eq!(status, ExitStatus::Findings, "{}", out.stderr);
    assert!(out.stderr.contains("fixed 3 findings"), "{}", out.stderr);
    let fixed = fs::read_to_string(d.path().join("a.py")).unwrap();
    assert_eq!(
        fixed,
        "from confluent_kafka import Consumer\n\nconsumer = Consumer({\"group.id\": \"g\", \"enable.auto.commit\": False})\nmsg = consumer.poll(1.0)\nconsumer.commit()  # offsetlint: ignore[OL101] reviewed\nx = 1  # offsetlint: ignore # type: ignore\n"
    );
}

/// Issue 25 item 7 (j): a terminal escape in a string literal that OL101's help quotes
/// reaches the GitHub annotation escaped, as in the human format.
#[test]
fn github_help_escapes_source_bytes() {
    let d = tmp();
    let src = "from confluent_kafka import Consumer\n\nconsumer = Consumer({\"group.id\": \"g\", \"enable.auto.commit\": False})\nmsg = consumer.poll(1.0)\nconsumer.commit(asynchronous=\"\u{1b}[31mred\")\n";
    write(d.path(), "a.py", src.as_bytes());
    let a = d.path().join("a.py");
    for format in ["github", "human"] {
        let (status, out) = run(&[
            "check",
            "--isolated",
            "--color",
            "never",
            "--format",
            format,
            a.to_str().unwrap(),
        ]);
        assert_eq!(status, ExitStatus::Findings);
        assert!(out.stdout.contains("OL101"), "{}", out.stdout);
        assert!(!out.stdout.contains('\u{1b}'), "{format}: {:?}", out.stdout);
        assert!(
            out.stdout.contains("\\u{1b}[31mred"),
            "{format}: {}",
            out.stdout
        );
    }
}

/// Issue 25 item 8: `--add-noqa` writes a suppression with a reason placeholder on each
/// finding's line, leaves a line ending inside a multi-line string alone, and keeps existing
/// suppressions; the next run is clean.
#[test]
fn add_noqa_suppresses_every_finding() {
    let d = tmp();
    write(d.path(), "a.py", BARE_COMMIT.as_bytes());
    let multi = "from confluent_kafka import Consumer\n\nconsumer = Consumer({\"group.id\": \"g\", \"enable.auto.commit\": False})\nmsg = consumer.poll(1.0)\nconsumer.commit(asynchronous=\"\"\"x\n\"\"\")\n";
    write(d.path(), "b.py", multi.as_bytes());
    let rs = "use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer};\nuse rdkafka::ClientConfig;\n\nfn run() {\n    let consumer: BaseConsumer = ClientConfig::new().set(\"group.id\", \"g\").set(\"enable.auto.commit\", \"false\").create().unwrap();\n    consumer.commit_consumer_state(CommitMode::Sync).unwrap();\n}\n";
    write(d.path(), "c.rs", rs.as_bytes());
    let dir = d.path().to_str().unwrap();
    let (status, out) = run(&["check", "--isolated", "--add-noqa", dir]);
    assert_eq!(status, ExitStatus::Clean, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("added 2 suppression comments to 2 files"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("b.py:5: left alone"), "{}", out.stderr);
    let a = fs::read_to_string(d.path().join("a.py")).unwrap();
    assert!(
        a.ends_with("consumer.commit()  # offsetlint: ignore[OL101] TODO: say why this is safe\n"),
        "{a}"
    );
    assert_eq!(fs::read_to_string(d.path().join("b.py")).unwrap(), multi);
    let c = fs::read_to_string(d.path().join("c.rs")).unwrap();
    assert!(
        c.contains("// offsetlint: ignore[OL101] TODO: say why this is safe\n}"),
        "{c}"
    );
    let (status, out) = run(&["check", "--isolated", "--format", "concise", dir]);
    assert_eq!(status, ExitStatus::Findings);
    assert_eq!(out.stdout.lines().count(), 1, "{}", out.stdout);
    assert!(out.stdout.contains("b.py:5:1: OL101"), "{}", out.stdout);
    // A second run adds nothing: the lines are suppressed now.
    let (status, out) = run(&["check", "--isolated", "--add-noqa", dir]);
    assert_eq!(status, ExitStatus::Clean, "{}", out.stderr);
    assert!(
        out.stderr.contains("added 0 suppression comments"),
        "{}",
        out.stderr
    );
}

/// A Spring Boot configuration file named on the command line (as the pre-commit hooks pass
/// it) is read as the whole-tree run reads it; another YAML file named is left alone.
#[test]
fn named_spring_boot_configuration_files_are_linted() {
    let d = tmp();
    let yml = "spring:\n  kafka:\n    consumer:\n      group-id: billing\n      enable-auto-commit: true\n    producer:\n      acks: 1\n";
    write(
        d.path(),
        "src/main/resources/application.yml",
        yml.as_bytes(),
    );
    write(
        d.path(),
        "src/main/resources/application-prod.properties",
        b"spring.kafka.producer.acks=0\n",
    );
    write(
        d.path(),
        "docker-compose.yml",
        b"services:\n  kafka:\n    image: kafka\n",
    );
    let path = |p: &str| d.path().join(p).to_str().unwrap().to_string();
    let concise = |paths: &[String]| {
        let mut args = vec!["check", "--force-exclude", "--format", "concise"];
        args.extend(paths.iter().map(String::as_str));
        run(&args)
    };
    let (tree_status, tree) = concise(&[path("")]);
    assert_eq!(tree_status, ExitStatus::Findings);
    for code in ["OL105", "OL205"] {
        assert!(tree.stdout.contains(code), "{}", tree.stdout);
    }
    let (status, named) = concise(&[
        path("src/main/resources/application.yml"),
        path("src/main/resources/application-prod.properties"),
        path("docker-compose.yml"),
    ]);
    assert_eq!(status, ExitStatus::Findings);
    assert_eq!(named.stdout, tree.stdout);
    let (status, other) = concise(&[path("docker-compose.yml")]);
    assert_eq!(status, ExitStatus::Clean, "{}", other.stdout);
}
