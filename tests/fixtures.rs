//! Runs every fixture under `testdata/` with all rules on and checks that the findings are
//! exactly the ones annotated in the file: `# expect: OL101` / `// expect: OL101, OL201` on
//! the line a finding starts on, or `expect-file: OL001` anywhere for a finding on any line
//! (the annotation grammar is in `tests/common/mod.rs`). A fixture with an `offsetlint.toml`
//! next to it is linted with that configuration.

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use common::{
    difference, expectations, fixture_expectations, fixtures, observed, ANY_LINE, NOT_UTF8,
};
use offsetlint::{language, lint_source, LineIndex, Settings};

#[test]
fn every_fixture_yields_exactly_its_annotations() {
    let files = fixtures(Path::new("testdata"));
    assert!(
        files.len() > 20,
        "expected the fixture corpus, found {} files",
        files.len()
    );
    let default = Settings::default();
    let mut failures = Vec::new();
    let mut undecodable = BTreeSet::new();
    let mut checked = 0;
    for path in &files {
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let Ok(source) = String::from_utf8(bytes.clone()) else {
            // `lint_source` takes text: these go through the binary's own reading (listed in
            // NOT_UTF8, asserted after the loop), with the same annotations.
            undecodable.insert(path.to_string_lossy().replace('\\', "/"));
            match expectations(&String::from_utf8_lossy(&bytes)) {
                Ok(want) => {
                    if let Some(diff) = difference(&want, &observed(&want, linted_bytes(path))) {
                        failures.push(format!("{}:\n  {diff}", path.display()));
                    }
                }
                Err(e) => failures.push(format!("{}: bad annotation: {e}", path.display())),
            }
            continue;
        };
        checked += 1;
        let want = match fixture_expectations(&source) {
            Ok(want) => want,
            Err(e) => {
                failures.push(format!("{}: bad annotation: {e}", path.display()));
                continue;
            }
        };
        let lang = language(path).unwrap();
        let lines = LineIndex::new(&source);
        // A fixture directory may carry the configuration its fixtures need (OL403).
        let config = path.with_file_name("offsetlint.toml");
        let configured = config
            .is_file()
            .then(|| Settings::from_config_file(&config).unwrap_or_else(|e| panic!("{e}")));
        let settings = configured.as_ref().unwrap_or(&default);
        let lint = |settings: &Settings| {
            lint_source(path, &source, lang, settings)
                .iter()
                .map(|f| (lines.line(f.range.start), f.rule.code().to_string()))
                .collect::<Vec<_>>()
        };
        let found = lint(settings);
        // The prefilter only saves work: with it off (every file analysed) nothing changes.
        let unfiltered = lint(&settings.clone().without_prefilter());
        if unfiltered != found {
            failures.push(format!(
                "{}: with the prefilter off {unfiltered:?}, on {found:?}",
                path.display()
            ));
        }
        if let Some(diff) = difference(&want, &observed(&want, found)) {
            failures.push(format!("{}:\n  {diff}", path.display()));
        }
    }
    let listed: BTreeSet<String> = NOT_UTF8.iter().map(|s| s.to_string()).collect();
    if undecodable != listed {
        failures.push(format!(
            "the fixtures that are not UTF-8 must be exactly NOT_UTF8 (tests/common/mod.rs), \
             which tests/cli.rs covers: found {undecodable:?}, listed {listed:?}"
        ));
    }
    assert_eq!(checked + undecodable.len(), files.len());
    assert!(
        failures.is_empty(),
        "{} fixture(s) differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The (line, code) findings of `offsetlint check --isolated --format json PATH`.
fn linted_bytes(path: &Path) -> Vec<(usize, String)> {
    let args = ["offsetlint", "check", "--isolated", "--format", "json"];
    let (_, out) = offsetlint::cli::main_with_args(
        args.iter()
            .map(|s| s.to_string())
            .chain([path.to_string_lossy().into_owned()]),
    );
    let findings: serde_json::Value = serde_json::from_str(&out.stdout)
        .unwrap_or_else(|e| panic!("{}: {e}: {}", path.display(), out.stderr));
    findings
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            let line = f["line"].as_u64().unwrap() as usize;
            (line, f["code"].as_str().unwrap().to_string())
        })
        .collect()
}

fn set(items: &[(usize, &str)]) -> BTreeSet<(usize, String)> {
    items.iter().map(|(l, c)| (*l, c.to_string())).collect()
}

#[test]
fn annotations_parse_strictly() {
    let src = "# expect-file: OL001\nx.commit()  # expect: OL101, OL002\n\
               p.flush(t).expect(\"x\"); // expect: OL202\n\"\"\"unexpected\"\"\"\n";
    assert_eq!(
        expectations(src).unwrap(),
        set(&[
            (ANY_LINE, "OL001"),
            (2, "OL101"),
            (2, "OL002"),
            (3, "OL202")
        ])
    );
    // `expect-file:` is not also read as a same-line `expect:`.
    assert_eq!(
        expectations("x  # expect-file: OL001\n").unwrap(),
        set(&[(ANY_LINE, "OL001")])
    );
    // Typos, prose after the codes, unknown codes, empty lists and annotations outside a
    // comment are errors, not silently dropped expectations.
    for bad in [
        "x()  # expect: 0L101\n",
        "x()  # expect: OL101 because\n",
        "x()  # expect: OL999\n",
        "x()  # expect:\n",
        "x()  # expect-file: OL1\n",
        "s = \"expect: OL101\"\n",
    ] {
        assert!(expectations(bad).is_err(), "{bad:?} was accepted");
    }
}

#[test]
fn whole_file_expectations_match_any_line() {
    let want = set(&[(ANY_LINE, "OL001"), (3, "OL101")]);
    let got = observed(&want, [(7, "OL001".to_string()), (3, "OL101".to_string())]);
    assert_eq!(difference(&want, &got), None);
    // A whole-file expectation does not absorb findings of other codes or other lines.
    let got = observed(&want, [(7, "OL001".to_string()), (4, "OL101".to_string())]);
    assert!(difference(&want, &got).is_some());
}
