//! Configuration, suppressions and file selection as ruff users expect them, end to end
//! through the command line (in process with `main_with_args`, or the binary when the working
//! directory matters):
//!
//! - discovery: for each file the closest configuration above it, wherever the command runs;
//!   `extend`; precedence within a directory; `--config`, `--isolated`;
//! - the command line over the configuration (`--select` replaces, `--extend-select` and
//!   `--ignore` add);
//! - `per-file-ignores`, `exclude` for every spelling of a path, with and without
//!   `--force-exclude`; `.gitignore` as git does it; a warning when nothing is linted;
//! - every configuration error with its file, line and column;
//! - `require-suppression-reason`;
//! - each API-knowledge key changing a result, both ways, and naming nothing else;
//! - `offsetlint config FILE`.
//!
//! The trees are under `testdata/config/` (their files' `expect:` annotations hold with their
//! configuration) or built in temporary directories.

mod common;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::expectations;
use offsetlint::cli::{main_with_args, main_with_input, Output};
use offsetlint::{language, ExitStatus};

const MONOREPO: &str = "testdata/config/monorepo";
const KNOWLEDGE: &str = "testdata/config/knowledge";
const BIN: &str = env!("CARGO_BIN_EXE_offsetlint");

fn run(args: &[&str]) -> (ExitStatus, Output) {
    main_with_args(
        std::iter::once("offsetlint")
            .chain(args.iter().copied())
            .map(String::from),
    )
}

/// The binary in directory `cwd`: (exit code, stdout, stderr).
fn bin(cwd: &Path, args: &[&str]) -> (i32, String, String) {
    bin_env(cwd, args, &[])
}

fn bin_env(cwd: &Path, args: &[&str], env: &[(&str, &Path)]) -> (i32, String, String) {
    let mut cmd = Command::new(BIN);
    cmd.args(args).current_dir(cwd).env("NO_COLOR", "1");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

fn write(root: &Path, rel: &str, text: &str) {
    let p = root.join(rel);
    fs::create_dir_all(p.parent().unwrap()).unwrap();
    fs::write(p, text).unwrap();
}

fn abs(rel: &str) -> PathBuf {
    std::env::current_dir().unwrap().join(rel)
}

/// (path, line, code) of each `--format concise` line, the path relative to `strip` when it
/// is under it.
type Found = BTreeSet<(String, usize, String)>;

fn concise(stdout: &str, strip: &str) -> Found {
    stdout
        .lines()
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (path, rest) = l.split_once(':').unwrap_or_else(|| panic!("{l:?}"));
            let (line, rest) = rest.split_once(':').unwrap();
            let code = rest.split_once(": ").unwrap().1.split(' ').next().unwrap();
            let path = path
                .strip_prefix(strip)
                .map(|p| p.trim_start_matches('/'))
                .unwrap_or(path);
            (path.to_string(), line.parse().unwrap(), code.to_string())
        })
        .collect()
}

/// The `expect:` annotations of every Python and Rust file under `root`, with paths relative
/// to it; files under `skip` (relative prefixes) are left out.
fn annotated(root: &str, skip: &[&str]) -> Found {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if language(&p).is_some() {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(Path::new(root), &mut files);
    let mut out = Found::new();
    for f in files {
        let rel = f.strip_prefix(root).unwrap().to_string_lossy().into_owned();
        if skip.iter().any(|s| rel.starts_with(s)) {
            continue;
        }
        let text = fs::read_to_string(&f).unwrap();
        for (line, code) in expectations(&text).unwrap() {
            out.insert((rel.clone(), line, code));
        }
    }
    out
}

fn found(items: &[(&str, usize, &str)]) -> Found {
    items
        .iter()
        .map(|(p, l, c)| (p.to_string(), *l, c.to_string()))
        .collect()
}

const BARE: &str = "from confluent_kafka import Consumer, Producer\n\n\
                    consumer = Consumer({\"group.id\": \"g\", \"enable.auto.commit\": False})\n\
                    producer = Producer({\"bootstrap.servers\": \"localhost:9092\"})\n\n\n\
                    def work() -> None:\n    consumer.commit()\n    producer.flush(5)\n";
/// Lines of BARE's findings.
const COMMIT_LINE: usize = 8;
const FLUSH_LINE: usize = 9;

// ------------------------------------------------------------------ discovery

#[test]
fn each_file_gets_the_closest_configuration_wherever_the_command_runs() {
    // The root's legacy/ is excluded when walked.
    let want = annotated(MONOREPO, &["legacy/"]);
    assert!(want.len() >= 5, "{want:?}");
    // From the crate root, the repository as an argument.
    let (status, out) = run(&["check", "--format", "concise", MONOREPO]);
    assert_eq!(status, ExitStatus::Findings, "{}", out.stderr);
    assert_eq!(concise(&out.stdout, MONOREPO), want);
    // From an unrelated directory, with an absolute path.
    let elsewhere = tmp();
    let root = abs(MONOREPO);
    let root_s = root.to_str().unwrap();
    let (code, stdout, stderr) = bin(elsewhere.path(), &["check", "--format", "concise", root_s]);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(concise(&stdout, root_s), want);
    // From inside the repository, and from inside a service: the service's own settings
    // (not the working directory's, not merged with the root's unless it extends it).
    let (_, stdout, _) = bin(&root, &["check", "--format", "concise", "."]);
    assert_eq!(concise(&stdout, ""), want);
    let (_, stdout, _) = bin(
        &root.join("services/search"),
        &["check", "--format", "concise"],
    );
    assert_eq!(
        concise(&stdout, ""),
        found(&[("search/indexer.py", 9, "OL202")]),
        "search's own `select = [\"OL2\"]`, nothing of the root's"
    );
    // A file named from a directory whose configuration differs: the file's own applies.
    let (_, stdout, _) = bin(
        &root.join("services/search"),
        &[
            "check",
            "--format",
            "concise",
            "../billing/billing/consumer.py",
        ],
    );
    assert_eq!(
        concise(&stdout, ""),
        found(&[
            ("../billing/billing/consumer.py", 8, "OL101"),
            ("../billing/billing/consumer.py", 9, "OL202")
        ])
    );
}

#[test]
fn configuration_files_in_one_directory_and_pyproject_without_a_table() {
    let d = tmp();
    write(d.path(), "a.py", BARE);
    let a = d.path().join("a.py");
    let a = a.to_str().unwrap();
    let codes = |stdout: &str| -> BTreeSet<String> {
        concise(stdout, "").into_iter().map(|(_, _, c)| c).collect()
    };
    let check = || run(&["check", "--format", "concise", a]);
    // A pyproject.toml without [tool.offsetlint] is not a configuration, and not an error,
    // even when it is not valid TOML.
    write(d.path(), "pyproject.toml", "[project]\nname = \"x\"\n");
    assert_eq!(
        codes(&check().1.stdout),
        ["OL101", "OL202"].map(String::from).into()
    );
    write(d.path(), "pyproject.toml", "[project\nname = \n");
    let (status, out) = check();
    assert_eq!(status, ExitStatus::Findings, "{}", out.stderr);
    // With the table it is one; offsetlint.toml beats it, .offsetlint.toml beats both.
    write(
        d.path(),
        "pyproject.toml",
        "[tool.offsetlint]\nselect = [\"OL101\"]\n",
    );
    assert_eq!(codes(&check().1.stdout), ["OL101".to_string()].into());
    write(d.path(), "offsetlint.toml", "select = [\"OL202\"]\n");
    assert_eq!(codes(&check().1.stdout), ["OL202".to_string()].into());
    write(
        d.path(),
        ".offsetlint.toml",
        "select = [\"OL1\", \"OL2\"]\nignore = [\"OL101\"]\n",
    );
    assert_eq!(codes(&check().1.stdout), ["OL202".to_string()].into());
    fs::remove_file(d.path().join(".offsetlint.toml")).unwrap();
    write(d.path(), ".offsetlint.toml", "ignore = [\"ALL\"]\n");
    assert_eq!(check().0, ExitStatus::Clean);
    // --isolated reads none of them.
    let (status, out) = run(&["check", "--isolated", "--format", "concise", a]);
    assert_eq!(status, ExitStatus::Findings);
    assert_eq!(codes(&out.stdout).len(), 2);
}

#[test]
fn extend_inherits_and_its_paths_stay_relative_to_their_file() {
    let d = tmp();
    let r = d.path();
    write(
        r,
        "base/offsetlint.toml",
        "ignore = [\"OL202\"]\nexclude = [\"skipped/**\"]\n",
    );
    write(
        r,
        "svc/offsetlint.toml",
        "extend = \"../base/offsetlint.toml\"\nextend-exclude = [\"gen\"]\n",
    );
    write(r, "svc/a.py", BARE);
    write(r, "svc/gen/b.py", BARE);
    write(r, "svc/skipped/c.py", BARE);
    let svc = r.join("svc");
    let (_, stdout, stderr) = bin(&svc, &["check", "--format", "concise", "."]);
    // The base's ignore applies; its `skipped/**` is relative to base/, so svc/skipped is
    // linted; the service's own `gen` (a name) is excluded.
    assert_eq!(
        concise(&stdout, ""),
        found(&[
            ("a.py", COMMIT_LINE, "OL101"),
            ("skipped/c.py", COMMIT_LINE, "OL101")
        ]),
        "{stderr}"
    );
    // A `select` in the extending file resets what the extended one ignored (ruff's stack).
    write(
        r,
        "svc/offsetlint.toml",
        "extend = \"../base/offsetlint.toml\"\nselect = [\"OL2\"]\n",
    );
    let (_, stdout, _) = bin(&svc, &["check", "--format", "concise", "a.py"]);
    assert_eq!(
        concise(&stdout, ""),
        found(&[("a.py", FLUSH_LINE, "OL202")])
    );
    // A missing file and a cycle are errors at the `extend` value.
    write(r, "svc/offsetlint.toml", "extend = \"../nowhere.toml\"\n");
    let (code, _, stderr) = bin(&svc, &["check", "a.py"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("offsetlint.toml:1:10") && stderr.contains("no such file"),
        "{stderr}"
    );
    write(
        r,
        "svc/offsetlint.toml",
        "extend = \"../base/offsetlint.toml\"\n",
    );
    write(
        r,
        "base/offsetlint.toml",
        "extend = \"../svc/offsetlint.toml\"\n",
    );
    let (code, _, stderr) = bin(&svc, &["check", "a.py"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("cycle"), "{stderr}");
}

#[test]
fn config_flag_applies_one_file_with_paths_relative_to_the_working_directory() {
    let d = tmp();
    let r = d.path();
    write(
        r,
        "shared/ci.toml",
        "exclude = [\"legacy/**\"]\nignore = [\"OL202\"]\n",
    );
    write(r, "repo/app/a.py", BARE);
    write(r, "repo/legacy/b.py", BARE);
    // The repository's own configuration is not read with --config.
    write(r, "repo/offsetlint.toml", "ignore = [\"ALL\"]\n");
    let repo = r.join("repo");
    let (code, stdout, stderr) = bin(
        &repo,
        &[
            "check",
            "--config",
            "../shared/ci.toml",
            "--format",
            "concise",
            ".",
        ],
    );
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(
        concise(&stdout, ""),
        found(&[("app/a.py", COMMIT_LINE, "OL101")])
    );
    let (code, _, stderr) = bin(
        &repo,
        &["check", "--config", "../shared/ci.toml", "--isolated"],
    );
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot be combined"), "{stderr}");
    let (code, _, stderr) = bin(&repo, &["check", "--config", "../shared/missing.toml"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("missing.toml"), "{stderr}");
}

// ------------------------------------------------------------------ selection

#[test]
fn the_command_line_overrides_the_configuration() {
    let d = tmp();
    write(d.path(), "offsetlint.toml", "ignore = [\"OL202\"]\n");
    write(d.path(), "a.py", BARE);
    let a = d.path().join("a.py");
    let a = a.to_str().unwrap();
    let codes = |extra: &[&str]| -> (ExitStatus, Vec<String>) {
        let (status, out) = run(&[&["check", "--format", "concise"][..], extra, &[a]].concat());
        let codes = concise(&out.stdout, "")
            .into_iter()
            .map(|(_, _, c)| c)
            .collect();
        (status, codes)
    };
    assert_eq!(codes(&[]).1, ["OL101"]);
    // --select replaces the configuration's select and ignore: the case.
    assert_eq!(
        codes(&["--select", "OL202"]),
        (ExitStatus::Findings, vec!["OL202".into()])
    );
    assert_eq!(codes(&["--select", "flush-result-ignored"]).1, ["OL202"]);
    // --extend-select adds to the configuration's selection; --ignore adds to its ignore.
    assert_eq!(codes(&["--extend-select", "OL2"]).1, ["OL101", "OL202"]);
    assert_eq!(
        codes(&["--ignore", "bare-commit"]),
        (ExitStatus::Clean, vec![])
    );
    assert_eq!(codes(&["--select", "ALL", "--ignore", "OL1"]).1, ["OL202"]);
    write(
        d.path(),
        "offsetlint.toml",
        "select = [\"OL1\"]\nextend-select = [\"OL202\"]\n",
    );
    assert_eq!(codes(&[]).1, ["OL101", "OL202"]);
    assert_eq!(codes(&["--select", "OL101"]).1, ["OL101"]);
    // Selectors on the command line are checked like the configuration's.
    let (status, out) = run(&["check", "--select", "bare-comit", a]);
    assert_eq!(status, ExitStatus::Error);
    assert!(
        out.stderr.contains("did you mean `bare-commit`"),
        "{}",
        out.stderr
    );
}

#[test]
fn per_file_ignores_match_relative_to_their_configuration() {
    let d = tmp();
    let r = d.path();
    write(
        r,
        "offsetlint.toml",
        "[per-file-ignores]\n\"tests/**\" = [\"OL101\"]\n\"*_gen.py\" = [\"ALL\"]\n\
         \"!app/**\" = [\"OL2\"]\n",
    );
    for f in [
        "app/a.py",
        "tests/t.py",
        "app/x_gen.py",
        "tools/s.py",
        "app/tests/u.py",
    ] {
        write(r, f, BARE);
    }
    let (_, stdout, stderr) = bin(r, &["check", "--format", "concise", "."]);
    assert_eq!(
        concise(&stdout, ""),
        found(&[
            ("app/a.py", COMMIT_LINE, "OL101"),
            ("app/a.py", FLUSH_LINE, "OL202"),
            // `tests/**` is anchored to the configuration's directory.
            ("app/tests/u.py", COMMIT_LINE, "OL101"),
            ("app/tests/u.py", FLUSH_LINE, "OL202"),
            // `!app/**`: everything outside app/ loses OL2xx.
            ("tools/s.py", COMMIT_LINE, "OL101"),
        ]),
        "{stderr}"
    );
    // The same from another directory, and on standard input with --stdin-filename.
    let (_, stdout, _) = bin(
        r.join("app").as_path(),
        &["check", "--format", "concise", ".."],
    );
    assert_eq!(concise(&stdout, "..").len(), 5);
    let t = r.join("tests/t.py");
    let (status, out) = main_with_input(
        [
            "offsetlint",
            "check",
            "-",
            "--stdin-filename",
            t.to_str().unwrap(),
        ]
        .map(String::from),
        Some(BARE.to_string()),
    );
    assert_eq!(status, ExitStatus::Clean, "{}{}", out.stdout, out.stderr);
}

// ------------------------------------------------------------------ file selection

#[test]
fn exclude_does_not_depend_on_how_the_path_is_spelled() {
    let root = abs(MONOREPO);
    let legacy = root.join("legacy");
    let file = legacy.join("jobs/nightly.py");
    let (l, f) = (legacy.to_str().unwrap(), file.to_str().unwrap());
    // A directory under an excluded pattern: nothing to lint, for every spelling, and a
    // warning says so.
    for (cwd, arg) in [
        (root.clone(), "legacy"),
        (root.clone(), "./legacy"),
        (root.clone(), l),
        (root.clone(), "legacy/"),
        (legacy.clone(), "."),
        (legacy.join("jobs"), "."),
        (root.join("services"), "../legacy"),
    ] {
        let (code, stdout, stderr) = bin(&cwd, &["check", arg]);
        assert_eq!(
            (code, stdout.as_str()),
            (0, ""),
            "{arg} from {}: {stderr}",
            cwd.display()
        );
        assert!(
            stderr.contains(
                "no Python (.py, .pyi, .ipynb), Rust (.rs) or Java (.java) files to lint"
            ) && stderr.contains("0 files checked"),
            "{arg}: {stderr}"
        );
    }
    // A file named on the command line is linted, whatever the spelling...
    for (cwd, arg) in [
        (root.clone(), "legacy/jobs/nightly.py"),
        (root.clone(), "./legacy/jobs/nightly.py"),
        (root.clone(), f),
        (legacy.join("jobs"), "nightly.py"),
        (legacy.clone(), "../legacy/jobs/./nightly.py"),
    ] {
        let (code, _, stderr) = bin(&cwd, &["check", arg]);
        assert_eq!(code, 1, "{arg}: {stderr}");
        // ...unless --force-exclude (pre-commit passes excluded files by name).
        let (code, _, stderr) = bin(&cwd, &["check", "--force-exclude", arg]);
        assert_eq!(code, 0, "--force-exclude {arg}: {stderr}");
        assert!(stderr.contains("0 files checked"), "{stderr}");
    }
    // --force-exclude also applies to a named directory, and to standard input's name.
    let (code, _, _) = bin(&root, &["check", "--force-exclude", "./legacy"]);
    assert_eq!(code, 0);
    let (status, out) = main_with_input(
        [
            "offsetlint",
            "check",
            "--force-exclude",
            "-",
            "--stdin-filename",
            f,
        ]
        .map(String::from),
        Some(BARE.to_string()),
    );
    assert_eq!((status, out.stdout.as_str()), (ExitStatus::Clean, ""));
    // A name pattern excludes a named file below a directory of that name too.
    let d = tmp();
    write(d.path(), "offsetlint.toml", "exclude = [\"generated\"]\n");
    write(d.path(), "generated/deep/a.py", BARE);
    for arg in ["generated/deep/a.py", "./generated/deep/a.py"] {
        assert_eq!(bin(d.path(), &["check", arg]).0, 1);
        assert_eq!(
            bin(d.path(), &["check", "--force-exclude", arg]).0,
            0,
            "{arg}"
        );
    }
    assert_eq!(bin(d.path(), &["check", "."]).0, 0);
    // A pattern without `/` matches a name at any depth; `--exclude` adds to the
    // configuration's, relative to the working directory.
    let (_, stdout, _) = bin(
        &root,
        &["check", "--format", "concise", "--exclude", "billing", "."],
    );
    assert!(
        concise(&stdout, "")
            .iter()
            .all(|(p, _, _)| !p.contains("billing/")),
        "{stdout}"
    );
    let (_, stdout, _) = bin(
        &root,
        &["check", "--format", "concise", "--exclude", "app/*.py", "."],
    );
    assert!(
        concise(&stdout, "")
            .iter()
            .all(|(p, _, _)| !p.starts_with("app/")),
        "{stdout}"
    );
}

#[test]
fn output_paths_are_relative_to_the_working_directory_when_under_it() {
    let root = abs(MONOREPO);
    let worker = root.join("app/worker.py");
    let (_, stdout, _) = bin(
        &root,
        &["check", "--format", "concise", worker.to_str().unwrap()],
    );
    assert!(stdout.starts_with("app/worker.py:8:5: OL101"), "{stdout}");
    let (_, stdout, _) = bin(
        &root.join("app"),
        &["check", "--format", "concise", "../app"],
    );
    assert!(stdout.starts_with("worker.py:8:5: OL101"), "{stdout}");
    // Outside the working directory: as given.
    let (_, stdout, _) = bin(
        &root.join("services"),
        &["check", "--format", "concise", "../app"],
    );
    assert!(stdout.starts_with("../app/worker.py:8:5"), "{stdout}");
}

#[test]
fn gitignore_is_honoured_as_git_does_it() {
    let d = tmp();
    let r = d.path();
    write(r, "repo/.gitignore", "ignored_by_root.py\n");
    write(r, "repo/ignored_by_root.py", BARE);
    write(r, "repo/sub/ignored_by_root.py", BARE);
    write(r, "repo/sub/kept.py", BARE);
    write(r, "repo/sub/excluded_by_info.py", BARE);
    write(r, "repo/sub/global_ignored.py", BARE);
    let repo = r.join("repo");
    let home = r.join("home");
    fs::create_dir_all(&home).unwrap();
    let env = [
        ("HOME", home.as_path()),
        ("XDG_CONFIG_HOME", home.as_path()),
    ];
    let files = |args: &[&str]| -> Vec<String> {
        let (_, stdout, stderr) = bin_env(&repo.join("sub"), args, &env);
        assert!(!stderr.contains("error"), "{stderr}");
        let mut v: Vec<String> = stdout.lines().map(String::from).collect();
        v.sort();
        v
    };
    let all = [
        "excluded_by_info.py",
        "global_ignored.py",
        "ignored_by_root.py",
        "kept.py",
    ];
    // Outside a git work tree, .gitignore means nothing (git would not read it).
    assert_eq!(files(&["check", "--show-files", "."]), all);
    // Inside one: the .gitignore above the linted directory, .git/info/exclude and the
    // global excludes file all apply.
    fs::create_dir_all(repo.join(".git/info")).unwrap();
    write(&repo, ".git/info/exclude", "excluded_by_info.py\n");
    write(&home, "git/ignore", "global_ignored.py\n");
    assert_eq!(files(&["check", "--show-files", "."]), ["kept.py"]);
    // --no-respect-gitignore, or `respect-gitignore = false`, turns it off; a flag beats the
    // configuration.
    assert_eq!(
        files(&["check", "--show-files", "--no-respect-gitignore", "."]),
        all
    );
    write(&repo, "offsetlint.toml", "respect-gitignore = false\n");
    assert_eq!(files(&["check", "--show-files", "."]), all);
    assert_eq!(
        files(&["check", "--show-files", "--respect-gitignore", "."]),
        ["kept.py"]
    );
    fs::remove_file(repo.join("offsetlint.toml")).unwrap();
    // A file named on the command line is linted even when ignored.
    let (code, _, _) = bin_env(&repo.join("sub"), &["check", "ignored_by_root.py"], &env);
    assert_eq!(code, 1);
}

#[test]
fn a_run_that_lints_nothing_says_so() {
    let d = tmp();
    let (status, out) = run(&["check", d.path().to_str().unwrap()]);
    assert_eq!(status, ExitStatus::Clean);
    assert!(out.stderr.contains("warning"), "{}", out.stderr);
    assert!(
        out.stderr
            .contains("no Python (.py, .pyi, .ipynb), Rust (.rs) or Java (.java) files to lint"),
        "{}",
        out.stderr
    );
    // Not when something was linted, and not instead of a missing path's error.
    write(d.path(), "a.py", "x = 1\n");
    let (_, out) = run(&["check", d.path().to_str().unwrap()]);
    assert!(
        !out.stderr
            .contains("no Python (.py, .pyi, .ipynb), Rust (.rs) or Java (.java) files"),
        "{}",
        out.stderr
    );
    let (status, out) = run(&["check", "/definitely/not/here"]);
    assert_eq!(status, ExitStatus::Error);
    assert!(
        !out.stderr
            .contains("no Python (.py, .pyi, .ipynb), Rust (.rs) or Java (.java) files"),
        "{}",
        out.stderr
    );
    // Everything excluded.
    write(d.path(), "offsetlint.toml", "exclude = [\"*.py\"]\n");
    let (status, out) = run(&["check", "--format", "json", d.path().to_str().unwrap()]);
    assert_eq!((status, out.stdout.trim()), (ExitStatus::Clean, "[]"));
    assert!(
        out.stderr
            .contains("no Python (.py, .pyi, .ipynb), Rust (.rs) or Java (.java) files to lint"),
        "{}",
        out.stderr
    );
}

// ------------------------------------------------------------------ errors

#[test]
fn configuration_errors_say_where_and_what_would_be_valid() {
    // (file name, text, what the message must contain)
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "offsetlint.toml",
            "selct = [\"ALL\"]\n",
            &[
                "line 1, column 1",
                "unknown field `selct`",
                "did you mean `select`?",
                "per-file-ignores",
            ],
        ),
        (
            "offsetlint.toml",
            "select = \"ALL\"\n",
            &["line 1, column 10", "invalid type", "sequence"],
        ),
        (
            "offsetlint.toml",
            "heuristic = \"no\"\n",
            &["line 1, column 13", "invalid type", "boolean"],
        ),
        (
            "offsetlint.toml",
            "\nignore = [\"OL2O2\"]\n",
            &["offsetlint.toml:2:11", "`OL2O2`", "did you mean `OL202`?"],
        ),
        (
            "offsetlint.toml",
            "select = [\"bare-comit\"]\n",
            &["offsetlint.toml:1:11", "did you mean `bare-commit`?"],
        ),
        (
            "offsetlint.toml",
            "exclude = [\"a/[b\"]\n",
            &["offsetlint.toml:1:12", "invalid glob", "a/[b"],
        ),
        (
            "offsetlint.toml",
            "per-file-ignores = { \"t/**\" = [\"OL9\"] }\n",
            &["offsetlint.toml:1:32", "`OL9`"],
        ),
        (
            "offsetlint.toml",
            "per-file-ignores = { \"t/[\" = [\"OL1\"] }\n",
            &["offsetlint.toml:1:22", "invalid glob"],
        ),
        (
            "offsetlint.toml",
            "max-file-size = \"12 parsecs\"\n",
            &["offsetlint.toml:1:17", "parsecs"],
        ),
        (
            "offsetlint.toml",
            "[[clients]]\npath = \"mypkg.kafka.C\"\nbehaves-as = \"confluent_kafka.Consumr\"\n",
            &[
                "offsetlint.toml:3:14",
                "did you mean `confluent_kafka.Consumer`?",
                "rdkafka::StreamConsumer",
            ],
        ),
        (
            "offsetlint.toml",
            "[[clients]]\npath = \"mypkg.kafka.C\"\nbehaves_as = \"confluent_kafka.Consumer\"\n",
            &["line 3, column 1", "did you mean `behaves-as`?"],
        ),
        (
            "offsetlint.toml",
            "[[factories]]\npath = \"make_consumer\"\nreturns = \"confluent_kafka.Consumer\"\n",
            &["offsetlint.toml:2:8", "qualified path"],
        ),
        (
            "offsetlint.toml",
            "commit-helpers = [\"commit_message\"]\n",
            &["offsetlint.toml:1:19", "qualified path"],
        ),
        (
            "offsetlint.toml",
            "[[boundaries]]\nname = \"checkpoint\"\nfiles = [\"x\"]\nforbidden = [\"y\"]\n",
            &["offsetlint.toml:2:8", "name of its own"],
        ),
        (
            "offsetlint.toml",
            "[[boundaries]]\nname = \"b\"\nfiles = [\"x\"]\n",
            &["missing field `forbidden`"],
        ),
        (
            "pyproject.toml",
            "[project]\nname = \"x\"\n\n[tool.offsetlint]\nignroe = [\"OL1\"]\n",
            &["line 5, column 1", "did you mean `ignore`?"],
        ),
    ];
    for (name, text, wants) in cases {
        let d = tmp();
        write(d.path(), name, text);
        write(d.path(), "a.py", BARE);
        let a = d.path().join("a.py");
        let (status, out) = run(&["check", a.to_str().unwrap()]);
        assert_eq!(status, ExitStatus::Error, "{text:?}: {}", out.stderr);
        for want in *wants {
            assert!(
                out.stderr.contains(want),
                "{text:?}: no {want:?} in\n{}",
                out.stderr
            );
        }
        // The configuration file is named, and no file was linted.
        assert!(out.stderr.contains(name), "{}", out.stderr);
        assert_eq!(out.stdout, "", "{text:?}");
    }
}

#[test]
fn an_invalid_configuration_found_during_the_walk_stops_the_run() {
    let d = tmp();
    write(d.path(), "a.py", BARE);
    write(d.path(), "svc/offsetlint.toml", "select = [\"OL1\"\n");
    write(d.path(), "svc/b.py", BARE);
    let (status, out) = run(&["check", d.path().to_str().unwrap()]);
    assert_eq!(status, ExitStatus::Error);
    assert!(out.stderr.contains("svc/offsetlint.toml"), "{}", out.stderr);
    assert!(out.stdout.is_empty(), "{}", out.stdout);
}

// ------------------------------------------------------------------ suppressions

#[test]
fn require_suppression_reason_reports_suppressions_without_one() {
    let d = tmp();
    let src = BARE
        .replace(
            "consumer.commit()\n",
            "consumer.commit()  # offsetlint: ignore[OL101]\n",
        )
        .replace(
            "producer.flush(5)\n",
            "producer.flush(5)  # noqa: OL202 flush checked by the caller\n",
        );
    write(d.path(), "a.py", &src);
    let a = d.path().join("a.py");
    let a = a.to_str().unwrap();
    let (status, out) = run(&["check", "--format", "concise", a]);
    assert_eq!(
        status,
        ExitStatus::Clean,
        "no reason required by default: {}",
        out.stdout
    );
    write(
        d.path(),
        "offsetlint.toml",
        "require-suppression-reason = true\n",
    );
    let (status, out) = run(&["check", "--format", "concise", a]);
    assert_eq!(status, ExitStatus::Findings);
    assert_eq!(
        out.stdout.trim(),
        format!("{a}:{COMMIT_LINE}:24: OL002 [unused-suppression] warning: suppression without a reason")
    );
    // Through `extend` too, and switched off again by the extending file.
    write(
        d.path(),
        "sub/offsetlint.toml",
        "extend = \"../offsetlint.toml\"\n",
    );
    write(d.path(), "sub/a.py", &src);
    let sub = d.path().join("sub/a.py");
    assert_eq!(
        run(&["check", sub.to_str().unwrap()]).0,
        ExitStatus::Findings
    );
    write(
        d.path(),
        "sub/offsetlint.toml",
        "extend = \"../offsetlint.toml\"\nrequire-suppression-reason = false\n",
    );
    assert_eq!(run(&["check", sub.to_str().unwrap()]).0, ExitStatus::Clean);
}

// ------------------------------------------------------------------ API knowledge

#[test]
fn each_knowledge_key_changes_a_result_both_ways() {
    let want = annotated(KNOWLEDGE, &[]);
    let (status, out) = run(&["check", "--format", "concise", KNOWLEDGE]);
    assert_eq!(status, ExitStatus::Findings, "{}", out.stderr);
    let configured = concise(&out.stdout, KNOWLEDGE);
    assert_eq!(configured, want, "with the configuration: the annotations");
    let (_, out) = run(&["check", "--isolated", "--format", "concise", KNOWLEDGE]);
    let isolated = concise(&out.stdout, KNOWLEDGE);
    // What each key adds (a finding only with it) or removes (only without it).
    let only_with = found(&[
        ("app/wrapper.py", 7, "OL101"),           // clients
        ("src/sink.rs", 6, "OL201"),              // clients (Rust)
        ("app/factory.py", 7, "OL201"),           // factories
        ("app/factory.py", 8, "OL202"),           // factories
        ("app/helper.py", 17, "OL102"),           // commit-helpers
        ("app/errors.py", 20, "OL102"),           // transient-exceptions
        ("app/model.py", 13, "OL301"),            // model-sources
        ("app/model.py", 15, "OL301"),            // checkpoint-writers
        ("app/checkpoint_cache.py", 3, "OL401"),  // network-modules
        ("src/offset_checkpoint.rs", 3, "OL401"), // network-modules (Rust)
        ("app/domain/invoice.py", 3, "OL403"),    // boundaries
        ("app/domain/invoice.py", 4, "OL403"), // boundaries, through app.pricing (and app.tax: one cause)
    ]);
    let only_without = found(&[
        ("app/bus.py", 13, "OL201"),     // confirmed-produce
        ("app/tracker.py", 14, "OL204"), // delivery-checks
        ("app/errors.py", 17, "OL102"),  // poison-exceptions
        ("app/helper.py", 16, "OL103"),  // commit-helpers: the handler commits as poison
    ]);
    let added: Found = configured.difference(&isolated).cloned().collect();
    let removed: Found = isolated.difference(&configured).cloned().collect();
    assert_eq!(added, only_with);
    assert_eq!(removed, only_without);
}

#[test]
fn configured_knowledge_names_nothing_else() {
    // The whole fixture corpus, with every knowledge key configured, gives exactly what it
    // gives without: the declarations name modules the corpus does not use. (Except for
    // reading: a declared root, `app`, is a prefilter word, so with it the files importing
    // `app` modules are read; `payment_report.py` is the fixture's one file that nothing
    // concerns without it, and it does not parse, so it is left out.)
    let config = format!("{KNOWLEDGE}/pyproject.toml");
    let args = [
        "--format",
        "concise",
        "--exclude",
        "testdata/config",
        "--exclude",
        "testdata/projects/py_fixture_modules/app/payment_report.py",
        "--exclude",
        "testdata/OL403",
        "testdata",
    ];
    let (s1, with) = run(&[&["check", "--config", &config][..], &args].concat());
    let (s2, without) = run(&[&["check", "--isolated"][..], &args].concat());
    assert_eq!(
        (s1, s2),
        (ExitStatus::Findings, ExitStatus::Findings),
        "{}",
        with.stderr
    );
    assert!(with.stdout.lines().count() > 100, "{}", with.stdout);
    assert_eq!(with.stdout, without.stdout);
}

// ------------------------------------------------------------------ offsetlint config

#[test]
fn config_shows_the_settings_of_a_file_and_where_each_came_from() {
    let consumer = format!("{MONOREPO}/services/billing/billing/consumer.py");
    let (status, out) = run(&["config", &consumer]);
    assert_eq!(status, ExitStatus::Clean, "{}", out.stderr);
    let text = out.stdout;
    for want in [
        "configuration file: testdata/config/monorepo/services/billing/offsetlint.toml",
        "extends: testdata/config/monorepo/pyproject.toml",
        "linted: yes",
        "# `ignore` in testdata/config/monorepo/pyproject.toml:5:10",
        "extend-select = [\"OL202\"]",
        "# `extend-select` in testdata/config/monorepo/services/billing/offsetlint.toml:3:17",
        "exclude = [\"legacy/**\"]",
        "per-file-ignores.\"gen/*.py\" = [\"ALL\"]",
        "heuristic = true",
        "# default",
    ] {
        assert!(text.contains(want), "no {want:?} in\n{text}");
    }
    let rules = text
        .lines()
        .find(|l| l.starts_with("rules for this file:"))
        .unwrap();
    assert!(
        rules.contains("OL202") && rules.contains("OL101"),
        "{rules}"
    );
    // A generated file loses every rule; an excluded one says so; flags are origins too.
    let (_, out) = run(&[
        "config",
        &format!("{MONOREPO}/services/billing/gen/client.py"),
    ]);
    assert!(
        out.stdout.contains("rules for this file: \n"),
        "{}",
        out.stdout
    );
    let (_, out) = run(&["config", &format!("{MONOREPO}/legacy/jobs/nightly.py")]);
    assert!(
        out.stdout.contains("linted: no, excluded"),
        "{}",
        out.stdout
    );
    let (_, out) = run(&["config", "--select", "OL1", "--no-heuristic", &consumer]);
    assert!(
        out.stdout.contains("select = [\"OL1\"]")
            && out.stdout.contains("`--select` on the command line"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("`--no-heuristic` on the command line"),
        "{}",
        out.stdout
    );
    // Knowledge keys are listed with their origin.
    let (_, out) = run(&["config", &format!("{KNOWLEDGE}/app/wrapper.py")]);
    assert!(
        out.stdout
            .contains("clients = mypkg.kafka.ReliableConsumer behaves as confluent_kafka.Consumer")
            && out
                .stdout
                .contains("`clients` in testdata/config/knowledge/pyproject.toml:"),
        "{}",
        out.stdout
    );
    // No configuration: the defaults; --isolated says so; errors are tool errors.
    let d = tmp();
    let (_, out) = run(&["config", d.path().to_str().unwrap()]);
    assert!(
        out.stdout.contains("configuration file: none found"),
        "{}",
        out.stdout
    );
    let (_, out) = run(&["config", "--isolated", &consumer]);
    assert!(out.stdout.contains("none (`--isolated`)"), "{}", out.stdout);
    write(d.path(), "offsetlint.toml", "selct = []\n");
    let (status, out) = run(&["config", d.path().to_str().unwrap()]);
    assert_eq!(status, ExitStatus::Error);
    assert!(
        out.stderr.contains("did you mean `select`?"),
        "{}",
        out.stderr
    );
}
