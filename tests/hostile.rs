//! Hostile input and faults: no crash, no hang, no lost finding, no CI break on a legitimate
//! file. `testdata/hostile/` is copied to a temporary directory where the files that cannot
//! be committed are added (a FIFO, a device, symlink loops, a symlink out of the root, a
//! non-UTF-8 file name, a name with a newline and an escape sequence, lone-CR line endings,
//! huge nesting, an oversized file), then the whole tree is linted in one run.

use std::fs;
use std::path::{Path, PathBuf};
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

const BIN: &str = env!("CARGO_BIN_EXE_offsetlint");
const KAFKA: &str = "from confluent_kafka import Consumer\n\nconsumer = Consumer({\"group.id\": \"g\", \"enable.auto.commit\": False})\nmsg = consumer.poll(1.0)\n";

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let p = entry.unwrap().path();
        let dest = to.join(p.file_name().unwrap());
        if p.is_dir() {
            copy_tree(&p, &dest);
        } else {
            fs::copy(&p, &dest).unwrap();
        }
    }
}

/// Runs a command, failing the test instead of hanging when it takes longer than `secs`.
fn output_within(cmd: &mut Command, secs: u64) -> std::process::Output {
    use std::process::Stdio;
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed().as_secs() > secs {
            child.kill().unwrap();
            panic!("still running after {secs}s (blocked on a FIFO?)");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// The committed tree plus what cannot be committed; returns the temp dir and its `tree/`.
#[cfg(unix)]
fn hostile_tree() -> (tempfile::TempDir, PathBuf) {
    use std::os::unix::ffi::OsStrExt;
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("tree");
    copy_tree(Path::new("testdata/hostile"), &root);
    let status = Command::new("mkfifo")
        .arg(root.join("fifo.py"))
        .status()
        .unwrap();
    assert!(status.success(), "mkfifo");
    std::os::unix::fs::symlink(&root, root.join("loop")).unwrap();
    std::os::unix::fs::symlink(root.join("loop2"), root.join("loop1.py")).unwrap();
    std::os::unix::fs::symlink(root.join("loop1.py"), root.join("loop2")).unwrap();
    // A Kafka file outside the root, reached only through a symlink: not followed.
    fs::write(
        tmp.path().join("outside.py"),
        format!("{KAFKA}consumer.commit()\n"),
    )
    .unwrap();
    std::os::unix::fs::symlink(tmp.path().join("outside.py"), root.join("escape.py")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", root.join("zero.py")).unwrap();
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9_\xff.py");
    fs::write(root.join(name), format!("{KAFKA}consumer.commit()\n")).unwrap();
    fs::write(
        root.join("evil\n\x1b[31mname.py"),
        format!("{KAFKA}consumer.commit()\n"),
    )
    .unwrap();
    // Lone CR line endings, as old Mac files: the finding is on line 5.
    fs::write(
        root.join("cr_only.py"),
        format!("{KAFKA}consumer.commit()\n").replace('\n', "\r"),
    )
    .unwrap();
    let deep = |n: usize| format!("x = {}1{}\n", "(".repeat(n), ")".repeat(n));
    fs::write(
        root.join("parens_100k.py"),
        format!("import confluent_kafka\n{}", deep(100_000)),
    )
    .unwrap();
    fs::write(
        root.join("plus_50k.py"),
        format!(
            "import confluent_kafka\nx = {}\n{KAFKA}consumer.commit()\n",
            vec!["a"; 50_000].join("+")
        ),
    )
    .unwrap();
    fs::write(
        root.join("chain_30k.py"),
        format!(
            "import confluent_kafka\nx = a{}\n{KAFKA}consumer.commit()\n",
            ".f()".repeat(30_000)
        ),
    )
    .unwrap();
    fs::write(
        root.join("unary_200k.py"),
        format!("import confluent_kafka\nx = {}1\n", "-".repeat(200_000)),
    )
    .unwrap();
    fs::write(
        root.join("blocks_deep.rs"),
        format!(
            "use rdkafka::consumer::BaseConsumer;\nfn f() {}{}\n",
            "{ ".repeat(50_000),
            "}".repeat(50_000)
        ),
    )
    .unwrap();
    fs::write(
        root.join("methods_30k.rs"),
        format!(
            "use rdkafka::consumer::BaseConsumer;\nfn f() {{ let x = a{}; }}\n",
            ".f()".repeat(30_000)
        ),
    )
    .unwrap();
    fs::write(
        root.join("plus_50k.rs"),
        format!(
            "use rdkafka::consumer::BaseConsumer;\nfn f() {{ let x = {}; }}\n",
            vec!["a"; 50_000].join(" + ")
        ),
    )
    .unwrap();
    // Generated code over the size limit given on the command line (300 KB).
    fs::write(
        root.join("generated_pb2.py"),
        format!("{KAFKA}consumer.commit()\n{}", "X = 1\n".repeat(70_000)),
    )
    .unwrap();
    (tmp, root)
}

#[cfg(unix)]
#[test]
fn the_hostile_tree_lints_in_one_run() {
    let (_tmp, root) = hostile_tree();
    let dev = root.join("null_device.py");
    let have_device = is_root()
        && Command::new("mknod")
            .args([dev.to_str().unwrap(), "c", "1", "3"])
            .status()
            .is_ok_and(|s| s.success());
    let dir = root.to_str().unwrap();
    // The binary, so a hang (FIFO) shows as a timeout and stderr is the real one.
    let out = output_within(
        Command::new(BIN).args([
            "check",
            "--format",
            "concise",
            "--isolated",
            "--max-file-size",
            "300KB",
            dir,
        ]),
        120,
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(1),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );
    let p = |name: &str| format!("{}/{name}", dir);
    let expect_out = [
        // Declared encodings decode; findings at the right line and (character) column.
        format!("{}:7:16: OL101", p("latin1_declared.py")),
        format!("{}:6:15: OL101", p("cp1252_euro.py")),
        format!("{}:7:15: OL101", p("koi8r_vim.py")),
        format!("{}:6:12: OL101", p("euc_jp.py")),
        format!("{}:6:11: OL101", p("iso8859_15.py")),
        format!("{}:5:1: OL101", p("bom.py")),
        format!("{}:5:1: OL101", p("crlf.py")),
        format!("{}:5:1: OL101", p("cr_only.py")),
        format!("{}:6:13: OL101", p("tabs_wide.py")),
        format!("{}:6:15: OL101", p("ansi_escape.py")),
        format!("{}:5:1: OL101", p("noqa_non_ascii.py")),
        // Not source text: OL001 with the byte offset.
        format!(
            "{}:6:12: OL001 [syntax-error] warning: not valid UTF-8: byte 0xE9 at byte offset 134",
            p("undeclared_latin1.py")
        ),
        format!(
            "{}:1:11: OL001 [syntax-error] warning: unknown encoding in the coding declaration: `klingon`",
            p("unknown_coding.py")
        ),
        format!(
            "{}:1:11: OL001 [syntax-error] warning: encoding problem: a UTF-8 byte order mark",
            p("bom_and_latin1.py")
        ),
        format!(
            "{}:1:1: OL001 [syntax-error] warning: binary file: NUL byte at byte offset 7",
            p("binary.py")
        ),
        format!(
            "{}:1:25: OL001 [syntax-error] warning: not valid UTF-8: byte 0xE9 at byte offset 24",
            p("not_utf8.rs")
        ),
        // Nesting: refused with a clear message, or linted.
        format!(
            "{}:3:205: OL001 [syntax-error] warning: syntax error: too many nested parentheses",
            p("deep_parens.py")
        ),
        format!(
            "{}:2:205: OL001 [syntax-error] warning: syntax error: too many nested parentheses",
            p("parens_100k.py")
        ),
        format!(
            "{}:1:1: OL001 [syntax-error] warning: syntax error: expression too deeply nested",
            p("unary_200k.py")
        ),
        format!("{}:7:1: OL101", p("plus_50k.py")),
        format!("{}:7:1: OL101", p("chain_30k.py")),
        format!(
            "{}:2:217: OL001 [syntax-error] warning: syntax error: file is too deeply nested",
            p("deep_brackets.rs")
        ),
        format!(
            "{}:2:408: OL001 [syntax-error] warning: syntax error: file is too deeply nested",
            p("blocks_deep.rs")
        ),
        // File names: non-UTF-8 printed lossily, control characters escaped.
        format!("{}:5:1: OL101", p("caf\u{fffd}_\u{fffd}.py")),
        format!("{}:5:1: OL101", p("evil\\u{a}\\u{1b}[31mname.py")),
    ];
    let missing: Vec<&String> = expect_out
        .iter()
        .filter(|e| !stdout.contains(e.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "missing {missing:#?}\nstdout:\n{stdout}"
    );
    // One line per finding, each starting with the tree's path: nothing forged.
    for line in stdout.lines() {
        assert!(line.starts_with(dir), "forged or broken line: {line:?}");
        assert!(!line.contains('\u{1b}'), "raw escape: {line:?}");
    }
    // Not followed: the symlink out of the root, /dev/zero, the loops. Linted, no finding:
    // 30,000 chained method calls in Rust.
    for absent in [
        "/escape.py",
        "/zero.py",
        "/loop1.py",
        "/loop/",
        "/methods_30k.rs",
        "/plus_50k.rs",
    ] {
        assert!(!stdout.contains(absent), "{absent}: {stdout}");
        assert!(!stderr.contains(absent), "{absent}: {stderr}");
    }
    // Warnings, not errors, for files skipped on purpose.
    let size = fs::metadata(root.join("generated_pb2.py")).unwrap().len();
    assert!(
        stderr.contains(&format!(
            "⚠ {}: skipped: {size} bytes is over the maximum file size of 300000 bytes",
            p("generated_pb2.py")
        )),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("⚠ {}: skipped: a FIFO", p("fifo.py"))),
        "{stderr}"
    );
    if have_device {
        assert!(
            stderr.contains(&format!("⚠ {}: skipped: a device", p("null_device.py"))),
            "{stderr}"
        );
    }
    assert_eq!(
        stderr.matches("warning: offsetlint::").count(),
        2 + have_device as usize
    );
    assert!(!stderr.contains("error"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// Every format agrees on line and column for tabs, wide characters, CRLF and lone CR.
#[cfg(unix)]
#[test]
fn positions_agree_in_every_format() {
    let (_tmp, root) = hostile_tree();
    for (name, line, col) in [
        ("tabs_wide.py", 6, 13),
        ("cr_only.py", 5, 1),
        ("crlf.py", 5, 1),
        ("latin1_declared.py", 7, 16),
    ] {
        let path = root.join(name);
        let path = path.to_str().unwrap();
        let (_, json) = run(&["check", "--isolated", "--format", "json", path]);
        let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
        assert_eq!(
            (v[0]["line"].as_u64(), v[0]["column"].as_u64()),
            (Some(line), Some(col)),
            "{name}"
        );
        let (_, concise) = run(&["check", "--isolated", "--format", "concise", path]);
        assert!(
            concise
                .stdout
                .starts_with(&format!("{path}:{line}:{col}: ")),
            "{}",
            concise.stdout
        );
        let (_, human) = run(&["check", "--isolated", "--color", "never", path]);
        assert!(
            human.stdout.contains(&format!("[{path}:{line}:{col}]")),
            "{name}: {}",
            human.stdout
        );
    }
}

/// Source text cannot inject escape sequences or forge lines in human output.
#[test]
fn human_output_escapes_the_source() {
    let path = "testdata/hostile/ansi_escape.py";
    let (_, human) = run(&["check", "--isolated", "--color", "never", path]);
    assert!(human.stdout.contains("OL101"), "{}", human.stdout);
    assert!(!human.stdout.contains('\u{1b}'), "{:?}", human.stdout);
    assert!(!human.stdout.contains('\u{202e}'), "{:?}", human.stdout);
    assert!(
        human.stdout.contains("\\u{1b}[2J") && human.stdout.contains("\\u{202e}evil"),
        "{}",
        human.stdout
    );
    // JSON: serde escapes control characters; the output parses.
    let (_, json) = run(&["check", "--isolated", "--format", "json", path]);
    assert!(!json.stdout.contains('\u{1b}'));
    let _: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
}

/// A panic while linting a file is a tool error with its path, no backtrace, and the other
/// files (and the file's other rules) keep their findings.
#[test]
fn panics_are_isolated_per_file_and_per_rule() {
    let d = tempfile::tempdir().unwrap();
    let body = format!(
        "{KAFKA}consumer.commit()\nfrom confluent_kafka import Producer\np = Producer({{}})\np.produce(\"t\", b\"v\")\n"
    );
    fs::write(d.path().join("a.py"), &body).unwrap();
    fs::write(d.path().join("b.py"), &body).unwrap();
    let dir = d.path().to_str().unwrap();
    let with_fault = |fault: &str| {
        let out = Command::new(BIN)
            .args(["check", "--isolated", "--format", "concise", dir])
            .env("OFFSETLINT_FAULT", fault)
            .env("RUST_BACKTRACE", "1")
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, stdout, stderr) = with_fault("file:a.py");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "{dir}/a.py: internal error while linting: injected fault"
        )),
        "{stderr}"
    );
    assert!(stderr.contains("src/engine/mod.rs:"), "location: {stderr}");
    assert!(
        !stderr.contains("panicked") && !stderr.contains("backtrace"),
        "{stderr}"
    );
    assert!(
        stdout.contains("b.py:5:1: OL101") && !stdout.contains("a.py"),
        "{stdout}"
    );
    let (code, stdout, stderr) = with_fault("rule:OL101");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("{dir}/a.py: internal error in rule OL101")),
        "{stderr}"
    );
    // OL201 of the same files is still reported; OL101 is not.
    assert!(stdout.contains("a.py:8:1: OL201"), "{stdout}");
    assert!(stdout.contains("b.py:8:1: OL201"), "{stdout}");
    assert!(!stdout.contains("OL101"), "{stdout}");
}

/// Files that cannot be read at all are tool errors (exit 2); the rest is still linted. As
/// root, permission bits do not apply, so the run drops to `nobody` with setpriv.
#[cfg(unix)]
#[test]
fn unreadable_files_and_directories_are_tool_errors() {
    use std::os::unix::fs::PermissionsExt;
    let d = tempfile::tempdir().unwrap();
    let root = d.path().join("tree");
    fs::create_dir_all(root.join("locked")).unwrap();
    fs::write(root.join("ok.py"), format!("{KAFKA}consumer.commit()\n")).unwrap();
    fs::write(root.join("secret.py"), "x = 1\n").unwrap();
    fs::write(root.join("locked/inner.py"), "x = 1\n").unwrap();
    for p in [d.path(), root.as_path()] {
        fs::set_permissions(p, fs::Permissions::from_mode(0o755)).unwrap();
    }
    fs::set_permissions(root.join("ok.py"), fs::Permissions::from_mode(0o644)).unwrap();
    fs::set_permissions(root.join("secret.py"), fs::Permissions::from_mode(0o000)).unwrap();
    fs::set_permissions(root.join("locked"), fs::Permissions::from_mode(0o000)).unwrap();
    let mut cmd = if is_root() {
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups", BIN]);
        c
    } else {
        Command::new(BIN)
    };
    let out = cmd
        .args(["check", "--isolated", "--format", "concise"])
        .arg(&root)
        .current_dir(d.path())
        .output()
        .expect("setpriv (util-linux) runs the binary as nobody when the tests run as root");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stdout}\n{stderr}");
    assert!(
        stderr.contains("secret.py: cannot read: Permission denied"),
        "{stderr}"
    );
    assert!(stderr.contains("locked"), "{stderr}");
    assert!(stdout.contains("ok.py:5:1: OL101"), "{stdout}");
}

/// Identical bytes for 1, 2 and 8 threads and across runs, over every fixture including the
/// hostile ones, in every format.
#[test]
fn output_is_byte_identical_across_threads_and_runs() {
    for format in ["json", "concise", "human"] {
        let run_with = |threads: &str| {
            let out = Command::new(BIN)
                .args([
                    "check",
                    "--isolated",
                    "--color",
                    "never",
                    "--quiet",
                    "--format",
                    format,
                    "testdata",
                ])
                .env("RAYON_NUM_THREADS", threads)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(1));
            out.stdout
        };
        let one = run_with("1");
        assert!(one.len() > 1000, "{format}");
        for threads in ["2", "8", "8", "1"] {
            assert!(
                one == run_with(threads),
                "{format} with {threads} threads differs"
            );
        }
    }
}

/// Tool errors go through miette: help is shown, and a bad value says where it came from.
#[test]
fn errors_say_where_a_bad_value_came_from() {
    let (status, out) = run(&["check", "--isolated", "--select", "OL999", "."]);
    assert_eq!(status, ExitStatus::Error);
    assert!(
        out.stderr
            .contains("unknown rule selector `OL999` in `--select` on the command line"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("help: selectors are codes"),
        "{}",
        out.stderr
    );
    let d = tempfile::tempdir().unwrap();
    let config = d.path().join("offsetlint.toml");
    fs::write(
        &config,
        "# rules\nignore = [\"OL202\"]\nselect = [\"OL101\", \"OL999\"]\n",
    )
    .unwrap();
    let (status, out) = run(&["check", "--config", config.to_str().unwrap(), "."]);
    assert_eq!(status, ExitStatus::Error);
    let want = format!(
        "unknown rule selector `OL999` in `select` in {}:3:20",
        config.display()
    );
    assert!(out.stderr.contains(&want), "{}", out.stderr);
    // The file's line is shown under a label.
    assert!(
        out.stderr.contains("select = [\"OL101\", \"OL999\"]")
            && out.stderr.contains("unknown selector"),
        "{}",
        out.stderr
    );
    fs::write(
        &config,
        "select = [\"OL101\"]\nmax-file-size = \"12 parsecs\"\n",
    )
    .unwrap();
    let (status, out) = run(&["check", "--config", config.to_str().unwrap(), "."]);
    assert_eq!(status, ExitStatus::Error);
    assert!(
        out.stderr.contains("`max-file-size` in ") && out.stderr.contains(":2:17"),
        "{}",
        out.stderr
    );
    // A TOML syntax error and an unknown key: line and column.
    fs::write(&config, "select = [\"OL101\"\nheuristic = true\n").unwrap();
    let (_, out) = run(&["check", "--config", config.to_str().unwrap(), "."]);
    assert!(out.stderr.contains("line 2, column"), "{}", out.stderr);
    fs::write(&config, "selcet = [\"OL101\"]\n").unwrap();
    let (_, out) = run(&["check", "--config", config.to_str().unwrap(), "."]);
    assert!(
        out.stderr
            .contains("line 1, column 1: unknown field `selcet`"),
        "{}",
        out.stderr
    );
    // In pyproject.toml the span is that of the value inside `[tool.offsetlint]`.
    let py = d.path().join("pyproject.toml");
    fs::write(
        &py,
        "[project]\nname = \"x\"\n\n[tool.offsetlint]\nignore = [\"nope\"]\n",
    )
    .unwrap();
    let (status, out) = run(&["check", "--config", py.to_str().unwrap(), "."]);
    assert_eq!(status, ExitStatus::Error);
    assert!(
        out.stderr.contains(&format!(
            "unknown rule selector `nope` in `ignore` in {}:5:11",
            py.display()
        )),
        "{}",
        out.stderr
    );
    // No colour when not a terminal.
    assert!(!out.stderr.contains('\u{1b}'), "{:?}", out.stderr);
    let (status, out) = run(&["check", "--isolated", "--max-file-size", "lots", "."]);
    assert_eq!(status, ExitStatus::Error);
    assert!(
        out.stderr.contains("`--max-file-size` on the command line"),
        "{}",
        out.stderr
    );
}

/// Kept inputs found by the fuzzers (`fuzz/`) and other regressions: each is linted without
/// a panic through the same entry point as the fuzz targets.
#[test]
fn fuzz_regressions_do_not_crash() {
    let dir = Path::new("testdata/hostile/fuzz");
    let mut count = 0;
    for entry in fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        let bytes = fs::read(&p).unwrap();
        // `python-*.bin`, `rust-*.bin`, `config-*.bin`, `baseline-*.bin`: not `.py`/`.rs`,
        // so the fixture test does not read them as annotated fixtures.
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        match name.split('-').next() {
            Some("config") => {
                let text = String::from_utf8_lossy(&bytes);
                let _ = offsetlint::cli::fuzzing::config_text(&text, false);
                let _ = offsetlint::cli::fuzzing::config_text(&text, true);
            }
            Some("baseline") => {
                let _ = offsetlint::cli::fuzzing::baseline_bytes(&bytes);
            }
            Some("python") => {
                offsetlint::cli::fuzzing::lint_bytes("fuzz.py", &bytes);
            }
            Some("rust") => {
                offsetlint::cli::fuzzing::lint_bytes("fuzz.rs", &bytes);
            }
            _ => panic!("{name}: name it python-*, rust-*, config-* or baseline-*"),
        }
        count += 1;
    }
    assert!(count > 0, "no regression inputs in {}", dir.display());
}

/// The machine's Python standard library lints with exit 0 or 1: no tool error, no crash.
#[test]
fn python_standard_library_lints_without_tool_errors() {
    let out = Command::new("python3")
        .args([
            "-c",
            "import sysconfig; print(sysconfig.get_paths()['stdlib'])",
        ])
        .output()
        .expect(
            "python3 not found: this test needs CPython (CI has 3.11) to lint its standard library",
        );
    assert!(
        out.status.success(),
        "python3 failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdlib = String::from_utf8(out.stdout).unwrap().trim().to_string();
    assert!(
        Path::new(&stdlib).join("os.py").is_file(),
        "not a stdlib: {stdlib}"
    );
    let out = Command::new(BIN)
        .args([
            "check",
            "--isolated",
            "--no-respect-gitignore",
            "--format",
            "concise",
            &stdlib,
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "exit {:?}\n{stderr}",
        out.status.code()
    );
    assert!(!stderr.contains("error"), "{stderr}");
    let summary = stderr.lines().last().unwrap_or("");
    let checked: usize = summary
        .split('(')
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(checked > 500, "too few files checked: {summary}");
}

/// The configuration and baseline readers on mutated seeds (every configuration file of
/// `testdata/`, and baselines written here), deterministic: each seed truncated at every
/// 7th byte, and with a byte flipped at every 11th, must never panic (`cargo afl` does this
/// coverage-guided, outside `cargo test`).
#[test]
fn config_and_baseline_readers_survive_mutated_seeds() {
    fn files(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                files(&p, out);
            } else if matches!(
                p.file_name().and_then(|n| n.to_str()),
                Some("offsetlint.toml" | "pyproject.toml")
            ) {
                out.push(p);
            }
        }
    }
    fn mutants(seed: &[u8]) -> Vec<Vec<u8>> {
        let mut out = vec![seed.to_vec()];
        for at in (0..seed.len()).step_by(7) {
            out.push(seed[..at].to_vec());
        }
        for (i, at) in (0..seed.len()).step_by(11).enumerate() {
            let mut m = seed.to_vec();
            m[at] ^= [0x01, 0x20, 0x80, 0xff][i % 4];
            out.push(m);
        }
        out
    }
    let mut configs = Vec::new();
    files(Path::new("testdata"), &mut configs);
    assert!(configs.len() > 10, "{configs:?}");
    let mut inputs = 0;
    for p in &configs {
        for m in mutants(&fs::read(p).unwrap()) {
            let text = String::from_utf8_lossy(&m);
            let _ = offsetlint::cli::fuzzing::config_text(&text, false);
            let _ = offsetlint::cli::fuzzing::config_text(&text, true);
            inputs += 1;
        }
    }
    let baselines = [
        "{\n  \"version\": 1,\n  \"entries\": [\n    {\n      \"code\": \"OL101\",\n      \"rule\": \"bare-commit\",\n      \"path\": \"app.py\",\n      \"function\": \"run\",\n      \"hash\": \"01ef38c70feaf6ef\",\n      \"count\": 2\n    }\n  ]\n}\n",
        "{\"version\": 1, \"entries\": [{\"code\": \"OL101\", \"rule\": \"bare-commit\", \"path\": \"gone.py\", \"function\": null, \"hash\": \"00\", \"count\": 18446744073709551615}, {\"code\": \"OL101\", \"rule\": \"\\u001b[31m\", \"path\": \"app.py\", \"function\": null, \"hash\": \"00\", \"count\": 1}]}\n",
    ];
    assert_eq!(
        offsetlint::cli::fuzzing::baseline_bytes(baselines[0].as_bytes()),
        Ok(2),
        "the seed hides the target's two findings"
    );
    for seed in baselines {
        for m in mutants(seed.as_bytes()) {
            let _ = offsetlint::cli::fuzzing::baseline_bytes(&m);
            inputs += 1;
        }
    }
    assert!(inputs > 1000, "{inputs}");
}
