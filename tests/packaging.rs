//! What users install, end to end: the pip wheel and the pre-commit hooks. Runs
//! `scripts/test_packaging.sh` once (it builds the manylinux2014 and musllinux wheels with a pinned maturin and zig, installs one in a
//! fresh virtualenv and runs a pinned pre-commit in a temporary git repository) and asserts on
//! the exit codes and outputs it recorded. Needs python3 (with pip and venv) and network access
//! to PyPI and the crate registry; without python3 these tests fail, they do not skip.
//!
//! The tests that run the script make four release builds, so `cargo test` leaves them out
//! (`#[ignore]`) and `.ci/run` runs them as a step of their own:
//! `cargo test --test packaging -- --ignored`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

const VERSION: &str = env!("CARGO_PKG_VERSION");
/// The script makes four release builds of offsetlint (the manylinux and musllinux wheels,
/// the python hook, the cargo hook): the musl one compiles every dependency again for its
/// target. Past this limit it is stopped and the test fails.
/// `OFFSETLINT_PACKAGING_TIME_LIMIT` (seconds) overrides it.
const TIME_LIMIT: Duration = Duration::from_secs(30 * 60);

fn time_limit() -> Duration {
    std::env::var("OFFSETLINT_PACKAGING_TIME_LIMIT")
        .ok()
        .and_then(|s| s.parse().ok())
        .map_or(TIME_LIMIT, Duration::from_secs)
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn work_dir() -> PathBuf {
    match std::env::var_os("OFFSETLINT_PACKAGING_WORK") {
        Some(dir) => PathBuf::from(dir),
        None => root().join("scripts/.work/packaging"),
    }
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Runs the script once for all the tests here; panics (in each test) if it did not finish
/// with every check passed.
fn results() -> &'static Path {
    static RUN: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    match RUN.get_or_init(run_script) {
        Ok(dir) => dir,
        Err(message) => panic!("{message}"),
    }
}

fn run_script() -> Result<PathBuf, String> {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    match Command::new(&python).arg("--version").output() {
        Ok(out) if out.status.success() => {}
        Ok(out) => {
            return Err(format!(
                "`{python} --version` failed ({}): the packaging tests need CPython >= 3.8 with pip and venv",
                out.status
            ))
        }
        Err(e) => {
            return Err(format!(
                "`{python}` not found ({e}): the packaging tests need CPython >= 3.8 with pip and venv \
                 on PATH (or PYTHON=/path/to/python) to build and test the wheel and the pre-commit hooks"
            ))
        }
    }
    let work = work_dir();
    fs::create_dir_all(&work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    let log_path = work.join("test_packaging.log");
    let log = fs::File::create(&log_path).map_err(|e| format!("{}: {e}", log_path.display()))?;
    let mut cmd = Command::new("bash");
    cmd.arg(root().join("scripts/test_packaging.sh"))
        .env("OFFSETLINT_PACKAGING_WORK", &work)
        .env("PYTHON", &python)
        .stdin(Stdio::null())
        .stdout(log.try_clone().map_err(|e| e.to_string())?)
        .stderr(log);
    // Variables that `cargo test` sets for this crate are not the nested builds' business.
    for (key, _) in std::env::vars_os() {
        let key = key.to_string_lossy();
        if [
            "CARGO_PKG_",
            "CARGO_MANIFEST_",
            "CARGO_CRATE_",
            "CARGO_BIN_",
        ]
        .iter()
        .any(|p| key.starts_with(p))
            || [
                "CARGO_PRIMARY_PACKAGE",
                "CARGO_TARGET_TMPDIR",
                "CARGO_MAKEFLAGS",
            ]
            .contains(&&*key)
        {
            cmd.env_remove(&*key);
        }
    }
    let limit = time_limit();
    let started = Instant::now();
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot run bash scripts/test_packaging.sh: {e}"))?;
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break Some(status);
        }
        if started.elapsed() > limit {
            // The script and everything it started (cargo, pip, pre-commit), by process id.
            let pids = descendants(child.id());
            for signal in ["-TERM", "-KILL"] {
                let _ = Command::new("kill").arg(signal).args(&pids).status();
                std::thread::sleep(Duration::from_secs(2));
            }
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(500));
    };
    let output = fs::read_to_string(&log_path).unwrap_or_default();
    eprintln!(
        "scripts/test_packaging.sh ({:.0} s):\n{output}",
        started.elapsed().as_secs_f64()
    );
    match status {
        Some(s) if s.success() => Ok(work.join("results")),
        Some(s) => Err(format!(
            "scripts/test_packaging.sh failed ({s}); its output (also in {}):\n{output}",
            log_path.display()
        )),
        None => Err(format!(
            "scripts/test_packaging.sh took more than {} s and was stopped; output so far:\n{output}",
            limit.as_secs()
        )),
    }
}

/// `pid` and the ids of all its descendants (from `ps`), as `kill` arguments.
fn descendants(pid: u32) -> Vec<String> {
    let table = Command::new("ps")
        .args(["-e", "-o", "pid=,ppid="])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    let pairs: Vec<(u32, u32)> = table
        .lines()
        .filter_map(|l| {
            let mut it = l.split_whitespace().map(|n| n.parse::<u32>());
            Some((it.next()?.ok()?, it.next()?.ok()?))
        })
        .collect();
    let mut found = vec![pid];
    let mut i = 0;
    while i < found.len() {
        let parent = found[i];
        found.extend(pairs.iter().filter(|p| p.1 == parent).map(|p| p.0));
        i += 1;
    }
    found.iter().map(u32::to_string).collect()
}

/// Exit code and output of one recorded command.
fn recorded(name: &str) -> (i32, String) {
    let dir = results();
    let rc = read(&dir.join(format!("{name}.rc")));
    let rc = rc
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("{name}.rc: {rc:?}"));
    (rc, read(&dir.join(format!("{name}.out"))))
}

#[track_caller]
fn assert_recorded(name: &str, code: i32, texts: &[&str]) {
    let (rc, out) = recorded(name);
    assert_eq!(rc, code, "{name}: exit code; output:\n{out}");
    for text in texts {
        assert!(out.contains(text), "{name}: no {text:?} in output:\n{out}");
    }
}

/// `PATH:LINE:` of the violating fixture's first finding: its first line annotated
/// `# expect: OL101`.
fn first_finding(path: &str) -> String {
    let text = read(&root().join("testdata/OL101/confluent_kafka.py"));
    let line = text
        .lines()
        .position(|l| l.contains("# expect: OL101"))
        .expect("testdata/OL101/confluent_kafka.py expects an OL101");
    format!("{path}:{}:", line + 1)
}

#[test]
#[ignore = "release builds: run by .ci/run as its own step (cargo test --test packaging -- --ignored)"]
fn wheel_installs_with_pip_and_runs() {
    let wheel = read(&results().join("wheel-name.txt"));
    assert!(
        wheel.starts_with(&format!("offsetlint-{VERSION}-py3-none-"))
            && wheel.trim().ends_with(".whl"),
        "wheel name: {wheel}"
    );
    assert_recorded(
        "pip-install",
        0,
        &[&format!("Successfully installed offsetlint-{VERSION}")],
    );
    assert_recorded("installed-version", 0, &[&format!("offsetlint {VERSION}")]);
    assert_recorded(
        "installed-violating",
        1,
        &[
            "OL101 bare-commit",
            &first_finding("testdata/OL101/confluent_kafka.py"),
            "found ",
        ],
    );
    assert_recorded("installed-clean", 0, &["no findings ("]);
}

#[test]
#[ignore = "release builds: run by .ci/run as its own step (cargo test --test packaging -- --ignored)"]
fn pre_commit_local_hook_installs_the_prebuilt_wheel() {
    // The config is the README's snippet, as extracted by the script.
    let config = read(&results().join("local-hook-config.yaml"));
    assert!(config.contains("repo: local"), "{config}");
    assert!(
        config.contains(&format!(
            "additional_dependencies: [\"offsetlint=={VERSION}\"]"
        )),
        "the README's local hook must pin this version, {VERSION}:\n{config}"
    );
    assert!(
        config.contains("entry: offsetlint check --force-exclude"),
        "{config}"
    );
    // The hooks ran with pip seeing only the wheel directory and with no cargo on PATH.
    assert_recorded(
        "local-hook-path",
        0,
        &["cargo on PATH: None", "rustc on PATH: None"],
    );
    assert_recorded(
        "local-hook-violating",
        1,
        &[
            "offsetlint......",
            "Failed",
            "- exit code: 1",
            "OL101 bare-commit",
            &first_finding("bad.py"),
        ],
    );
    assert_recorded(
        "local-hook-clean",
        0,
        &["offsetlint......", "Passed", "no findings"],
    );
    assert_recorded(
        "local-hook-rust",
        1,
        &["Failed", "OL101 bare-commit", "bad.rs:"],
    );
    assert_recorded(
        "local-hook-other-type",
        0,
        &["(no files to check)", "Skipped"],
    );
    assert_recorded("local-hook-env", 0, &["/bin/offsetlint"]);
}

/// README's `language: system` hook runs the `offsetlint` on PATH (no cargo there), and with
/// `baseline` in the configuration, as README tells hook users, the recorded findings pass.
#[test]
#[ignore = "release builds: run by .ci/run as its own step (cargo test --test packaging -- --ignored)"]
fn pre_commit_system_hook_runs_the_installed_binary() {
    let config = read(&results().join("system-hook-config.yaml"));
    assert!(config.contains("language: system"), "{config}");
    assert!(
        config.contains("entry: offsetlint check --force-exclude"),
        "{config}"
    );
    assert_recorded(
        "system-hook-violating",
        1,
        &[
            "offsetlint......",
            "Failed",
            "OL101 bare-commit",
            &first_finding("bad.py"),
        ],
    );
    assert_recorded(
        "system-hook-clean",
        0,
        &["offsetlint......", "Passed", "no findings"],
    );
    assert_recorded(
        "system-hook-write-baseline",
        0,
        &[
            "to the baseline .offsetlint-baseline.json",
            "OL101  bare-commit",
        ],
    );
    let (_, written) = recorded("system-hook-write-baseline");
    assert!(
        !written.contains(&first_finding("bad.py")),
        "--write-baseline printed the findings:\n{written}"
    );
    assert_recorded(
        "system-hook-baseline",
        0,
        &["offsetlint......", "Passed", "hidden by the baseline"],
    );
}

#[test]
#[ignore = "release builds: run by .ci/run as its own step (cargo test --test packaging -- --ignored)"]
fn pre_commit_python_hook_of_this_repository() {
    let config = read(&results().join("repo-hooks-config.yaml"));
    assert!(config.contains("- id: offsetlint\n"), "{config}");
    assert_recorded(
        "python-hook-violating",
        1,
        &[
            "- hook id: offsetlint\n",
            "Failed",
            "OL101 bare-commit",
            &first_finding("bad.py"),
        ],
    );
    assert_recorded(
        "python-hook-clean",
        0,
        &["- hook id: offsetlint\n", "Passed", "no findings"],
    );
}

#[test]
#[ignore = "release builds: run by .ci/run as its own step (cargo test --test packaging -- --ignored)"]
fn pre_commit_cargo_hook_of_this_repository() {
    assert_recorded(
        "cargo-hook-violating",
        1,
        &[
            "- hook id: offsetlint-cargo",
            "Failed",
            "OL101 bare-commit",
            &first_finding("bad.py"),
        ],
    );
    assert_recorded(
        "cargo-hook-clean",
        0,
        &["- hook id: offsetlint-cargo", "Passed", "no findings"],
    );
}

/// The wheels are built for old glibc (manylinux2014) and for musl, with the tags README
/// promises, and their binaries need what those tags allow.
#[test]
#[ignore = "release builds: run by .ci/run as its own step (cargo test --test packaging -- --ignored)"]
fn wheels_carry_the_tags_readme_promises() {
    let readme = read(&root().join("README.md"));
    for (name, tag) in [
        ("manylinux", "manylinux_2_17_x86_64"),
        ("musllinux", "musllinux_1_2_x86_64"),
    ] {
        assert_recorded(
            &format!("{name}-tags"),
            0,
            &[&format!("Tag: py3-none-{tag}")],
        );
        assert!(
            readme.contains(tag),
            "README does not name the wheel tag {tag}"
        );
    }
    // Every glibc symbol version the manylinux2014 binary needs is 2.17 or older.
    let (_, elf) = recorded("manylinux-elf");
    let versions: Vec<Vec<u32>> = elf
        .split("GLIBC_")
        .skip(1)
        .map(|rest| {
            rest.split(|c: char| !(c.is_ascii_digit() || c == '.'))
                .next()
                .unwrap()
                .split('.')
                .filter_map(|n| n.parse().ok())
                .collect()
        })
        .collect();
    assert!(
        !versions.is_empty(),
        "no glibc symbol versions recorded:\n{elf}"
    );
    let newest = versions.iter().max().unwrap();
    assert!(
        *newest <= vec![2, 17],
        "the manylinux2014 binary needs GLIBC {newest:?}:\n{elf}"
    );
    // The musl binary is static (no library to load, no glibc symbol), so it runs anywhere.
    let (_, elf) = recorded("musllinux-elf");
    assert!(elf.contains("needed: 0") && !elf.contains("GLIBC"), "{elf}");
    assert_recorded(
        "musllinux-run",
        1,
        &[
            "OL101 bare-commit",
            &first_finding("testdata/OL101/confluent_kafka.py"),
        ],
    );
}

/// The pins that the script, pyproject.toml and README must agree on (no script run needed).
#[test]
fn pins_agree() {
    let script = read(&root().join("scripts/test_packaging.sh"));
    let pin = |name: &str| -> String {
        let prefix = format!("{name}=");
        let line = script
            .lines()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no {name} in scripts/test_packaging.sh"));
        line[prefix.len()..]
            .split_whitespace()
            .next()
            .unwrap()
            .to_string()
    };
    let maturin = pin("MATURIN_VERSION");
    let pyproject = read(&root().join("pyproject.toml"));
    assert!(
        pyproject.contains(&format!("requires = [\"maturin=={maturin}\"]")),
        "pyproject.toml's build-system must pin maturin=={maturin}, like the script"
    );
    assert!(pyproject.contains("bindings = \"bin\""), "{pyproject}");
    assert!(pyproject.contains("dynamic = [\"version\"]"), "{pyproject}");
    let readme = read(&root().join("README.md"));
    let ziglang = pin("ZIGLANG_VERSION");
    assert!(
        readme.contains(&format!(
            "pip install maturin=={maturin} ziglang=={ziglang}"
        )),
        "README: maturin and ziglang pins"
    );
    assert!(
        readme.contains(&format!("\"offsetlint=={VERSION}\"")),
        "README's local hook must pin offsetlint=={VERSION}"
    );
    // README's hooks, in the order it gives them: what works on a fresh machine first, the
    // unpublished wheel last, each under the marker the script extracts it by.
    let at = |text: &str| {
        readme
            .find(text)
            .unwrap_or_else(|| panic!("README lacks {text:?}"))
    };
    let system = at("<!-- scripts/test_packaging.sh: system hook -->");
    let local = at("<!-- scripts/test_packaging.sh: local hook -->");
    let cargo_hook = at("- id: offsetlint-cargo");
    assert!(cargo_hook < system && system < local);
    assert!(readme[system..local].contains("language: system"));
    assert!(readme[cargo_hook..system].contains("cargo install --locked"));
    assert!(readme[local..].contains("additional_dependencies"));
    assert!(
        readme[system..local].contains("The wheel is not published"),
        "README must say, where it shows the wheel hook, that the wheel is not published"
    );
    let hooks = read(&root().join(".pre-commit-hooks.yaml"));
    for (id, language) in [("offsetlint", "python"), ("offsetlint-cargo", "rust")] {
        let start = hooks
            .find(&format!("- id: {id}\n"))
            .unwrap_or_else(|| panic!("no hook {id} in .pre-commit-hooks.yaml"));
        let hook = hooks[start + 1..]
            .find("\n- id:")
            .map_or(&hooks[start..], |end| &hooks[start..start + 1 + end]);
        for line in [
            &format!("language: {language}"),
            "entry: offsetlint check --force-exclude",
            TYPES_OR,
            FILES,
            "require_serial: true",
        ] {
            assert!(hook.contains(line), "hook {id} lacks `{line}`:\n{hook}");
        }
    }
    // README's hooks pass the same files.
    assert_eq!(
        readme.matches(TYPES_OR).count(),
        2,
        "README's hooks: {TYPES_OR}"
    );
    assert_eq!(readme.matches(FILES).count(), 2, "README's hooks: {FILES}");
}

/// What the hooks hand offsetlint: its languages, and of YAML and properties files (identify's
/// `yaml` and `java-properties` types) only Spring Boot's `application*` ones.
const TYPES_OR: &str = "types_or: [python, pyi, rust, java, yaml, java-properties]";
const FILES: &str =
    r"files: '^(?!.*\.(ya?ml|properties)$)|(^|/)application[^/]*\.(ya?ml|properties)$'";

/// The hooks' `files` pattern, as pre-commit applies it (Python's `re.search` on the path
/// relative to the repository's top).
#[test]
fn hooks_pass_spring_boot_configuration_files_only() {
    let pattern = FILES
        .strip_prefix("files: '")
        .and_then(|p| p.strip_suffix('\''))
        .unwrap();
    let re = fancy_regex::Regex::new(pattern).unwrap();
    for passed in [
        "app/consumer.py",
        "stubs/kafka.pyi",
        "src/main.rs",
        "scripts/run_consumer",
        "src/main/java/com/acme/Billing.java",
        "application.yml",
        "src/main/resources/application.yaml",
        "src/main/resources/application-prod.yml",
        "service/src/main/resources/application.properties",
        "src/main/resources/application-dev.properties",
    ] {
        assert!(re.is_match(passed).unwrap(), "{passed} is not passed");
    }
    for left in [
        ".github/workflows/ci.yml",
        "docker-compose.yaml",
        "src/main/resources/log4j2.properties",
        "src/main/resources/bootstrap.yml",
        "config/my-application.yml",
    ] {
        assert!(!re.is_match(left).unwrap(), "{left} is passed");
    }
}
