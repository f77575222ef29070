//! Project-wide resolution, end to end: every directory under `testdata/projects/` is a small
//! project of its own (a `pyproject.toml`, `setup.cfg`, `Cargo.toml`, `pom.xml` or
//! `build.gradle` at its root, or the `META-INF` of an unpacked sources jar). Each is
//! checked through the CLI, in-process, and the set of (file, line, code) findings must be
//! exactly what its files' annotations say (`tests/common/mod.rs`, `project_annotations`):
//!
//! - `# expect: OL101` / `// expect: OL101, OL202`: a finding of each code starts on that line;
//! - `# expect-gap: OL101 <reason>`: the catalog asks for that finding, offsetlint misses it
//!   today. The test fails as soon as it is found: then the annotation becomes `expect:`;
//! - `# gap-extra: OL201 <reason>`: a false positive offsetlint reports today. The test fails
//!   as soon as it disappears: then the annotation is removed;
//! - every other line must be clean;
//! - client findings are `resolved`, except the few that test the name heuristic.
//!
//! Also: pre-commit runs (one file named on the command line) report, for that file, what
//! the whole-project run reports, and nothing else; the human output of cross-module
//! findings is snapshotted (the "resolved: ... constructed in ..., returned by ..." label).

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use common::{fixtures, project_annotations, ProjectAnnotations};
use offsetlint::cli::{main_with_args, main_with_input};
use offsetlint::ExitStatus;

const PROJECTS: &str = "testdata/projects";

/// (path relative to the project, line, code)
type Found = BTreeSet<(String, usize, String)>;

fn run(args: &[&str]) -> (ExitStatus, String, String) {
    let (status, out) = main_with_args(
        std::iter::once("offsetlint")
            .chain(args.iter().copied())
            .map(String::from),
    );
    (status, out.stdout, out.stderr)
}

/// Runs `check --format json --isolated <target>` and returns the findings, with paths
/// relative to `project`. Tool errors (stderr, exit 2) fail the test.
fn check_json(project: &Path, target: &Path) -> Found {
    check_json_resolution(project, target)
        .into_iter()
        .map(|(f, _)| f)
        .collect()
}

/// The findings with their `resolution` field (`resolved`, `heuristic`, or null).
fn check_json_resolution(
    project: &Path,
    target: &Path,
) -> BTreeSet<((String, usize, String), Option<String>)> {
    check_json_with(project, target, &[])
}

/// [`check_json_resolution`] with more options.
fn check_json_with(
    project: &Path,
    target: &Path,
    options: &[&str],
) -> BTreeSet<((String, usize, String), Option<String>)> {
    let target_s = target.to_str().unwrap();
    let mut args = vec!["check", "--format", "json", "--isolated", target_s];
    args.extend(options);
    let (status, stdout, stderr) = run(&args);
    parse_findings(project, target_s, status, &stdout, &stderr)
}

/// `check --stdin-filename <file> -` with `text` on standard input.
fn check_stdin(project: &Path, file: &Path, text: String) -> Found {
    let file_s = file.to_str().unwrap();
    let args = [
        "offsetlint",
        "check",
        "--format",
        "json",
        "--isolated",
        "--stdin-filename",
        file_s,
        "-",
    ];
    let (status, out) = main_with_input(args.map(String::from), Some(text));
    parse_findings(project, file_s, status, &out.stdout, &out.stderr)
        .into_iter()
        .map(|(f, _)| f)
        .collect()
}

/// The findings of a JSON report, with paths relative to `project`; a tool error fails.
fn parse_findings(
    project: &Path,
    target_s: &str,
    status: ExitStatus,
    stdout: &str,
    stderr: &str,
) -> BTreeSet<((String, usize, String), Option<String>)> {
    assert!(
        matches!(status, ExitStatus::Clean | ExitStatus::Findings) && stderr.trim().is_empty(),
        "{target_s}: status {status:?}, stderr:\n{stderr}"
    );
    let items: Vec<serde_json::Value> = serde_json::from_str(stdout)
        .unwrap_or_else(|e| panic!("{target_s}: not JSON ({e}):\n{stdout}"));
    items
        .iter()
        .map(|item| {
            let path = Path::new(item["path"].as_str().unwrap());
            let rel = path.strip_prefix(project).unwrap_or_else(|_| {
                panic!(
                    "{target_s}: finding outside the project: {}",
                    path.display()
                )
            });
            (
                (
                    rel.to_string_lossy().replace('\\', "/"),
                    item["line"].as_u64().unwrap() as usize,
                    item["code"].as_str().unwrap().to_string(),
                ),
                item["resolution"].as_str().map(str::to_string),
            )
        })
        .collect()
}

/// The project directories, without those that hold no file of a language offsetlint lints
/// yet (the `java_*` projects until the Java front end is in: a check there only warns that
/// there is nothing to lint).
fn projects() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(PROJECTS)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir() && !fixtures(p).is_empty())
        .collect();
    dirs.sort();
    dirs
}

/// Every annotated file of a project, by path relative to it.
fn annotations(project: &Path) -> Result<BTreeMap<String, ProjectAnnotations>, String> {
    let mut out = BTreeMap::new();
    for path in fixtures(project) {
        let rel = path
            .strip_prefix(project)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let source = std::fs::read_to_string(&path).map_err(|e| format!("{rel}: {e}"))?;
        let a = project_annotations(&source).map_err(|e| format!("{rel}: {e}"))?;
        out.insert(rel, a);
    }
    Ok(out)
}

/// What is wrong with one project's findings, compared with its annotations.
fn compare(annotated: &BTreeMap<String, ProjectAnnotations>, found: &Found) -> Vec<String> {
    let mut problems = Vec::new();
    let mut today = Found::new();
    let mut missed: BTreeMap<(String, usize, String), &str> = BTreeMap::new();
    for (file, a) in annotated {
        today.extend(a.today().into_iter().map(|(l, c)| (file.clone(), l, c)));
        for (l, c, why) in &a.missed {
            missed.insert((file.clone(), *l, c.clone()), why);
        }
    }
    for f in today.difference(found) {
        let (file, line, code) = f;
        let is_extra = annotated[file]
            .extra
            .iter()
            .any(|(l, c, _)| l == line && c == code);
        if is_extra {
            problems.push(format!(
                "{file}:{line}: {code} is no longer reported: the false positive is fixed, \
                 remove the `gap-extra:` annotation"
            ));
        } else {
            problems.push(format!("{file}:{line}: expected {code}, not reported"));
        }
    }
    for f in found.difference(&today) {
        let (file, line, code) = f;
        match missed.get(f) {
            Some(why) => problems.push(format!(
                "{file}:{line}: {code} is now reported (gap was: {why}): \
                 turn `expect-gap:` into `expect:`"
            )),
            None => problems.push(format!("{file}:{line}: unexpected {code}")),
        }
    }
    problems
}

#[test]
fn every_project_yields_exactly_its_annotations() {
    let dirs = projects();
    assert!(
        dirs.len() >= 13,
        "expected the fixture projects, found {dirs:?}"
    );
    let mut failures = Vec::new();
    let (mut expected, mut gaps) = (0, 0);
    let mut heuristic = BTreeSet::new();
    for dir in &dirs {
        // pom.xml and build.gradle: the Java projects (their files are linted once the Java
        // front end is in; until then `fixtures` lists none of them).
        let markers = [
            "pyproject.toml",
            "setup.cfg",
            "setup.py",
            "Cargo.toml",
            "pom.xml",
            "build.gradle",
            // An unpacked sources jar.
            "META-INF",
        ];
        assert!(
            markers.iter().any(|m| dir.join(m).exists()),
            "{}: a project needs a root marker ({markers:?})",
            dir.display()
        );
        let annotated = match annotations(dir) {
            Ok(a) => a,
            Err(e) => {
                failures.push(format!("{}: bad annotation: {e}", dir.display()));
                continue;
            }
        };
        expected += annotated.values().map(|a| a.expect.len()).sum::<usize>();
        gaps += annotated
            .values()
            .map(|a| a.missed.len() + a.extra.len())
            .sum::<usize>();
        let with_resolution = check_json_resolution(dir, dir);
        let found: Found = with_resolution.iter().map(|(f, _)| f.clone()).collect();
        for p in compare(&annotated, &found) {
            failures.push(format!("{}/{p}", dir.display()));
        }
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        for ((file, line, code), resolution) in &with_resolution {
            if resolution.as_deref() == Some("heuristic") {
                heuristic.insert((format!("{name}/{file}"), *line, code.clone()));
            }
        }
    }
    // Client findings come from resolution, not from the name heuristic, except where a
    // fixture tests the heuristic itself.
    let intended: BTreeSet<(String, usize, String)> = [
        ("py_precision/app/worker.py", 46, "OL101"),
        ("py_reach/svc/message.py", 39, "OL201"),
    ]
    .iter()
    .map(|(f, l, c)| (f.to_string(), *l, c.to_string()))
    .collect();
    if heuristic != intended {
        failures.push(format!(
            "heuristic findings: {heuristic:?}, expected only {intended:?}"
        ));
    }
    assert!(
        failures.is_empty(),
        "{} difference(s) between findings and annotations:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // The corpus is not empty (a harness that compares nothing passes nothing).
    assert!(expected >= 90, "only {expected} expected findings");
    let _ = gaps;
}

#[test]
fn comparison_reports_every_kind_of_difference() {
    let src = "a.commit()  # expect: OL101\n\
               b.commit()  # expect-gap: OL101 not resolved yet\n\
               c.flush(5)  # gap-extra: OL202 a false positive\n\
               d.commit()\n";
    let a = project_annotations(src).unwrap();
    let annotated = BTreeMap::from([("m.py".to_string(), a)]);
    let f = |items: &[(usize, &str)]| -> Found {
        items
            .iter()
            .map(|(l, c)| ("m.py".to_string(), *l, c.to_string()))
            .collect()
    };
    // Today's behaviour: the expected finding and the false positive.
    assert!(compare(&annotated, &f(&[(1, "OL101"), (3, "OL202")])).is_empty());
    // A missing expectation, a gap that got fixed, a false positive that went away, and an
    // unannotated line: each is reported.
    let problems = compare(&annotated, &f(&[(2, "OL101"), (4, "OL101")]));
    assert_eq!(problems.len(), 4, "{problems:#?}");
    assert!(problems[0].contains("expected OL101"), "{problems:#?}");
    assert!(
        problems[1].contains("false positive is fixed"),
        "{problems:#?}"
    );
    assert!(
        problems[2].contains("turn `expect-gap:` into `expect:`"),
        "{problems:#?}"
    );
    assert!(problems[3].contains("unexpected OL101"), "{problems:#?}");
}

#[test]
fn project_annotations_parse_strictly() {
    let a = project_annotations(
        "x.commit()  # expect: OL101, OL202\n\
         y.commit();  // expect-gap: OL101 the reason, with words\n\
         z.flush(5)  # gap-extra: OL202 reason\n\
         w.expect(\"not an annotation\");\n",
    )
    .unwrap();
    assert_eq!(
        a.expect,
        BTreeSet::from([(1, "OL101".to_string()), (1, "OL202".to_string())])
    );
    assert_eq!(
        a.missed,
        vec![(2, "OL101".to_string(), "the reason, with words".to_string())]
    );
    assert_eq!(
        a.extra,
        vec![(3, "OL202".to_string(), "reason".to_string())]
    );
    for bad in [
        "x()  # expect-gap: OL101\n",                   // no reason
        "x()  # expect-gap: OL999 reason\n",            // unknown code
        "x()  # gap-extra:\n",                          // nothing
        "x()  # expect-gaps: OL101 reason\n",           // misspelt keyword
        "x()  # expect_gap: OL101 reason\n",            // misspelt keyword
        "s = \"expect-gap: OL101 reason\"\n",           // not a comment
        "x()  # expect-file: OL001\n",                  // not used in projects
        "x()  # expect: OL101 because\n",               // prose after codes
        "x()  # expect: OL101  # gap-extra: OL202 r\n", // one annotation per line
    ] {
        assert!(project_annotations(bad).is_err(), "{bad:?} was accepted");
    }
}

/// Pre-commit runs: one file named on the command line. The project is still indexed as far
/// as that file reaches, so its findings are those of the whole-project run; no other file is
/// reported. A case with a known gap documents where that does not hold today.
struct PreCommit {
    project: &'static str,
    file: &'static str,
    /// Why the single-file run differs from the whole-project run today.
    known_gap: Option<&'static str>,
}

const PRE_COMMIT: &[PreCommit] = &[
    PreCommit {
        project: "py_functions",
        file: "src/billing/worker.py",
        known_gap: None,
    },
    PreCommit {
        project: "py_functions",
        file: "src/billing/jobs/reports/monthly.py",
        known_gap: None,
    },
    PreCommit {
        project: "py_functions",
        file: "src/plugins/audit.py",
        known_gap: None,
    },
    PreCommit {
        project: "py_subclass",
        file: "streams/main.py",
        known_gap: None,
    },
    PreCommit {
        project: "py_fixtures",
        file: "tests/integration/test_flow.py",
        known_gap: None,
    },
    PreCommit {
        project: "py_wrappers",
        file: "app/service.py",
        known_gap: None,
    },
    PreCommit {
        project: "py_injection",
        file: "app/handlers.py",
        // The module that builds the clients and injects them imports this one: found by the
        // importer search.
        known_gap: None,
    },
    PreCommit {
        project: "py_web_state",
        file: "svc/hooks.py",
        // The application it imports is read: its state's client resolves.
        known_gap: None,
    },
    PreCommit {
        project: "py_web_state",
        file: "svc/routes.py",
        // `request.app.state.producer` is stored by the module that builds the application,
        // an importer of the routes.
        known_gap: None,
    },
    PreCommit {
        project: "py_scratch",
        file: "tools/scratch_replay.py",
        // The production consumers' modules are neither imported nor importers: a scratch
        // target gathers every module of its project that names a client.
        known_gap: None,
    },
    PreCommit {
        project: "py_script_dir",
        file: "app/bake.py",
        // `from utils import make`: `app/utils/`, beside the script.
        known_gap: None,
    },
    PreCommit {
        project: "py_workdir",
        file: "backend/api/worker.py",
        known_gap: None,
    },
    PreCommit {
        project: "py_package_chain",
        file: "backend/src/api/v1/handlers.py",
        known_gap: None,
    },
    PreCommit {
        project: "py_declared_roots",
        file: "bin/replay.py",
        // `acme` is `lib/acme/` (setuptools' `package-dir`).
        known_gap: None,
    },
    PreCommit {
        project: "py_declared_roots",
        file: "jobs/publish.py",
        // `infra` is `service/infra/` (pytest's `pythonpath`).
        known_gap: None,
    },
    PreCommit {
        project: "rs_cycle",
        file: "src/lib.rs",
        known_gap: None,
    },
    PreCommit {
        project: "java_listener_service",
        file: "src/main/java/com/acme/orders/service/impl/OrderServiceImpl.java",
        // Reached through the interface the listener imports: its importers are searched.
        known_gap: None,
    },
    PreCommit {
        project: "rs_workspace",
        file: "crates/orders/src/lib.rs",
        // The project root of a member crate is its workspace: the sibling is indexed.
        known_gap: None,
    },
];

#[test]
fn pre_commit_runs_report_what_the_project_run_reports() {
    let mut failures = Vec::new();
    for case in PRE_COMMIT {
        let project = Path::new(PROJECTS).join(case.project);
        let whole: Found = check_json(&project, &project)
            .into_iter()
            .filter(|(f, _, _)| f == case.file)
            .collect();
        let single = check_json(&project, &project.join(case.file));
        // The same file given on standard input is linted in its project too, and the
        // buffer, not the file on disk, is what is linted (a blank line first moves every
        // finding down one line).
        let text = std::fs::read_to_string(project.join(case.file)).unwrap();
        let shifted: Found = (single.iter())
            .map(|(f, line, code)| (f.clone(), line + 1, code.clone()))
            .collect();
        let from_stdin = check_stdin(&project, &project.join(case.file), format!("\n{text}"));
        if from_stdin != shifted {
            failures.push(format!(
                "{}/{}: standard input differs from the pre-commit run (one line down):\n  only stdin: {:?}\n  only pre-commit: {:?}",
                case.project,
                case.file,
                from_stdin.difference(&shifted).collect::<Vec<_>>(),
                shifted.difference(&from_stdin).collect::<Vec<_>>()
            ));
        }
        let others: Vec<_> = single.iter().filter(|(f, _, _)| f != case.file).collect();
        if !others.is_empty() {
            failures.push(format!(
                "{}/{}: the pre-commit run reported other files: {others:?}",
                case.project, case.file
            ));
        }
        match (case.known_gap, single == whole) {
            (None, true) => {
                if whole.is_empty() {
                    failures.push(format!(
                        "{}/{}: no findings: choose a file whose findings need other files",
                        case.project, case.file
                    ));
                }
            }
            (None, false) => failures.push(format!(
                "{}/{}: pre-commit run differs from the project run:\n  only pre-commit: {:?}\n  only project: {:?}",
                case.project,
                case.file,
                single.difference(&whole).collect::<Vec<_>>(),
                whole.difference(&single).collect::<Vec<_>>()
            )),
            (Some(why), true) => failures.push(format!(
                "{}/{}: the pre-commit run now matches the project run (gap was: {why}): \
                 set `known_gap: None`",
                case.project, case.file
            )),
            (Some(_), false) => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The catalog's promise, for every file of every fixture project: the file named alone (a
/// pre-commit run) reports exactly what the whole-project run reports for it.
#[test]
fn every_file_named_alone_reports_what_the_project_run_reports() {
    let mut failures = Vec::new();
    let mut compared = 0;
    let mut with_findings = 0;
    for project in projects() {
        let whole = check_json(&project, &project);
        for path in fixtures(&project) {
            let rel = (path.strip_prefix(&project).unwrap())
                .to_string_lossy()
                .replace('\\', "/");
            let want: Found = whole
                .iter()
                .filter(|(f, _, _)| *f == rel)
                .cloned()
                .collect();
            let single = check_json(&project, &path);
            compared += 1;
            with_findings += usize::from(!want.is_empty());
            if single != want {
                failures.push(format!(
                    "{}/{rel}:\n  only named alone: {:?}\n  only in the project run: {:?}",
                    project.display(),
                    single.difference(&want).collect::<Vec<_>>(),
                    want.difference(&single).collect::<Vec<_>>()
                ));
            }
        }
    }
    assert!(compared >= 200, "only {compared} files compared");
    assert!(
        with_findings >= 60,
        "only {with_findings} files with findings"
    );
    assert!(
        failures.is_empty(),
        "{} of {compared} files differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A script named outside any project (no marker above it): its directory is what Python
/// puts on `sys.path`, so `from utils import make` is `app/utils/`, read as a run over the
/// directory reads it.
#[test]
fn a_script_named_outside_any_project_reads_what_it_imports() {
    let dir = std::env::temp_dir().join(format!("offsetlint-script-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("app/utils")).unwrap();
    std::fs::write(
        dir.join("app/utils/__init__.py"),
        "from confluent_kafka import Consumer\n\ndef make(f):\n    c = Consumer(f)\n    return (1, c)\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("app/m.py"),
        "from utils import make\nC = make(\"x\")[1]\nC.commit()\n",
    )
    .unwrap();
    let markers = [
        "pyproject.toml",
        "setup.cfg",
        "setup.py",
        "Cargo.toml",
        ".git",
    ];
    assert!(
        !(dir.ancestors()).any(|d| markers.iter().any(|m| d.join(m).exists())),
        "a project marker above {dir:?}"
    );
    let want: Found = [("app/m.py".to_string(), 3, "OL101".to_string())].into();
    let whole: Found = (check_json(&dir, &dir).into_iter())
        .filter(|(f, _, _)| f == "app/m.py")
        .collect();
    let alone = check_json(&dir, &dir.join("app/m.py"));
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!((whole, alone), (want.clone(), want));
}

/// All projects linted in one run (a monorepo, or `offsetlint check testdata`): each project
/// should resolve its imports within itself, so the findings are the union of the
/// per-project runs.
#[test]
fn one_run_over_all_projects_is_the_union_of_the_project_runs() {
    let root = Path::new(PROJECTS);
    let mut union = Found::new();
    for dir in projects() {
        let rel = dir
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        union.extend(
            check_json(&dir, &dir)
                .into_iter()
                .map(|(f, l, c)| (format!("{rel}/{f}"), l, c)),
        );
    }
    let all = check_json(root, root);
    // Module names are looked up per project (namespace), so a project's `app/kafka.py` never
    // answers another project's `from .kafka import ..`.
    assert_same(
        &all,
        &union,
        "(only in the run over all projects, only in the per-project runs)",
    );
}

/// Fails with what only `a` and only `b` hold.
fn assert_same<T: Ord + Clone + std::fmt::Debug>(a: &BTreeSet<T>, b: &BTreeSet<T>, what: &str) {
    let only_a: Vec<T> = a.difference(b).cloned().collect();
    let only_b: Vec<T> = b.difference(a).cloned().collect();
    assert_eq!((only_a, only_b), (Vec::new(), Vec::new()), "{what}");
}

/// Linted a namespace at a time (`--batch-targets 1`: each batch is one namespace, its models
/// freed before the next is read), the run over all projects reports exactly what one batch
/// reports, resolutions included: every value a rule follows stays within a namespace, and a
/// root `conftest.py` still hands its fixtures to the tests of the projects below it
/// (`py_monorepo`).
#[test]
fn batches_of_namespaces_report_what_one_batch_reports() {
    let root = Path::new(PROJECTS);
    let whole = check_json_with(root, root, &[]);
    let batched = check_json_with(root, root, &["--batch-targets", "1"]);
    assert!(
        whole
            .iter()
            .any(|((f, _, _), _)| f.starts_with("py_monorepo/services/")),
        "the monorepo's services are linted"
    );
    assert_same(
        &whole,
        &batched,
        "(only in one batch, only in batches of one namespace)",
    );
}

/// The human output of cross-module findings: the receiver label says where the client was
/// constructed and how it got to the receiver.
#[test]
fn cross_module_chains_in_human_output() {
    let human = |target: &str| {
        let (_, stdout, stderr) = run(&[
            "check",
            "--format",
            "human",
            "--color",
            "never",
            "--isolated",
            target,
        ]);
        assert!(stderr.starts_with("found "), "{target}: {stderr}");
        stdout
    };
    insta::assert_snapshot!(
        "project_py_functions_worker",
        human("testdata/projects/py_functions/src/billing/worker.py")
    );
    insta::assert_snapshot!(
        "project_py_fixtures_test_flow",
        human("testdata/projects/py_fixtures/tests/integration/test_flow.py")
    );
    insta::assert_snapshot!(
        "project_rs_workspace",
        human("testdata/projects/rs_workspace")
    );
    insta::assert_snapshot!(
        "project_rs_cycle_lib",
        human("testdata/projects/rs_cycle/src/lib.rs")
    );
}

/// `from kafka import KafkaConsumer` where the project itself has a top-level `kafka.py`:
/// that is the project's module, not kafka-python. Written to a temporary directory rather
/// than kept under `testdata/projects/`: module paths are looked up run-wide today (see the
/// test above), so a top-level `kafka` module there would shadow kafka-python for every
/// fixture of the repository linted in one run (`offsetlint check testdata`).
#[test]
fn a_top_level_project_module_named_kafka_is_not_kafka_python() {
    let d = tempfile::tempdir().unwrap();
    let files: &[(&str, &str)] = &[
        (
            "pyproject.toml",
            "[project]\nname = \"queue\"\nversion = \"0.1.0\"\n",
        ),
        (
            "kafka.py",
            "\"\"\"In-house queue classes, not kafka-python.\"\"\"\n\n\n\
             class KafkaProducer:\n    def send(self, value: bytes) -> None:\n        pass\n\n\n\
             class KafkaConsumer:\n    def commit(self) -> None:\n        pass\n",
        ),
        ("app/__init__.py", ""),
        (
            "app/bridge.py",
            "import kafka\nfrom kafka import KafkaConsumer, KafkaProducer\n\n\n\
             def run(order_consumer, event_producer) -> None:\n\
             \x20   consumer = KafkaConsumer()\n    consumer.commit()\n\
             \x20   producer = KafkaProducer()\n    producer.send(b\"x\")\n\
             \x20   kafka.KafkaConsumer().commit()\n\
             \x20   order_consumer.commit()\n    event_producer.send(b\"x\")\n",
        ),
        (
            "app/worker.py",
            "from confluent_kafka import Consumer\n\nfrom kafka import KafkaConsumer\n\n\n\
             def run(order_consumer) -> None:\n\
             \x20   consumer = KafkaConsumer()\n    consumer.commit()\n\
             \x20   order_consumer.commit()  # expect: OL101\n\
             \x20   c = Consumer({\"group.id\": \"g\", \"enable.auto.commit\": False})\n    c.commit()  # expect: OL101\n",
        ),
    ];
    for (name, text) in files {
        let p = d.path().join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    let annotated = annotations(d.path()).unwrap();
    assert_eq!(annotated["app/worker.py"].expect.len(), 2);
    let found = check_json(d.path(), d.path());
    let problems = compare(&annotated, &found);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Shapes of real rdkafka code that must keep resolving (issue 20, items 4 and 6): producers
/// without a delivery callback built every other way (`from_config`, fields typed with the
/// default context, a `create()` in another method's struct literal, a context whose
/// `delivery` is empty), and explicit offset stores in trait impls. Each project holds the
/// must-flag lines and their correct twins; every finding is resolved, none is a gap.
#[test]
fn rdkafka_construction_and_trait_store_shapes_resolve() {
    for (project, flagged) in [("rs_producer_constructions", 8), ("rs_trait_store", 2)] {
        let dir = Path::new(PROJECTS).join(project);
        let annotated = annotations(&dir).unwrap();
        let expected: usize = annotated.values().map(|a| a.expect.len()).sum();
        let gaps: usize = (annotated.values())
            .map(|a| a.missed.len() + a.extra.len())
            .sum();
        assert_eq!(
            (expected, gaps),
            (flagged, 0),
            "{project}: annotations changed"
        );
        let with_resolution = check_json_resolution(&dir, &dir);
        let found: Found = with_resolution.iter().map(|(f, _)| f.clone()).collect();
        let problems = compare(&annotated, &found);
        assert!(problems.is_empty(), "{project}:\n{}", problems.join("\n"));
        for (finding, resolution) in &with_resolution {
            assert_eq!(
                resolution.as_deref(),
                Some("resolved"),
                "{project}: {finding:?}"
            );
        }
    }
}

/// Issue 20, items 3 and 5: a wrapper's `__getattr__` that delegates to its client field makes
/// its unknown attributes the client's methods (and says so), and a factory fixture's product
/// is what the factory builds: the project's own consumer (never a heuristic client) or a
/// Kafka client, "from fixture" the factory.
#[test]
fn delegation_and_factory_fixtures_resolve() {
    let human = |target: &str| {
        let (_, stdout, _) = run(&["check", "--format", "human", "--color", "never", target]);
        stdout
    };
    let relay = human("testdata/projects/py_delegation/app/relay.py");
    for by in ["SafeProducer", "ManagedConsumer", "AsyncManagedConsumer"] {
        assert!(
            relay.contains(&format!("delegated by `{by}.__getattr__`")),
            "{by}:\n{relay}"
        );
    }
    let factories = human("testdata/projects/py_factory_fixture/tests/test_factories.py");
    assert!(
        factories.contains("from fixture `kafka_producer_factory`"),
        "{factories}"
    );
    for project in ["py_delegation", "py_factory_fixture"] {
        let dir = Path::new(PROJECTS).join(project);
        let found = check_json_resolution(&dir, &dir);
        assert!(!found.is_empty(), "{project}: no findings");
        for ((file, line, code), resolution) in &found {
            assert_eq!(
                resolution.as_deref(),
                Some("resolved"),
                "{project}/{file}:{line} {code}"
            );
        }
    }
}

/// OL401/OL402: the import lines of a module that reach forbidden code only through project
/// modules are one finding, at the first of them; JSON counts the others in `also` and the
/// labels name them. Direct imports stay findings of their own, with `also` 0.
#[test]
fn boundary_findings_stand_for_their_module_once() {
    // (line, also, labels) of each finding of a file.
    type Expected = &'static [(usize, u64, usize)];
    let cases: &[(&str, Expected)] = &[
        ("py_test_support/app/sample_fixtures.py", &[(5, 2, 2)]),
        (
            "py_test_support/app/replay_fixtures.py",
            &[(2, 0, 0), (3, 0, 0), (4, 1, 1)],
        ),
        (
            "rs_checkpoint_chain/crates/store/src/checkpoint.rs",
            &[(3, 3, 3)],
        ),
    ];
    for (file, want) in cases {
        let path = Path::new(PROJECTS).join(file);
        let project: PathBuf = Path::new(PROJECTS).join(file.split('/').next().unwrap());
        let args = [
            "check",
            "--format",
            "json",
            "--isolated",
            project.to_str().unwrap(),
        ];
        let (_, stdout, stderr) = run(&args);
        assert!(stderr.trim().is_empty(), "{stderr}");
        let items: Vec<serde_json::Value> = serde_json::from_str(&stdout).unwrap();
        let got: Vec<(usize, u64, usize)> = items
            .iter()
            .filter(|i| Path::new(i["path"].as_str().unwrap()) == path)
            .map(|i| {
                (
                    i["line"].as_u64().unwrap() as usize,
                    i["also"].as_u64().unwrap(),
                    i["labels"].as_array().unwrap().len(),
                )
            })
            .collect();
        assert_eq!(&got, want, "{file}");
    }
}

/// kafka-python pinned to 2.0 (`requirements.txt` including `requirements/base.txt`), 2.2
/// (`poetry.lock`, over `pyproject.toml`'s `^2.0`) and 3.0 (`setup.cfg`): the default `acks`
/// OL205 judges, OL101's `OffsetAndMetadata` form and the inventory's defaults follow the pin,
/// and each says which version it used and where it read it.
#[test]
fn kafka_python_pins_decide_defaults_and_fix_forms() {
    use serde_json::Value;
    let two_fields = "OffsetAndMetadata(msg.offset + 1, \"\")})";
    let three_fields = "OffsetAndMetadata(msg.offset + 1, \"\", -1)})";
    let pins = [
        (
            "py_pin_kafka_python_2_0",
            "==2.0.2",
            "requirements/base.txt",
            "1",
            two_fields,
        ),
        (
            "py_pin_kafka_python_2_2",
            "2.2.15",
            "poetry.lock",
            "1",
            three_fields,
        ),
        (
            "py_pin_kafka_python_3_0",
            "~=3.0",
            "setup.cfg",
            "all",
            two_fields,
        ),
    ];
    for (project, version, from, acks, form) in pins {
        let dir = format!("{PROJECTS}/{project}");
        let (_, stdout, stderr) = run(&["check", "--isolated", "--format", "json", &dir]);
        let findings: Vec<Value> = serde_json::from_str(&stdout).expect(&stderr);
        let with =
            |code: &str| -> Vec<&Value> { findings.iter().filter(|f| f["code"] == code).collect() };
        let [commit] = with("OL101")[..] else {
            panic!("{project}: one OL101 expected: {findings:?}");
        };
        let fix = commit["fix"]["edits"][0]["content"]
            .as_str()
            .unwrap_or_default();
        assert_eq!(
            fix,
            format!("consumer.commit({{TopicPartition(msg.topic, msg.partition): {form}"),
            "{project}"
        );
        let defaults: Vec<&str> = (with("OL205").iter())
            .filter_map(|f| f["message"].as_str())
            .filter(|m| m.contains("default"))
            .collect();
        if acks == "1" {
            let [message] = defaults[..] else {
                panic!("{project}: one OL205 on the default expected: {defaults:?}");
            };
            assert!(
                message.contains(&format!("kafka-python {version} ({from})")),
                "{message}"
            );
        } else {
            assert!(defaults.is_empty(), "{project}: {defaults:?}");
        }
        let (_, stdout, stderr) = run(&["inventory", "--isolated", "--format", "json", &dir]);
        let inventory: Value = serde_json::from_str(&stdout).expect(&stderr);
        let clients = inventory["clients"].as_array().unwrap();
        let producer = (clients.iter())
            .find(|c| c["function"] == "make_producer")
            .unwrap();
        assert_eq!(producer["pinned"]["version"], version, "{project}");
        assert_eq!(
            producer["pinned"]["from"],
            serde_json::json!([from]),
            "{project}"
        );
        let setting = |name: &str| {
            let settings = producer["settings"].as_array().unwrap();
            let s = settings.iter().find(|s| s["name"] == name).unwrap();
            (s["value"].clone(), s["source"].clone())
        };
        assert_eq!(
            setting("acks"),
            (Value::from(acks), Value::from("default")),
            "{project}"
        );
        let idempotence = if acks == "all" { "true" } else { "false" };
        assert_eq!(
            setting("idempotence"),
            (Value::from(idempotence), Value::from("default")),
            "{project}"
        );
    }
}

/// A repository copied without its `.git` (a tarball, a zip download): a Django site's apps
/// sit beside its `manage.py`, which puts that directory on `sys.path`, so a namespace
/// package below an app (`inventory/kafka/`, no `__init__.py`) is `inventory.kafka` and the
/// app's relative import of it resolves. And each service of a monorepo pins its clients in
/// its own `requirements.txt`: kafka-python 2.0 there leaves `acks=1` as the default (OL205),
/// 3.0 beside it does not, whatever the repository's root says.
#[test]
fn django_sites_and_service_requirements_below_the_root() {
    let d = tempfile::tempdir().unwrap();
    let files: &[(&str, &str)] = &[
        ("Dockerfile", "FROM python:3.12\n"),
        (
            "site/requirements.txt",
            "django==4.2.9\nkafka-python==2.0.2\n",
        ),
        ("site/manage.py", "import sys\n"),
        ("site/inventory/__init__.py", ""),
        (
            "site/inventory/kafka/producer.py",
            "from kafka import KafkaProducer\n\n\
             producer = KafkaProducer(  # expect: OL205\n    bootstrap_servers=\"b:9092\",\n)\n",
        ),
        (
            "site/inventory/signals.py",
            "from .kafka.producer import producer\n\n\n\
             def publish(event):\n    producer.send(\"stock\", event)  # expect: OL201\n\n\n\
             def publish_confirmed(event):\n    producer.send(\"stock\", event).get(timeout=10)\n",
        ),
        ("services/requirements.txt", "kafka-python==2.0.2\n"),
        ("services/orders/requirements.txt", "kafka-python==3.0.0\n"),
        (
            "services/orders/app.py",
            "from kafka import KafkaProducer\n\n\
             producer = KafkaProducer(bootstrap_servers=\"b:9092\")\n",
        ),
        ("services/billing/requirements.txt", "requests==2.32.0\n"),
        (
            "services/billing/app.py",
            "from kafka import KafkaProducer\n\n\
             producer = KafkaProducer(bootstrap_servers=\"b:9092\")  # expect: OL205\n",
        ),
    ];
    for (name, text) in files {
        common::write(d.path(), name, text);
    }
    std::fs::create_dir(d.path().join("services/.git")).unwrap();
    let annotated = annotations(d.path()).unwrap();
    let expected: usize = annotated.values().map(|a| a.expect.len()).sum();
    assert_eq!(expected, 3);
    let found = check_json(d.path(), d.path());
    let problems = compare(&annotated, &found);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A repository copied without its `.git` and with no other marker: the directory holding its
/// `requirements.txt` is where its scripts run from, so `from kafkaLogic.factory import
/// setup_consumer` in `controller.py` is `kafkaLogic/factory.py` (a namespace package there),
/// whether the directory or the file alone is named. A test directory's own requirements file
/// below a real marker changes nothing (the Django test above).
#[test]
fn a_copy_without_markers_runs_from_its_requirements_directory() {
    let d = tempfile::tempdir().unwrap();
    let files: &[(&str, &str)] = &[
        ("requirements.txt", "confluent-kafka==2.4.0\n"),
        (
            "kafkaLogic/factory.py",
            "from confluent_kafka import Consumer\n\n\n\
             def setup_consumer(config, group):\n    config[\"group.id\"] = group\n    \
             consumer = Consumer(config)\n    return consumer\n",
        ),
        (
            "kafkaLogic/consume.py",
            "def consume(consumer):\n    while True:\n        msg = consumer.poll(10)\n        \
             if msg is not None and msg.error() is None:\n            return msg\n",
        ),
        (
            "controller.py",
            "import pickle\n\nfrom kafkaLogic.consume import consume\n\
             from kafkaLogic.factory import setup_consumer\n\n\n\
             def main(config, store):\n    consumer = setup_consumer(config, \"controller\")\n    \
             while True:\n        msg = consume(consumer)\n        \
             consumer.commit(asynchronous=False)  # expect: OL101, OL104\n        \
             store.save(pickle.loads(msg.value()))\n",
        ),
    ];
    for (name, text) in files {
        common::write(d.path(), name, text);
    }
    assert!(
        !(d.path().ancestors().skip(1)).any(|a| [
            "pyproject.toml",
            "setup.py",
            ".git",
            "requirements.txt"
        ]
        .iter()
        .any(|m| a.join(m).exists())),
        "a project marker above {:?}",
        d.path()
    );
    let annotated = annotations(d.path()).unwrap();
    let found = check_json(d.path(), d.path());
    let problems = compare(&annotated, &found);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let alone = check_json(d.path(), &d.path().join("controller.py"));
    let whole: Found = (found.into_iter())
        .filter(|(f, _, _)| f == "controller.py")
        .collect();
    assert_eq!(alone, whole);
}
