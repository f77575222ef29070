//! Configuration that matches nothing: one warning line on stderr each, naming the value, the
//! key and where it is set, whatever the output format and with `-q`; the exit code is the
//! run's own. File patterns are judged only when the run walked the configuration's whole
//! directory (a directory argument, or the project of a named file).

use std::path::Path;

use offsetlint::ExitStatus;

mod common;

use common::{run, s, write};

const BARE_COMMIT: &str = "from confluent_kafka import Consumer\n\nconsumer = Consumer({\"group.id\": \"g\", \"enable.auto.commit\": False})\nmsg = consumer.poll(1.0)\nconsumer.commit()\n";

/// One mistake of each kind, next to the same keys spelt right (which must stay silent).
/// `*watermark*` restates a default (kept for files to come): never reported.
const CONFIG: &str = r#"checkpoint-globs = ["*chekpoint*", "*offset_store*", "*watermark*"]

[per-file-ignores]
"tset/**" = ["OL101"]
"app/**" = ["OL205"]

[[clients]]
path = "common.mqueu.MQWriter"
behaves-as = "confluent_kafka.Producer"

[[clients]]
path = "common.mqueue.MQWriter"
behaves-as = "confluent_kafka.Producer"

[[factories]]
path = "vendorlib.kafka.make_producer"
returns = "confluent_kafka.Producer"

[[boundaries]]
name = "ledger-offline"
files = ["ledgr/**"]
forbidden = ["requests"]

[[boundaries]]
name = "app-offline"
files = ["app/**"]
forbidden = ["requests"]
"#;

/// A project: its configuration, a wrapper module, a worker with an OL101 finding (or
/// without, `clean`), an offset store.
fn project(clean: bool) -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "offsetlint.toml", CONFIG);
    write(d.path(), "common/__init__.py", "");
    write(d.path(), "common/mqueue.py", "class MQWriter:\n    pass\n");
    let worker = if clean { "x = 1\n" } else { BARE_COMMIT };
    write(d.path(), "app/worker.py", worker);
    write(d.path(), "app/offset_store.py", "x = 1\n");
    d
}

/// The warning lines expected for [`CONFIG`] in `dir`, in the order they are printed.
fn expected(dir: &Path) -> Vec<String> {
    let config = dir.join("offsetlint.toml");
    let at = |line_col: &str| format!("{}:{line_col}", config.display());
    vec![
        format!(
            "warning: `tset/**` in `per-file-ignores` in {} matches no file of the project",
            at("4:1")
        ),
        format!(
            "warning: `*chekpoint*` in `checkpoint-globs` in {} matches no file of the project",
            at("1:21")
        ),
        format!(
            "warning: `ledgr/**` in `boundaries` in {} matches no file of the project",
            at("21:10")
        ),
        format!(
            "warning: `common.mqueu.MQWriter` in `clients` in {} names a package of the project but no module or class in it",
            at("8:8")
        ),
    ]
}

fn warnings(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter(|l| l.starts_with("warning: "))
        .map(str::to_string)
        .collect()
}

#[test]
fn each_mistake_is_one_line_in_every_format_and_the_exit_code_is_the_runs() {
    for (clean, status) in [(false, ExitStatus::Findings), (true, ExitStatus::Clean)] {
        let d = project(clean);
        let want = expected(d.path());
        for &format in common::FORMATS {
            for quiet in [false, true] {
                let mut args = vec!["check", "--format", format, s(d.path())];
                if quiet {
                    args.push("-q");
                }
                let (got, out) = run(&args);
                assert_eq!(got, status, "{format} quiet={quiet}: {}", out.stderr);
                assert_eq!(
                    warnings(&out.stderr),
                    want,
                    "{format} quiet={quiet}: {}",
                    out.stderr
                );
                assert!(
                    !out.stdout.contains("matches no file"),
                    "warnings go to stderr only"
                );
            }
        }
        // `--fail-on error` and `--exit-zero` are not changed by them either.
        let (got, _) = run(&["check", "--exit-zero", s(d.path())]);
        assert_eq!(got, ExitStatus::Clean);
    }
}

#[test]
fn a_run_that_saw_part_of_the_files_judges_no_pattern() {
    let d = project(false);
    let worker = d.path().join("app/worker.py");
    // No project marker: naming one file walks only it (as a pre-commit hook does), and a
    // pattern matching none of the files named says nothing.
    let (status, out) = run(&["check", s(&worker)]);
    assert_eq!(status, ExitStatus::Findings);
    assert_eq!(
        warnings(&out.stderr),
        Vec::<String>::new(),
        "{}",
        out.stderr
    );
    // With a project marker the run walks the whole project for resolution anyway: the same
    // warnings as the whole-tree run, so pre-commit and CI agree.
    write(d.path(), "pyproject.toml", "[project]\nname = \"svc\"\n");
    let (status, out) = run(&["check", s(&worker)]);
    assert_eq!(status, ExitStatus::Findings);
    assert_eq!(warnings(&out.stderr), expected(d.path()), "{}", out.stderr);
}

#[test]
fn the_default_globs_and_a_configuration_without_mistakes_are_silent() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "app/worker.py", BARE_COMMIT);
    write(
        d.path(),
        "offsetlint.toml",
        "[per-file-ignores]\n\"app/*.py\" = [\"OL205\"]\n",
    );
    let (status, out) = run(&["check", s(d.path())]);
    assert_eq!(status, ExitStatus::Findings);
    assert_eq!(
        warnings(&out.stderr),
        Vec::<String>::new(),
        "{}",
        out.stderr
    );
}

#[test]
fn a_rust_path_into_the_crate_is_judged_as_a_python_one() {
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "Cargo.toml",
        "[package]\nname = \"billing\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    write(d.path(), "src/lib.rs", "pub mod kafka;\n");
    write(d.path(), "src/kafka.rs", "pub struct Sink;\n");
    write(
        d.path(),
        "offsetlint.toml",
        "[[clients]]\npath = \"billing::kafak::Sink\"\nbehaves-as = \"rdkafka::producer::FutureProducer\"\n\n\
         [[clients]]\npath = \"billing::kafka::Sink\"\nbehaves-as = \"rdkafka::producer::FutureProducer\"\n",
    );
    let (status, out) = run(&["check", s(d.path())]);
    assert_eq!(status, ExitStatus::Clean, "{}", out.stderr);
    assert_eq!(
        warnings(&out.stderr),
        [format!(
            "warning: `billing::kafak::Sink` in `clients` in {}:2:8 names a package of the project but no module or class in it",
            d.path().join("offsetlint.toml").display()
        )]
    );
}

#[test]
fn module_paths_of_boundaries_and_network_modules_into_the_project_are_judged() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "app/__init__.py", "");
    write(d.path(), "app/bus.py", "def publish():\n    pass\n");
    write(d.path(), "app/domain/invoice.py", "x = 1\n");
    write(
        d.path(),
        "offsetlint.toml",
        "network-modules = [\"pymemcache\", \"app.rpc\", \"app.bus\"]\n\n\
         [[boundaries]]\nname = \"domain-pure\"\nfiles = [\"app/domain/**\"]\n\
         forbidden = [\"confluent_kafka\", \"app.buss\", \"app.bus.publish\", \"app\"]\n",
    );
    let (status, out) = run(&["check", s(d.path())]);
    assert_eq!(status, ExitStatus::Clean, "{}", out.stderr);
    let config = d.path().join("offsetlint.toml");
    let line = |value: &str, key: &str, at: &str| {
        format!(
            "warning: `{value}` in `{key}` in {}:{at} names a package of the project but no module or class in it",
            config.display()
        )
    };
    assert_eq!(
        warnings(&out.stderr),
        [
            line("app.rpc", "network-modules", "1:34"),
            line("app.buss", "boundaries", "6:33"),
        ]
    );
}
