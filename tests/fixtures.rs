//! Runs every fixture under `testdata/` with all rules on and checks that the findings are
//! exactly the ones annotated in the file: `# expect: OL101` / `// expect: OL101, OL201` on
//! the line a finding starts on, or `expect-file: OL001` anywhere for a finding on any line.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use offsetlint::language;
use offsetlint::lint_source;
use offsetlint::LineIndex;
use offsetlint::Settings;

fn fixtures(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            fixtures(&p, out);
        } else if language(&p).is_some() {
            out.push(p);
        }
    }
}

/// (line, code) pairs annotated in the file; line 0 stands for "any line".
fn expected(source: &str) -> BTreeSet<(usize, String)> {
    let mut set = BTreeSet::new();
    for (i, line) in source.lines().enumerate() {
        for (marker, at_line) in [("expect-file:", 0), ("expect:", i + 1)] {
            let Some(pos) = line.find(marker) else {
                continue;
            };
            if marker == "expect:"
                && line[..pos].ends_with("expect-file:".trim_end_matches("expect:"))
            {
                continue;
            }
            for code in line[pos + marker.len()..].split(',') {
                let code = code.split_whitespace().next().unwrap_or("");
                if code.starts_with("OL") {
                    set.insert((at_line, code.to_string()));
                }
            }
        }
    }
    set
}

#[test]
fn every_fixture_yields_exactly_its_annotations() {
    let mut files = Vec::new();
    fixtures(Path::new("testdata"), &mut files);
    assert!(
        files.len() > 20,
        "expected the fixture corpus, found {} files",
        files.len()
    );
    let settings = Settings::default();
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in &files {
        let Ok(source) = std::fs::read_to_string(path) else {
            continue; // non-UTF-8 inputs are covered by the CLI tests
        };
        checked += 1;
        let lang = language(path).unwrap();
        let lines = LineIndex::new(&source);
        let want = expected(&source);
        let whole_file: BTreeSet<String> = want
            .iter()
            .filter(|(l, _)| *l == 0)
            .map(|(_, c)| c.clone())
            .collect();
        let got: BTreeSet<(usize, String)> = lint_source(path, &source, lang, &settings)
            .iter()
            .map(|f| {
                let code = f.rule.code().to_string();
                let line = if whole_file.contains(&code) {
                    0
                } else {
                    lines.line(f.range.start)
                };
                (line, code)
            })
            .collect();
        let missing: Vec<_> = want.difference(&got).collect();
        let extra: Vec<_> = got.difference(&want).collect();
        if !missing.is_empty() || !extra.is_empty() {
            failures.push(format!(
                "{}:\n  missing {:?}\n  unexpected {:?}",
                path.display(),
                missing,
                extra
            ));
        }
    }
    assert!(checked > 20);
    assert!(
        failures.is_empty(),
        "{} fixture(s) differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
