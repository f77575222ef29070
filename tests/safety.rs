//! What a hostile repository (or a full disk) must not make offsetlint do to the files around
//! it: `--fix`, `--output-file` and `--write-baseline` write through a temporary file and a
//! rename (never truncating a file first, never through a symlink, never onto a linted
//! source); configuration, baseline and ignore files are read only when they are regular
//! files of bounded size, and a file that is not TOML is not quoted; strings from a baseline
//! or a configuration are escaped in every output; a symlinked file is one file; standard
//! input is decoded as files are; `.ignore` applies inside a git work tree only.

#![cfg(unix)]

use std::fs;
use std::os::unix::fs::{symlink, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_offsetlint");
const BARE: &str = "from confluent_kafka import Consumer\n\nconsumer = Consumer({\"group.id\": \"g\", \"enable.auto.commit\": False})\nmsg = consumer.poll(1.0)\nconsumer.commit()\n";
const FIXED_CALL: &str = "consumer.commit(message=msg";

fn write(dir: &Path, name: &str, text: impl AsRef<[u8]>) -> PathBuf {
    let p = dir.join(name);
    fs::create_dir_all(p.parent().unwrap()).unwrap();
    fs::write(&p, text).unwrap();
    p
}

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(ok.success(), "mkfifo {}", path.display());
}

/// The binary in `cwd` with at most 4 GiB of address space (reading `/dev/zero` fails
/// instead of filling the machine's memory), killed after `secs` seconds (a FIFO would hang).
fn run_in(cwd: &Path, args: &[&str], stdin: Option<&[u8]>, secs: u64) -> Output {
    run_within(cwd, args, stdin, secs, 4 << 20)
}

/// [`run_in`] with at most `kib` KiB of address space.
fn run_within(cwd: &Path, args: &[&str], stdin: Option<&[u8]>, secs: u64, kib: u64) -> Output {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kib}; exec \"$@\""))
        .arg("sh")
        .arg(BIN)
        .args(args)
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut input = child.stdin.take().unwrap();
        input.write_all(stdin.unwrap_or_default()).unwrap();
    }
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed().as_secs() > secs {
            child.kill().unwrap();
            panic!(
                "`offsetlint {}` still running after {secs}s",
                args.join(" ")
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn run(cwd: &Path, args: &[&str]) -> (i32, String, String) {
    let out = run_in(cwd, args, None, 60);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn is_symlink(p: &Path) -> bool {
    fs::symlink_metadata(p).unwrap().file_type().is_symlink()
}

/// A tmpfs of `size` mounted on a new directory, unmounted when dropped; `None` when this
/// process may not mount (not root, or in a container without the capability).
struct Tmpfs(tempfile::TempDir);

impl Tmpfs {
    fn mount(size: &str) -> Option<Tmpfs> {
        let dir = tempfile::tempdir().ok()?;
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        ok.then_some(Tmpfs(dir))
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.0.path()).status();
    }
}

/// Item 1: with the disk full, `--fix` fails (exit 2) and the source is left whole. The file
/// is a few bytes under a page, so the fixed text needs one page more than the original: a
/// write that truncated first would free one page and then fail on the second.
#[test]
fn a_fix_that_cannot_be_written_leaves_the_source_whole() {
    let Some(fs_) = Tmpfs::mount("16k") else {
        eprintln!("skipped: cannot mount a tmpfs here (needs root)");
        return;
    };
    let dir = fs_.0.path();
    let pad = 4090 - BARE.len() - 2;
    let original = format!("{BARE}#{}\n", "x".repeat(pad));
    let w = write(dir, "w.py", &original);
    // Fill the file system.
    let mut n = 0;
    while fs::write(dir.join(format!("fill{n}")), vec![b'x'; 4096]).is_ok() {
        n += 1;
    }
    let _ = fs::write(dir.join("fill_last"), vec![b'x'; 1]);
    let (code, _, stderr) = run(
        dir,
        &["check", "--isolated", "--fix", "--unsafe-fixes", "w.py"],
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("cannot write the fixes"), "{stderr}");
    assert_eq!(fs::read_to_string(&w).unwrap(), original);
    // No temporary file is left behind.
    let left: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with("fill") && n != "w.py")
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// Item 1: a fixed file keeps its mode.
#[test]
fn a_fix_keeps_the_mode() {
    let d = tempfile::tempdir().unwrap();
    let w = write(d.path(), "w.py", BARE);
    fs::set_permissions(&w, fs::Permissions::from_mode(0o751)).unwrap();
    let (code, _, stderr) = run(
        d.path(),
        &["check", "--isolated", "--fix", "--unsafe-fixes", "w.py"],
    );
    assert_eq!(code, 0, "{stderr}");
    assert!(fs::read_to_string(&w).unwrap().contains(FIXED_CALL));
    let mode = fs::metadata(&w).unwrap().permissions().mode() & 0o7777;
    assert_eq!(mode, 0o751);
}

/// Whether the tests run as root (`chown` to another user, running as another user).
fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// Issue 35: `--fix` does not replace a file this user may not write (read-only, in a
/// directory they may write): exit 2, the file untouched, no temporary file left. As root
/// (CI) the run is made as `nobody`, who owns the directory and the file.
#[test]
fn a_fix_leaves_a_read_only_file_alone() {
    use std::os::unix::process::CommandExt;
    let d = tempfile::tempdir().unwrap();
    let w = write(d.path(), "w.py", BARE);
    fs::set_permissions(&w, fs::Permissions::from_mode(0o444)).unwrap();
    let mut cmd = Command::new(BIN);
    cmd.args(["check", "--isolated", "--fix", "--unsafe-fixes", "w.py"])
        .current_dir(d.path())
        .env("NO_COLOR", "1")
        .stdin(Stdio::null());
    if is_root() {
        const NOBODY: u32 = 65534;
        for p in [d.path(), &w] {
            std::os::unix::fs::chown(p, Some(NOBODY), Some(NOBODY)).unwrap();
        }
        cmd.uid(NOBODY).gid(NOBODY);
    }
    let out = cmd.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("w.py: cannot write the fixes: this user may not write it (mode 0444"),
        "{stderr}"
    );
    assert_eq!(fs::read_to_string(&w).unwrap(), BARE);
    assert_eq!(
        fs::read_dir(d.path()).unwrap().count(),
        1,
        "a temporary file left"
    );
}

/// Issue 35: run as root, `--fix` keeps the owner and group of another user's file (and its
/// mode, set-group-ID bit included, which a change of owner would clear).
#[test]
fn a_fix_as_root_keeps_the_owner() {
    use std::os::unix::fs::MetadataExt;
    if !is_root() {
        eprintln!(
            "skipped: a_fix_as_root_keeps_the_owner needs root (to chown a file to another user)"
        );
        return;
    }
    let d = tempfile::tempdir().unwrap();
    let w = write(d.path(), "w.py", BARE);
    std::os::unix::fs::chown(&w, Some(4321), Some(4322)).unwrap();
    fs::set_permissions(&w, fs::Permissions::from_mode(0o2640)).unwrap();
    let (code, _, stderr) = run(
        d.path(),
        &["check", "--isolated", "--fix", "--unsafe-fixes", "w.py"],
    );
    assert_eq!(code, 0, "{stderr}");
    assert!(fs::read_to_string(&w).unwrap().contains(FIXED_CALL));
    let meta = fs::metadata(&w).unwrap();
    assert_eq!(
        (meta.uid(), meta.gid(), meta.mode() & 0o7777),
        (4321, 4322, 0o2640)
    );
}

/// Item 2: `--output-file` naming a file being linted is refused; the file is untouched.
#[test]
fn output_file_naming_a_linted_source_is_refused() {
    let d = tempfile::tempdir().unwrap();
    let w = write(d.path(), "pkg/w.py", BARE);
    for target in ["pkg/w.py", "./pkg/../pkg/w.py"] {
        let (code, _, stderr) = run(
            d.path(),
            &["check", "--isolated", "--output-file", target, "."],
        );
        assert_eq!(code, 2, "{target}: {stderr}");
        assert!(
            stderr.contains("is one of the files being linted"),
            "{stderr}"
        );
        assert_eq!(fs::read_to_string(&w).unwrap(), BARE);
    }
    // Any other file is written as before.
    let (code, _, stderr) = run(
        d.path(),
        &[
            "check",
            "--isolated",
            "--format",
            "concise",
            "--output-file",
            "report.txt",
            ".",
        ],
    );
    assert_eq!(code, 1, "{stderr}");
    assert!(fs::read_to_string(d.path().join("report.txt"))
        .unwrap()
        .contains("OL101"));
}

/// Item 3: `--fix` does not write through a symlink named on the command line whose target
/// is outside the directories given.
#[test]
fn a_fix_never_writes_outside_the_tree_through_a_symlink() {
    let d = tempfile::tempdir().unwrap();
    let outside = write(d.path(), "outside/victim.py", BARE);
    fs::create_dir_all(d.path().join("tree")).unwrap();
    symlink(&outside, d.path().join("tree/link.py")).unwrap();
    let tree = d.path().join("tree");
    let (code, _, stderr) = run(
        &tree,
        &["check", "--isolated", "--fix", "--unsafe-fixes", "link.py"],
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("outside"), "{stderr}");
    assert_eq!(fs::read_to_string(&outside).unwrap(), BARE);
    assert!(is_symlink(&tree.join("link.py")));
}

/// Item 3: `--output-file` and `--write-baseline` onto a symlink replace the link, not its
/// target.
#[test]
fn reports_and_baselines_replace_a_symlink_not_its_target() {
    let d = tempfile::tempdir().unwrap();
    let victim = write(d.path(), "victim.txt", "precious\n");
    let tree = d.path().join("tree");
    write(&tree, "w.py", BARE);
    symlink(&victim, tree.join("report.json")).unwrap();
    symlink(&victim, tree.join("baseline.json")).unwrap();
    let (code, _, stderr) = run(
        &tree,
        &[
            "check",
            "--isolated",
            "--format",
            "json",
            "--output-file",
            "report.json",
            ".",
        ],
    );
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious\n");
    assert!(!is_symlink(&tree.join("report.json")));
    assert!(fs::read_to_string(tree.join("report.json"))
        .unwrap()
        .contains("OL101"));
    let (code, _, stderr) = run(
        &tree,
        &[
            "check",
            "--isolated",
            "--write-baseline",
            "baseline.json",
            "w.py",
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious\n");
    assert!(!is_symlink(&tree.join("baseline.json")));
}

/// A stream named as the output (`-o /dev/null`, `-o /dev/stdout`, a FIFO), directly or
/// through a symlink, is written into, never replaced by a regular file: as root, a rename
/// over `/dev/null` broke every later build on the machine (a compiler probe read back what
/// other programs had thrown away). Tested with FIFOs, which need no privilege.
#[test]
fn a_stream_as_output_is_written_into_not_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let d = tempfile::tempdir().unwrap();
    let tree = d.path().join("tree");
    write(&tree, "w.py", BARE);
    mkfifo(&d.path().join("pipe"));
    // A second name for the FIFO: if the run replaced it, the blocked reader is released
    // through this one and the test fails instead of hanging.
    fs::hard_link(d.path().join("pipe"), d.path().join("keep")).unwrap();
    symlink(d.path().join("pipe"), tree.join("linked")).unwrap();
    for (target, args) in [
        ("../pipe", &["--format", "json", "--output-file"][..]),
        ("linked", &["--format", "json", "--output-file"][..]),
        ("../pipe", &["--write-baseline"][..]),
    ] {
        let fifo = d.path().join("pipe");
        let reader = std::thread::spawn(move || fs::read_to_string(fifo).unwrap());
        let mut argv = vec!["check", "--isolated"];
        argv.extend(args);
        argv.extend([target, "w.py"]);
        let (code, _, stderr) = run(&tree, &argv);
        if !fs::metadata(d.path().join("pipe"))
            .unwrap()
            .file_type()
            .is_fifo()
        {
            drop(
                fs::OpenOptions::new()
                    .write(true)
                    .open(d.path().join("keep")),
            );
            let _ = reader.join();
            panic!("{target}: the FIFO was replaced by a regular file");
        }
        assert!(code == 0 || code == 1, "{target}: exit {code}: {stderr}");
        let read = reader.join().unwrap();
        assert!(read.contains("OL101"), "{target}: the reader got {read:?}");
    }
    assert!(is_symlink(&tree.join("linked")));
}

/// Item 4: `extend` of a file that is not TOML (a `.netrc`, the process environment) is an
/// error that quotes nothing of it.
#[test]
fn extend_of_a_file_that_is_not_toml_quotes_nothing() {
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "netrc",
        "machine example.com login alice password hunter2\n",
    );
    write(d.path(), "environ", "HOME=/root\0TOKEN=hunter2\0");
    write(d.path(), "w.py", "x = 1\n");
    for target in ["netrc", "environ", "/proc/self/environ"] {
        write(
            d.path(),
            "offsetlint.toml",
            format!("extend = \"{target}\"\n"),
        );
        let out = Command::new(BIN)
            .args(["check", "."])
            .current_dir(d.path())
            .env("SECRET_MARKER", "hunter2")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{target}: {stderr}");
        assert!(stderr.contains("not a TOML file"), "{target}: {stderr}");
        assert!(stderr.contains("byte offset"), "{target}: {stderr}");
        assert!(!stderr.contains("hunter2"), "{target}: {stderr}");
        assert!(!stderr.contains("alice"), "{target}: {stderr}");
    }
    // A real configuration with a syntax error further down still shows the line.
    write(
        d.path(),
        "offsetlint.toml",
        "select = [\"OL101\"]\nignore = [\"OL2\"\nheuristic = true\n",
    );
    let (code, _, stderr) = run(d.path(), &["check", "."]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("line 3, column"), "{stderr}");
    assert!(stderr.contains("heuristic = true"), "the snippet: {stderr}");
}

/// Item 4: configuration, baseline and ignore files that are FIFOs or devices are refused
/// at once (no hang, no endless read).
#[test]
fn fifos_and_devices_as_configuration_baseline_or_ignore_files_are_refused() {
    let d = tempfile::tempdir().unwrap();
    let r = d.path();
    write(r, "w.py", "x = 1\n");
    mkfifo(&r.join("fifo"));
    for (config, what) in [
        ("extend = \"fifo\"\n", "a FIFO"),
        ("extend = \"/dev/zero\"\n", "a device"),
        ("baseline = \"fifo\"\n", "a FIFO"),
        ("baseline = \"/dev/zero\"\n", "a device"),
    ] {
        write(r, "offsetlint.toml", config);
        let out = run_in(r, &["check", "."], None, 20);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{config}: {stderr}");
        assert!(stderr.contains(what), "{config}: {stderr}");
    }
    fs::remove_file(r.join("offsetlint.toml")).unwrap();
    let out = run_in(r, &["check", "--baseline", "/dev/zero", "."], None, 20);
    assert_eq!(out.status.code(), Some(2));
    // Ignore files that are FIFOs inside a work tree (issue 35): never opened (the run is
    // killed after 20 s, so a hang fails the test), skipped with a warning, and their
    // directories walked without them.
    let repo = r.join("repo");
    fs::create_dir_all(repo.join(".git/info")).unwrap();
    write(&repo, "sub/w.py", BARE);
    write(&repo, "kept.py", BARE);
    mkfifo(&repo.join("sub/.gitignore"));
    mkfifo(&repo.join("sub/.ignore"));
    mkfifo(&repo.join(".ignore"));
    mkfifo(&repo.join(".git/info/exclude"));
    let out = run_in(&repo, &["check", "--format", "concise", "."], None, 20);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    for skipped in [
        "sub/.gitignore",
        "sub/.ignore",
        ".ignore",
        ".git/info/exclude",
    ] {
        assert!(
            stderr.contains("warning: offsetlint::not_regular")
                && stderr.contains(&format!("{skipped}: skipped: a FIFO, not a regular file")),
            "{skipped}: {stderr}"
        );
    }
    assert!(
        stdout.contains("kept.py") && stdout.contains("sub/w.py"),
        "{stdout}"
    );
    // A regular `.gitignore` still applies.
    write(&repo, ".gitignore", "kept.py\n");
    let out = run_in(&repo, &["check", "--format", "concise", "."], None, 20);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        !stdout.contains("kept.py") && stdout.contains("sub/w.py"),
        "{stdout}"
    );
}

/// A baseline for `w.py` in `dir` (its one finding), with `edit` applied to the JSON.
fn baseline_with(dir: &Path, edit: impl Fn(&mut serde_json::Value)) -> PathBuf {
    let path = dir.join("baseline.json");
    let (code, _, stderr) = run(
        dir,
        &[
            "check",
            "--isolated",
            "--write-baseline",
            "baseline.json",
            "w.py",
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    let mut v: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    edit(&mut v);
    fs::write(&path, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    path
}

/// Item 5: strings from a baseline reach stderr escaped.
#[test]
fn baseline_entries_cannot_forge_output() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "w.py", BARE);
    baseline_with(d.path(), |v| {
        let e = &mut v["entries"][0];
        // Only entries of linted files are listed as gone (issue 25 item 2): the path stays
        // `w.py`, and the rule name (shown, never matched) carries the forged line.
        e["rule"] = "bare-commit\n::warning file=a.py::forged".into();
        e["function"] = "\u{1b}[2Jf".into();
        e["hash"] = "\u{202e}cafe".into();
    });
    let (code, _, stderr) = run(
        d.path(),
        &[
            "check",
            "--isolated",
            "--baseline",
            "baseline.json",
            "--format",
            "github",
            "w.py",
        ],
    );
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("no longer occur"), "{stderr}");
    assert!(!stderr.contains("\n::warning"), "{stderr}");
    assert!(
        !stderr.contains('\u{1b}') && !stderr.contains('\u{202e}'),
        "{stderr:?}"
    );
    assert!(stderr.contains("\\u{1b}[2Jf"), "{stderr}");
}

/// Item 5: strings from a configuration reach the GitHub format and error messages escaped.
#[test]
fn configuration_strings_cannot_forge_output() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "app/w.py", "import requests\n");
    write(
        d.path(),
        "offsetlint.toml",
        "[[boundaries]]\nname = \"evil\\u001b[31m\\u202e\"\nfiles = [\"app/**\"]\nforbidden = [\"requests\"]\n",
    );
    let (code, stdout, stderr) = run(d.path(), &["check", "--format", "github", "app"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.contains("OL403"), "{stdout}");
    assert!(
        !stdout.contains('\u{1b}') && !stdout.contains('\u{202e}'),
        "{stdout:?}"
    );
    assert!(stdout.contains("evil\\u{1b}[31m"), "{stdout}");
    write(
        d.path(),
        "offsetlint.toml",
        "select = [\"OL101\\u001b[2J\\n::error::forged\"]\n",
    );
    let (code, _, stderr) = run(d.path(), &["check", "app"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        !stderr.contains('\u{1b}') && !stderr.contains("\n::error"),
        "{stderr:?}"
    );
}

/// Item 6: counts that would overflow saturate; the finding stays hidden.
#[test]
fn baseline_counts_saturate() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "w.py", BARE);
    baseline_with(d.path(), |v| {
        let mut twin = v["entries"][0].clone();
        v["entries"][0]["count"] = u64::MAX.into();
        twin["count"] = 1.into();
        v["entries"].as_array_mut().unwrap().push(twin);
    });
    let (code, _, stderr) = run(
        d.path(),
        &["check", "--isolated", "--baseline", "baseline.json", "w.py"],
    );
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("1 finding hidden"), "{stderr}");
}

/// Item 11: a file and a symlink to it inside the tree are one file: one finding, and
/// `--fix` fixes it once (the link stays a link).
#[test]
fn a_symlinked_file_is_one_file() {
    let d = tempfile::tempdir().unwrap();
    let bad = write(d.path(), "pkg/bad.py", BARE);
    symlink(&bad, d.path().join("pkg/link.py")).unwrap();
    let (code, stdout, stderr) = run(
        d.path(),
        &["check", "--isolated", "--format", "concise", "pkg"],
    );
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    let (code, _, stderr) = run(
        d.path(),
        &["check", "--isolated", "--fix", "--unsafe-fixes", "pkg"],
    );
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("fixed 1 finding"), "{stderr}");
    assert!(fs::read_to_string(&bad).unwrap().contains(FIXED_CALL));
    assert!(is_symlink(&d.path().join("pkg/link.py")));
}

/// Item 12: standard input is decoded as a file is: a BOM is kept by `--fix`, a PEP 263
/// latin-1 buffer is linted.
#[test]
fn standard_input_is_decoded_as_files_are() {
    let d = tempfile::tempdir().unwrap();
    let stdin = |input: &[u8], extra: &[&str]| {
        let args = [
            &["check", "--isolated", "-", "--stdin-filename", "w.py"][..],
            extra,
        ]
        .concat();
        run_in(d.path(), &args, Some(input), 60)
    };
    let bom = b"\xef\xbb\xbfx = 1\n";
    let out = stdin(bom, &["--fix"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, bom);
    let mut latin1 = b"# -*- coding: latin-1 -*-\n# caf\xe9\n".to_vec();
    latin1.extend_from_slice(BARE.as_bytes());
    let out = stdin(&latin1, &["--format", "concise"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("w.py:7:1: OL101"), "{stdout}");
    // `--fix` with nothing it may fix gives the bytes back as they came.
    let out = stdin(&latin1, &["--fix"]);
    assert_eq!(out.stdout, latin1);
    // On a BOM-prefixed buffer, the fix keeps the BOM.
    let mut with_bom = b"\xef\xbb\xbf".to_vec();
    with_bom.extend_from_slice(BARE.as_bytes());
    let out = stdin(&with_bom, &["--fix", "--unsafe-fixes"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.starts_with(b"\xef\xbb\xbf"));
    assert!(String::from_utf8_lossy(&out.stdout).contains(FIXED_CALL));
}

/// Item 13: `.ignore` applies as `.gitignore` does: inside a git work tree only.
#[test]
fn dot_ignore_applies_inside_a_work_tree_only() {
    let d = tempfile::tempdir().unwrap();
    let home = d.path();
    write(home, ".ignore", "*.py\n");
    let proj = home.join("proj");
    write(&proj, "a.py", BARE);
    write(&proj, "sub/b.py", BARE);
    let files = |cwd: &Path| {
        let (_, stdout, stderr) = run(cwd, &["check", "--show-files", "."]);
        assert!(!stderr.contains("error"), "{stderr}");
        let mut v: Vec<String> = stdout.lines().map(String::from).collect();
        v.sort();
        v
    };
    // No work tree at all: the stray `.ignore` above means nothing.
    assert_eq!(files(&proj), ["a.py", "sub/b.py"]);
    // A work tree below it: still nothing (it is above the work tree's root).
    fs::create_dir_all(proj.join(".git")).unwrap();
    assert_eq!(files(&proj), ["a.py", "sub/b.py"]);
    // An `.ignore` inside the work tree applies, as a `.gitignore` would.
    write(&proj, "sub/.ignore", "b.py\n");
    assert_eq!(files(&proj), ["a.py"]);
    assert_eq!(files(&proj.join("sub")), Vec::<String>::new());
}

/// A Python file whose function holds an `if` with `links` `elif`s, the last `else` a bare
/// commit (OL101 on line `links * 2 + 10`), or the same chain at module level.
fn elif_chain(links: usize, in_function: bool) -> String {
    let indent = if in_function { "    " } else { "" };
    let mut text = String::from(
        "from confluent_kafka import Consumer\n\nconsumer = Consumer({\"group.id\": \"g\", \"enable.auto.commit\": False})\n\n\n",
    );
    text.push_str(if in_function {
        "def f(x):\n"
    } else {
        "x = 1\n"
    });
    text.push_str(&format!("{indent}if x == 0:\n{indent}    y = 0\n"));
    for i in 1..=links {
        text.push_str(&format!("{indent}elif x == {i}:\n{indent}    y = {i}\n"));
    }
    text.push_str(&format!("{indent}else:\n{indent}    consumer.commit()\n"));
    text
}

/// The Rust `else if` chain of the same shape (OL101 on line `links + 6`).
fn else_if_chain(links: usize) -> String {
    let mut text = String::from(
        "use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer};\n\nfn f(consumer: &BaseConsumer, x: u32) {\n    if x == 0 {\n",
    );
    for i in 1..=links {
        text.push_str(&format!("    }} else if x == {i} {{\n"));
    }
    text.push_str("    } else {\n        consumer.commit_consumer_state(CommitMode::Sync).unwrap();\n    }\n}\n");
    text
}

/// Item 7: an `elif` / `else if` chain nests the model once per link. One of 15,000 links is
/// analysed to its last branch; one of 50,000 is an OL001 for its file; neither loses
/// another file's findings (a 50,000-link chain overflowed a stack: exit 134, no output).
#[test]
fn long_else_chains_lose_no_findings() {
    let d = tempfile::tempdir().unwrap();
    // Standard input is analysed on the deep stacks files are (it overflowed the main
    // thread's).
    let args = [
        "check",
        "--isolated",
        "--format",
        "concise",
        "-",
        "--stdin-filename",
        "w.py",
    ];
    let out = run_in(
        d.path(),
        &args,
        Some(elif_chain(15_000, true).as_bytes()),
        300,
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("w.py:30010:9: OL101"), "{stdout}");
    write(d.path(), "bare.py", BARE);
    write(d.path(), "long_function.py", elif_chain(15_000, true));
    write(d.path(), "long_module.py", elif_chain(15_000, false));
    write(d.path(), "long.rs", else_if_chain(15_000));
    write(d.path(), "too_long_function.py", elif_chain(50_000, true));
    write(d.path(), "too_long_module.py", elif_chain(50_000, false));
    write(d.path(), "too_long.rs", else_if_chain(30_000));
    let out = run_in(
        d.path(),
        &["check", "--isolated", "--format", "concise", "."],
        None,
        300,
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stdout}\n{stderr}");
    for expected in [
        "bare.py:5:1: OL101",
        "long_function.py:30010:9: OL101",
        "long_module.py:30010:5: OL101",
        "long.rs:15006:9: OL101",
        // The first `elif` past the limit.
        "too_long_function.py:40009:5: OL001",
        "too_long_module.py:40009:1: OL001",
    ] {
        assert!(stdout.contains(expected), "no {expected}:\n{stdout}");
    }
    let rust = stdout
        .lines()
        .find(|l| l.starts_with("./too_long.rs:") || l.starts_with("too_long.rs:"));
    assert!(rust.is_some_and(|l| l.contains(" OL001 ")), "{stdout}");
}

/// Item 9: findings on one very long line show it elided around their labels, so the human
/// output grows with the findings, not with findings × line length (500 findings on a 1 MB
/// line printed 500 MB). Measured in bytes of output, not in time.
#[test]
fn human_output_of_findings_on_one_long_line_is_bounded() {
    let d = tempfile::tempdir().unwrap();
    let mut text = String::from(
        "from confluent_kafka import Consumer\n\nconsumer = Consumer({\"group.id\": \"g\", \"enable.auto.commit\": False})\n",
    );
    text.push_str(&format!("pad = '{}'; ", "a".repeat(100_000)));
    text.push_str(&"consumer.commit(); ".repeat(100));
    text.push('\n');
    write(d.path(), "long_line.py", text);
    // Into a file: `run_in` reads the pipes only once the run is over.
    let args = [
        "check",
        "--isolated",
        "--output-file",
        "out.txt",
        "long_line.py",
    ];
    let out = run_in(d.path(), &args, None, 300);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = fs::read_to_string(d.path().join("out.txt")).unwrap();
    assert_eq!(
        stdout.matches("OL101 bare-commit").count(),
        100,
        "{}",
        &stdout[..stdout.len().min(2000)]
    );
    assert!(
        stdout.len() < 100 * 4096,
        "{} bytes of output",
        stdout.len()
    );
    // The line starts elided, the finding's surroundings shown.
    let shown = stdout
        .lines()
        .find(|l| l.starts_with(" 4 │ "))
        .unwrap_or_default();
    assert!(
        shown.starts_with(" 4 │ ...aaa") && shown.contains("a'; consumer.commit();"),
        "{shown}"
    );
}

/// A project of `n` modules under a declared boundary, each importing the next two (every
/// tenth `requests`, which the boundary forbids): every module reaches most of the others.
fn boundary_project(dir: &Path, n: usize) {
    write(
        dir,
        "pyproject.toml",
        "[tool.offsetlint]\n\n[[tool.offsetlint.boundaries]]\nname = \"pure\"\nfiles = [\"app/**\"]\nforbidden = [\"requests\"]\n",
    );
    write(dir, "app/__init__.py", "");
    for i in 0..n {
        let mut text = String::new();
        for j in [i + 1, i + 2].into_iter().filter(|&j| j < n) {
            text.push_str(&format!("from app import m{j}\n"));
        }
        if i % 10 == 9 {
            text.push_str("import requests\n");
        }
        write(dir, &format!("app/m{i}.py"), text);
    }
}

/// A project of `n` modules in one import chain (`m0` imports `m1`, ..., the last imports
/// `requests`), under a declared boundary binding `files`.
fn chain_project(dir: &Path, n: usize, files: &str) {
    write(
        dir,
        "pyproject.toml",
        format!("[tool.offsetlint]\n\n[[tool.offsetlint.boundaries]]\nname = \"pure\"\nfiles = [\"{files}\"]\nforbidden = [\"requests\"]\n"),
    );
    write(dir, "app/__init__.py", "");
    for i in 0..n {
        let text = match i + 1 < n {
            true => format!("from app import m{}\n", i + 1),
            false => "import requests\n".to_string(),
        };
        write(dir, &format!("app/m{i}.py"), text);
    }
}

/// Issue 35: findings do not each carry a whole import chain. Over one chain of 300 modules
/// all bound by the boundary, each module's finding shows its first hop and points to the next
/// module's finding (299 related locations in all, where whole chains made 44,850); with only
/// the first module bound, its one finding shows 32 modules and counts the others.
#[test]
fn boundary_chains_are_not_repeated_in_every_finding() {
    let n = 300;
    let d = tempfile::tempdir().unwrap();
    chain_project(d.path(), n, "app/**");
    // Into a file: `run` reads the pipes only once the run is over.
    let json = |d: &Path| {
        let args = [
            "check",
            "--format",
            "json",
            "--output-file",
            "out.json",
            "app",
        ];
        let (code, _, stderr) = run(d, &args);
        assert_eq!(code, 1, "{stderr}");
        let out = fs::read_to_string(d.join("out.json")).unwrap();
        serde_json::from_str::<Vec<serde_json::Value>>(&out).unwrap()
    };
    let findings = json(d.path());
    assert_eq!(findings.len(), n);
    let related: usize = findings
        .iter()
        .map(|f| f["related"].as_array().unwrap().len())
        .sum();
    assert_eq!(related, n - 1);
    let m0 = findings.iter().find(|f| f["path"] == "app/m0.py").unwrap();
    assert_eq!(
        m0["related"][0]["message"],
        "imports `app.m2`; this file is bound by the boundary too: its own finding shows the rest of the chain"
    );
    assert_eq!(m0["related"][0]["path"], "app/m1.py");

    chain_project(d.path(), n, "app/m0.py");
    let findings = json(d.path());
    assert_eq!(findings.len(), 1);
    let related = findings[0]["related"].as_array().unwrap();
    assert_eq!(related.len(), 32);
    assert_eq!(
        related[31]["message"],
        format!("imports `app.m33`; then {} more modules to `requests` (a chain is shown up to 32 modules)", n - 33)
    );
}

/// Item 10: a boundary's import chains are found once per program, not once per file it
/// binds (quadratic in the import graph: 2,000 modules took 3.6 s, 4,000 16.6 s). Measured in
/// the binary's CPU seconds (wall time depends on the machine's other work): 4n modules must take less than 6 times what n take, or
/// 0.25 s (linear: at most 4, less with the fixed costs; quadratic: about 16; a debug build
/// took 1.0 s and 15 s before), and under a minute.
#[test]
fn boundaries_are_linear_in_the_import_graph() {
    let time = |n: usize| {
        let d = tempfile::tempdir().unwrap();
        boundary_project(d.path(), n);
        let args = [
            "check",
            "--format",
            "concise",
            "--output-file",
            "out.txt",
            "app",
        ];
        // CPU seconds of the run (see `cpu_seconds`), not wall time.
        let took = cpu_seconds(d.path(), &args);
        let stdout = fs::read_to_string(d.path().join("out.txt")).unwrap();
        // Each module but the last reaches `requests` through the next ones (one finding per
        // module, whatever the number of its import lines that do), and every tenth imports it
        // directly too (a finding of its own).
        let findings = n - 1 + n / 10;
        assert_eq!(
            stdout.matches(" OL403 ").count(),
            findings,
            "{}",
            &stdout[..stdout.len().min(3000)]
        );
        took
    };
    let small = time(500);
    let large = time(2000);
    eprintln!("{small:.2}s for 500 modules, {large:.2}s for 2,000");
    assert!(large < 60.0, "{large:.1}s for 2,000 modules");
    assert!(
        large < 6.0 * small.max(0.25),
        "{small:.2}s for 500 modules, {large:.2}s for 2,000"
    );
}

/// A consume loop (Python) whose body is `body`.
fn consume_loop(body: &str) -> String {
    format!(
        "from confluent_kafka import Consumer\n\n\ndef process(m):\n    pass\n\n\ndef run():\n    consumer = Consumer({{\"group.id\": \"g\", \"enable.auto.commit\": False}})\n    while True:\n        msg = consumer.poll(1.0)\n        if msg is None:\n            continue\n{body}"
    )
}

/// `n` commits in one consume loop, each before the next message's processing (n - 1 OL104).
fn loop_of_commits(n: usize) -> String {
    consume_loop(&"        process(msg)\n        consumer.commit(message=msg)\n".repeat(n))
}

/// An `if`/`elif` dispatch of `n` branches in a consume loop, each processing the message
/// and then committing it (no finding).
fn dispatch_of_commits(n: usize) -> String {
    let branch = |i: usize| {
        let kw = if i == 0 { "if" } else { "elif" };
        format!("        {kw} msg.topic() == \"t{i}\":\n            process(msg)\n            consumer.commit(message=msg)\n")
    };
    consume_loop(&(0..n).map(branch).collect::<String>())
}

/// The Rust loop of `n` commits (n - 1 OL104).
fn rust_loop_of_commits(n: usize) -> String {
    let body = "        process(&msg);\n        consumer.commit_message(&msg, CommitMode::Sync).unwrap();\n".repeat(n);
    format!(
        "use rdkafka::consumer::{{BaseConsumer, CommitMode, Consumer}};\nuse rdkafka::ClientConfig;\n\nfn process(_m: &rdkafka::message::BorrowedMessage) {{}}\n\nfn run() {{\n    let consumer: BaseConsumer = ClientConfig::new().set(\"group.id\", \"g\").set(\"enable.auto.commit\", \"false\").create().unwrap();\n    loop {{\n        let msg = match consumer.poll(None) {{ Some(Ok(m)) => m, _ => continue }};\n{body}    }}\n}}\n"
    )
}

/// Seconds to lint `name` holding `text` (concise, into a file: `run_in` reads the pipes
/// only once the run is over), and the findings.
/// Lints `text` as file `name` and returns the CPU seconds (user and system) the linter
/// spent, with its output. CPU time of that one process, from `wait4`, not wall time: other
/// work on a shared machine (or other tests of this binary) slows the clock, not the count of
/// seconds the linter itself spent.
fn timed_lint(name: &str, text: &str) -> (f64, String) {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), name, text);
    let args = [
        "check",
        "--isolated",
        "--format",
        "concise",
        "--output-file",
        "out.txt",
        name,
    ];
    let took = cpu_seconds(d.path(), &args);
    (took, fs::read_to_string(d.path().join("out.txt")).unwrap())
}

/// Runs the binary in `cwd` and returns the CPU seconds (user and system) it spent, from
/// `wait4`; it must exit 0 or 1, within 300 s.
// The child is reaped by `wait4`, which std's `Child` does not know of.
#[allow(clippy::zombie_processes)]
fn cpu_seconds(cwd: &Path, args: &[&str]) -> f64 {
    let child = Command::new(BIN)
        .args(args)
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id() as libc::pid_t;
    // A run that hangs is killed after 300 s (and the test fails on its status).
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let watchdog = {
        let done = done.clone();
        std::thread::spawn(move || {
            let start = std::time::Instant::now();
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                if start.elapsed().as_secs() > 300 {
                    // SAFETY: signals the child we spawned, not yet reaped.
                    unsafe { libc::kill(pid, libc::SIGKILL) };
                    return;
                }
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
        })
    };
    let mut status = 0;
    // SAFETY: `usage` is a valid, writable `rusage`; `pid` is our child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    watchdog.join().unwrap();
    assert_eq!(reaped, pid, "wait4");
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) <= 1,
        "`offsetlint {}`: status {status}",
        args.join(" ")
    );
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    secs(usage.ru_utime) + secs(usage.ru_stime)
}

/// Item 8: the analyses of one function are near-linear in its size. Timed, as the work is
/// spread over the analyses and rules of the binary: 4n must take less than 6 times what n
/// takes, or 0.25 s (linear: at most 4, less with the fixed costs; a debug build took 10
/// times as long for 2,000 commits as for 500, and for a 1,000-branch dispatch more than 300 s
/// against 5.4 s for 250), and under a minute. The findings are checked too.
#[test]
fn analyses_are_near_linear_in_one_function() {
    type Case = (&'static str, fn(usize) -> String, usize, fn(usize) -> usize);
    let cases: [Case; 3] = [
        ("commits.py", loop_of_commits, 500, |n| n - 1),
        ("commits.rs", rust_loop_of_commits, 500, |n| n - 1),
        ("dispatch.py", dispatch_of_commits, 250, |_| 0),
    ];
    for (name, make, n, findings) in cases {
        let run = |n: usize| {
            let (took, out) = timed_lint(name, &make(n));
            assert_eq!(
                out.matches(" OL104 ").count(),
                findings(n),
                "{name} at {n}: {out}"
            );
            took
        };
        let (small, large) = (run(n), run(4 * n));
        eprintln!("{name}: {small:.2}s for {n}, {large:.2}s for {}", 4 * n);
        assert!(large < 60.0, "{name}: {large:.1}s for {}", 4 * n);
        assert!(
            large < 6.0 * small.max(0.25),
            "{name}: {small:.2}s for {n}, {large:.2}s for {}",
            4 * n
        );
    }
}

/// Item 8: a taint path shares its hops between the values it reaches: a chain of 8,000
/// assignments from model output fits in 1 GiB of address space (each value copied its path:
/// 3.2 GB). Measured by the allocator failing, not by time.
#[test]
fn a_long_taint_chain_fits_in_a_gigabyte() {
    let d = tempfile::tempdir().unwrap();
    let mut text = String::from("import litellm\nfrom confluent_kafka import Consumer, TopicPartition\n\n\ndef rewind(consumer: Consumer, tp):\n    response = litellm.completion(model=\"m\", messages=[])\n    x0 = response.choices[0].message.content\n");
    for i in 1..8000 {
        text.push_str(&format!("    x{i} = x{} + \"a\"\n", i - 1));
    }
    text.push_str("    consumer.seek(TopicPartition(\"t\", 0, int(x7999)))\n");
    write(d.path(), "chain.py", text);
    let args = [
        "check",
        "--isolated",
        "--format",
        "concise",
        "--output-file",
        "out.txt",
        "chain.py",
    ];
    let out = run_within(d.path(), &args, None, 300, 1 << 20);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let found = fs::read_to_string(d.path().join("out.txt")).unwrap();
    assert!(found.contains("chain.py:8007:19: OL301"), "{found}");
}

/// Issue 25 item 6: a fix `--diff` shows and the summary counts in a PEP 263 latin-1 file is
/// written back by `--fix` in latin-1 (the other bytes untouched), from a file or from
/// standard input.
#[test]
fn fixes_are_written_in_the_declared_encoding() {
    let d = tempfile::tempdir().unwrap();
    let mut latin1 = b"# -*- coding: latin-1 -*-\n# caf\xe9\n".to_vec();
    latin1.extend_from_slice(BARE.as_bytes());
    let w = write(d.path(), "w.py", &latin1);
    let (code, stdout, stderr) = run(
        d.path(),
        &["check", "--isolated", "--diff", "--unsafe-fixes", "w.py"],
    );
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.contains(FIXED_CALL), "{stdout}");
    let (_, _, stderr) = run(d.path(), &["check", "--isolated", "w.py"]);
    assert!(
        stderr.contains("(1 with `--fix --unsafe-fixes`"),
        "{stderr}"
    );
    let (code, _, stderr) = run(
        d.path(),
        &["check", "--isolated", "--fix", "--unsafe-fixes", "w.py"],
    );
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("fixed 1 finding"), "{stderr}");
    let bytes = fs::read(&w).unwrap();
    assert!(
        bytes.starts_with(b"# -*- coding: latin-1 -*-\n# caf\xe9\n"),
        "{bytes:?}"
    );
    assert!(String::from_utf8_lossy(&bytes).contains(FIXED_CALL));
    let out = run_in(
        d.path(),
        &[
            "check",
            "--isolated",
            "--fix",
            "--unsafe-fixes",
            "-",
            "--stdin-filename",
            "s.py",
        ],
        Some(&latin1),
        60,
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out
        .stdout
        .starts_with(b"# -*- coding: latin-1 -*-\n# caf\xe9\n"));
    assert!(String::from_utf8_lossy(&out.stdout).contains(FIXED_CALL));
}

/// A module whose consumer reaches its `poll` and `commit` through `links` aliases
/// (`link1 = link0`, ...): a bare commit (OL101 on line `links + 5`) when resolution follows
/// the whole chain.
fn alias_chain(links: usize) -> String {
    let mut text = String::from(
        "from confluent_kafka import Consumer\n\nlink0 = Consumer({\"group.id\": \"g\", \"enable.auto.commit\": False})\n",
    );
    for i in 1..=links {
        text.push_str(&format!("link{i} = link{}\n", i - 1));
    }
    text.push_str(&format!(
        "msg = link{links}.poll(1.0)\nlink{links}.commit()\n"
    ));
    text
}

/// Issue 23 item 14: a chain of values deeper than the resolution bound (48 steps) loses its
/// finding (never a wrong one), and `--statistics` says so; a chain below the bound has its
/// finding and no cut.
#[test]
fn chains_cut_at_the_depth_bound_are_counted() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "short.py", alias_chain(40));
    write(d.path(), "deep.py", alias_chain(60));
    let lint = |file: &str, extra: &[&str]| {
        let mut args = vec!["check", "--isolated", "--no-heuristic", "--format"];
        args.extend_from_slice(extra);
        args.push(file);
        let out = run_in(d.path(), &args, None, 60);
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let (code, found) = lint("short.py", &["concise"]);
    assert_eq!(code, Some(1), "{found}");
    assert!(found.contains("short.py:45:1: OL101"), "{found}");
    let (_, stats) = lint("short.py", &["concise", "--statistics"]);
    assert!(!stats.contains("depth bound"), "{stats}");
    let (_, json) = lint("short.py", &["json", "--statistics"]);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["depth_cuts"], 0, "{json}");
    assert_eq!(json["files_with_depth_cuts"], 0, "{json}");

    let (code, found) = lint("deep.py", &["concise"]);
    assert_eq!(code, Some(0), "{found}");
    assert!(!found.contains("OL1"), "{found}");
    let (_, stats) = lint("deep.py", &["concise", "--statistics"]);
    assert!(
        stats.contains("resolution chain")
            && stats
                .contains("cut at the depth bound (48) in 1 file: findings there may be missing"),
        "{stats}"
    );
    let (_, json) = lint("deep.py", &["json", "--statistics"]);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(json["depth_cuts"].as_u64().unwrap() >= 1, "{json}");
    assert_eq!(json["files_with_depth_cuts"], 1, "{json}");
    assert_eq!(json["findings"], 0, "{json}");
}
