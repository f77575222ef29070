//! Jupyter notebooks (`testdata/notebooks`): discovered and linted as Python, findings
//! reported at the notebook's cell and the line in that cell in every format, magic lines
//! blanked without moving positions, suppressions in cells, OL001 for a malformed notebook or
//! a cell that does not parse (the other cells linted), no fix offered, and a notebook joining a production group
//! (OL404) in a project.

use offsetlint::cli::{main_with_args, Output};
use offsetlint::ExitStatus;
use serde_json::Value;

const DIR: &str = "testdata/notebooks";
const REPLAY: &str = "testdata/notebooks/replay.ipynb";

fn run(args: &[&str]) -> (ExitStatus, Output) {
    main_with_args(
        ["offsetlint", "check", "--isolated"]
            .into_iter()
            .chain(args.iter().copied())
            .map(String::from),
    )
}

fn concise(args: &[&str]) -> Vec<String> {
    let args: Vec<&str> = ["--format", "concise"]
        .into_iter()
        .chain(args.iter().copied())
        .collect();
    let (_, out) = run(&args);
    out.stdout.lines().map(String::from).collect()
}

fn json(args: &[&str], format: &str) -> Value {
    let args: Vec<&str> = ["--format", format]
        .into_iter()
        .chain(args.iter().copied())
        .collect();
    let (_, out) = run(&args);
    serde_json::from_str(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", out.stdout))
}

/// The bare commit in the third cell (after two magic lines) and the one in the fifth (after a
/// shell line in its loop); the markdown cell, the outputs, the `%%bash` cell and the
/// suppressed commit are not findings.
#[test]
fn findings_at_cell_and_line() {
    let (status, out) = run(&["--format", "concise", REPLAY]);
    assert_eq!(status, ExitStatus::Findings, "{}{}", out.stdout, out.stderr);
    assert_eq!(
        out.stdout.lines().collect::<Vec<_>>(),
        [
            "testdata/notebooks/replay.ipynb:4:1: OL101 [bare-commit] `commit` commits the consumer's position, not a processed message (cell 3)",
            "testdata/notebooks/replay.ipynb:4:5: OL101 [bare-commit] `commit` commits the consumer's position, not a processed message (cell 5)",
        ]
    );
}

#[test]
fn every_format_names_the_cell() {
    let (_, human) = run(&["--color", "never", REPLAY]);
    assert!(
        human
            .stdout
            .contains("[testdata/notebooks/replay.ipynb:4:1 (cell 3)]"),
        "{}",
        human.stdout
    );
    // The snippet is numbered as the cell.
    assert!(
        human.stdout.contains(" 4 │ consumer.commit()"),
        "{}",
        human.stdout
    );

    let items = json(&[REPLAY], "json");
    let first = &items[0];
    assert_eq!(
        (
            &first["cell"],
            &first["line"],
            &first["column"],
            &first["end_line"]
        ),
        (
            &Value::from(3),
            &Value::from(4),
            &Value::from(1),
            &Value::from(4)
        )
    );
    assert_eq!(items[1]["cell"], 5);
    // No fix is offered in a notebook, but the suggestion stays in the help: `msg` is the
    // one message bound before cell 3's commit (`m` is bound later, in cell 5); at cell 5's
    // commit both are, so it names neither.
    assert!(first["fix"].is_null(), "{first}");
    assert!(first["help"]
        .as_str()
        .unwrap()
        .contains("commit(message=msg)"));
    assert!(items[1]["help"]
        .as_str()
        .unwrap()
        .contains("commit(message=<message>)"));

    let sarif = json(&[REPLAY], "sarif");
    let region = &sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"];
    assert_eq!(
        (&region["startLine"], &region["properties"]["cell"]),
        (&Value::from(4), &Value::from(3))
    );

    let (_, github) = run(&["--format", "github", REPLAY]);
    let line = github.stdout.lines().next().unwrap();
    assert!(
        line.contains("line=4,col=1,") && line.contains("title=OL101 bare-commit (cell 3)"),
        "{line}"
    );

    let gitlab = json(&[REPLAY], "gitlab");
    assert_eq!(gitlab[0]["location"]["positions"]["begin"]["line"], 4);
    assert!(gitlab[0]["description"]
        .as_str()
        .unwrap()
        .ends_with("(cell 3)"));

    let (_, junit) = run(&["--format", "junit", REPLAY]);
    assert!(
        junit.stdout.contains("replay.ipynb:4:1: OL101")
            && junit.stdout.contains("processed message (cell 3)")
            && junit.stdout.contains("bare-commit at 4:1 (cell 3)"),
        "{}",
        junit.stdout
    );
}

/// A cell that does not parse is OL001 at that cell; a notebook that is not JSON is OL001 at
/// the offending byte, and the other notebooks are still linted.
#[test]
fn syntax_errors_and_malformed_notebooks() {
    assert_eq!(
        concise(&["testdata/notebooks/syntax_error.ipynb"]),
        ["testdata/notebooks/syntax_error.ipynb:1:12: OL001 [syntax-error] warning: syntax error: Expected a parameter or the end of the parameter list (cell 3)"]
    );
    let (status, out) = run(&["--format", "concise", DIR]);
    assert_eq!(status, ExitStatus::Findings, "{}", out.stderr);
    assert!(
        out.stdout.contains("testdata/notebooks/malformed.ipynb:4:3: OL001 [syntax-error] warning: not a valid Jupyter notebook"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("replay.ipynb:4:1: OL101"),
        "{}",
        out.stdout
    );
    // A notebook of another kernel has no Python to lint.
    assert!(!out.stdout.contains("not_python"), "{}", out.stdout);
}

/// A cell that does not parse is OL001 at that cell, and the others are linted: the text a
/// `%load` brought in (cell 2), a parameter list cut short (cell 7); the line magic and the
/// shell line of cell 3 and the `%%bash` and `%%sql` cells do not stop the bare commit of
/// cell 6 from being found.
#[test]
fn a_cell_that_does_not_parse_leaves_the_others_linted() {
    assert_eq!(
        concise(&["testdata/notebooks/broken_cells.ipynb"]),
        [
            "testdata/notebooks/broken_cells.ipynb:2:8: OL001 [syntax-error] warning: syntax error: Simple statements must be separated by newlines or semicolons (cell 2)",
            "testdata/notebooks/broken_cells.ipynb:2:1: OL101 [bare-commit] `commit` commits the consumer's position, not a processed message (cell 6)",
            "testdata/notebooks/broken_cells.ipynb:1:12: OL001 [syntax-error] warning: syntax error: Expected a parameter or the end of the parameter list (cell 7)",
        ]
    );
}

/// The concise position is `path:line:col:` whatever the file, as compilers print it, so an
/// editor's error format (Vim's `%f:%l:%c: %m`) reads a notebook's findings as any other's:
/// the line and column are the cell's, and the cell ends the line.
#[test]
fn concise_positions_parse_as_compiler_positions() {
    for line in concise(&[REPLAY]) {
        let mut parts = line.splitn(4, ':');
        let (path, row, col, rest) = (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        );
        assert_eq!(path, REPLAY, "{line}");
        assert!(
            row.parse::<u32>().is_ok() && col.parse::<u32>().is_ok(),
            "{line}"
        );
        assert!(rest.starts_with(" OL101 ") && rest.ends_with(')'), "{line}");
    }
}

/// Notebooks are found by the walk and left out by `exclude` as other files are.
#[test]
fn walked_and_excluded() {
    let files: Vec<String> = concise(&[DIR])
        .iter()
        .map(|l| l.split(':').next().unwrap().to_string())
        .collect();
    assert!(
        files.iter().any(|f| f.ends_with("replay.ipynb")),
        "{files:?}"
    );
    let excluded = concise(&["--exclude", "replay.ipynb", DIR]);
    assert!(
        !excluded.iter().any(|l| l.contains("replay.ipynb")),
        "{excluded:?}"
    );
}

/// `--fix` leaves a notebook as it is (no fix is offered there).
#[test]
fn fix_leaves_notebooks_alone() {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("replay.ipynb");
    std::fs::copy(REPLAY, &copy).unwrap();
    let (status, _) = run(&["--fix", "--unsafe-fixes", copy.to_str().unwrap()]);
    assert_eq!(status, ExitStatus::Findings);
    assert_eq!(
        std::fs::read(&copy).unwrap(),
        std::fs::read(REPLAY).unwrap()
    );
}

/// A notebook is scratch code whatever its name: its consumer in the production group is
/// OL404 at its cell, with the production consumer as the related location.
#[test]
fn notebook_joining_a_production_group() {
    let items = json(&["testdata/notebooks/project"], "json");
    let items = items.as_array().unwrap();
    assert_eq!(items.len(), 1, "{items:?}");
    let f = &items[0];
    assert_eq!(f["code"], "OL404");
    assert_eq!(f["path"], "testdata/notebooks/project/analysis.ipynb");
    assert_eq!((&f["cell"], &f["line"]), (&Value::from(3), &Value::from(1)));
    assert_eq!(
        f["related"][0]["path"],
        "testdata/notebooks/project/app/worker.py"
    );
    assert_eq!(f["related"][0]["line"], 8);
}
