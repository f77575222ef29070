//! `--format sarif`: SARIF 2.1.0, for GitHub code scanning and other SARIF consumers.
//!
//! - `tool.driver.rules`: every rule of the registry, with its summary, its document from
//!   `rules/` as `help.markdown` (and `help.text`), and its group as a tag; no `helpUri`
//!   (an invalid one fails uploads, and the documents ship with the tool);
//! - `results`: one per finding, `ruleId` the code, `level` the finding's (`error` or
//!   `warning`, the rule's `defaultConfiguration` unless `[severity]` changed it); labels are
//!   `relatedLocations`; OL301's numbered labels (the taint path's hops) and a boundary rule's
//!   import chain become a `codeFlows` thread ending at the flagged code; offered fixes are
//!   `fixes`; `partialFingerprints["offsetlint/v1"]` is the baseline key's fingerprint, so an
//!   alert is matched across runs whatever lines move;
//! - findings silenced by a suppression comment or hidden by the baseline are left out
//!   (GitHub would open alerts for them) unless `--sarif-include-suppressed`, which adds
//!   them with `suppressions` (`inSource` with the comment's reason, `external` for the
//!   baseline);
//! - tool errors are `invocations[0].toolExecutionNotifications`, and
//!   `executionSuccessful` is false when there were any;
//! - paths relative to the working directory use `uriBaseId` `%SRCROOT%`; columns count
//!   Unicode code points (`columnKind`), as every format does.

use std::collections::HashMap;
use std::path::Path;

use serde_json::{json, Value};

use super::baseline;
use super::position;
use crate::diagnostic::Finding;
use crate::engine::{FileReport, Report};
use crate::registry::{Group, Rule};

pub const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// What the SARIF log adds to the report.
pub struct SarifOptions<'a> {
    /// The directory relative paths start from (the working directory).
    pub root: &'a Path,
    /// Findings the baseline hid: their file's index in the report, and the finding.
    pub baselined: &'a [(usize, Finding)],
    /// The baseline file, named in the suppressions' justification.
    pub baseline_file: Option<&'a Path>,
    /// Add suppressed and baselined findings, with `suppressions`.
    pub include_suppressed: bool,
}

enum Status<'a> {
    Reported,
    InSource(&'a str),
    Baseline,
}

pub fn sarif(report: &Report, opts: &SarifOptions) -> String {
    let mut results = Vec::new();
    for (i, file) in report.files.iter().enumerate() {
        let mut all: Vec<(&Finding, Status)> = file
            .findings
            .iter()
            .map(|f| (f, Status::Reported))
            .collect();
        if opts.include_suppressed {
            all.extend(
                file.suppressed
                    .iter()
                    .map(|s| (&s.finding, Status::InSource(s.reason.as_str()))),
            );
            all.extend(
                opts.baselined
                    .iter()
                    .filter(|(at, _)| *at == i)
                    .map(|(_, f)| (f, Status::Baseline)),
            );
        }
        all.sort_by_key(|(f, _)| (f.range.start, f.rule, f.range.end));
        let mut seen = HashMap::new();
        for (f, status) in all {
            let print = baseline::fingerprint(file, f, opts.root, &mut seen);
            results.push(result(file, f, &status, print, opts));
        }
    }
    let notifications: Vec<Value> = report
        .errors
        .iter()
        .map(|e| {
            json!({
                "level": "error",
                "message": { "text": e.to_string() },
            })
        })
        .collect();
    let log = json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": driver() },
            "invocations": [{
                "executionSuccessful": report.errors.is_empty(),
                "toolExecutionNotifications": notifications,
            }],
            "originalUriBaseIds": {
                "%SRCROOT%": { "uri": directory_uri(opts.root) },
            },
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    });
    let mut s = serde_json::to_string_pretty(&log).unwrap_or_default();
    s.push('\n');
    s
}

fn driver() -> Value {
    let rules: Vec<Value> = Rule::ALL
        .iter()
        .map(|r| {
            let group = match r.group() {
                Group::Meta => "meta",
                Group::Commit => "commit",
                Group::Delivery => "delivery",
                Group::Taint => "taint",
                Group::Boundary => "boundary",
            };
            json!({
                "id": r.code(),
                "name": r.name(),
                "shortDescription": { "text": r.summary() },
                "fullDescription": { "text": r.summary() },
                "help": { "text": r.doc(), "markdown": r.doc() },
                "defaultConfiguration": { "level": r.default_severity().as_str() },
                "properties": { "tags": ["kafka", group] },
            })
        })
        .collect();
    let mut driver = json!({
        "name": "offsetlint",
        "semanticVersion": env!("CARGO_PKG_VERSION"),
        "version": env!("CARGO_PKG_VERSION"),
        "rules": rules,
    });
    if let Some(uri) = information_uri() {
        driver["informationUri"] = json!(uri);
    }
    driver
}

/// `tool.driver.informationUri`: the package's `repository` (else `homepage`) from
/// Cargo.toml. Cargo.toml names neither yet, so SARIF has none: no address is made up.
fn information_uri() -> Option<&'static str> {
    [env!("CARGO_PKG_REPOSITORY"), env!("CARGO_PKG_HOMEPAGE")]
        .into_iter()
        .find(|u| !u.is_empty())
}

fn result(
    file: &FileReport,
    f: &Finding,
    status: &Status,
    print: String,
    opts: &SarifOptions,
) -> Value {
    let artifact = artifact(&file.path, opts.root);
    let loc = |range, message: Option<&str>| {
        let mut v = json!({
            "physicalLocation": {
                "artifactLocation": artifact.clone(),
                "region": region(file, range),
            }
        });
        if let Some(m) = message {
            v["message"] = json!({ "text": m });
        }
        v
    };
    let mut text = f.message.clone();
    if let Some(help) = &f.help {
        text.push_str("\nhelp: ");
        text.push_str(help);
    }
    let index = Rule::ALL.iter().position(|r| *r == f.rule).unwrap_or(0);
    let mut v = json!({
        "ruleId": f.rule.code(),
        "ruleIndex": index,
        "level": f.severity.as_str(),
        "message": { "text": text },
        "locations": [loc(f.range, f.primary.as_deref())],
        "partialFingerprints": { "offsetlint/v1": print },
    });
    // Locations in other files: the rest of an import chain through project modules.
    let elsewhere: Vec<Value> = f
        .related
        .iter()
        .map(|r| {
            json!({
                "physicalLocation": {
                    "artifactLocation": self::artifact(&r.path, opts.root),
                    "region": { "startLine": r.line, "startColumn": r.column },
                },
                "message": { "text": r.message },
            })
        })
        .collect();
    let related: Vec<Value> = f
        .labels
        .iter()
        .map(|l| loc(l.range, Some(&l.message)))
        .chain(elsewhere.iter().cloned())
        .enumerate()
        .map(|(i, mut r)| {
            r["id"] = json!(i + 1);
            r
        })
        .collect();
    if !related.is_empty() {
        v["relatedLocations"] = Value::Array(related);
    }
    let hops = flow(f);
    let chain_goes_on = f.rule.related_is_chain() && !elsewhere.is_empty();
    if hops.is_some() || chain_goes_on {
        let mut steps: Vec<Value> = hops
            .unwrap_or_default()
            .iter()
            .map(|l| json!({ "location": loc(l.range, Some(&l.message)) }))
            .collect();
        let last = f.primary.as_deref().unwrap_or(&f.message);
        steps.push(json!({ "location": loc(f.range, Some(last)) }));
        // A chain through other modules goes on from the flagged import, hop by hop.
        if chain_goes_on {
            steps.extend(elsewhere.into_iter().map(|l| json!({ "location": l })));
        }
        v["codeFlows"] = json!([{ "threadFlows": [{ "locations": steps }] }]);
    }
    if let Some(fix) = &f.fix {
        let replacements: Vec<Value> = fix
            .edits
            .iter()
            .map(|e| {
                json!({
                    "deletedRegion": region(file, e.range),
                    "insertedContent": { "text": e.content },
                })
            })
            .collect();
        v["fixes"] = json!([{
            "description": { "text": format!("{} fix: review before applying", fix.applicability.as_str()) },
            "artifactChanges": [{ "artifactLocation": artifact.clone(), "replacements": replacements }],
        }]);
    }
    match status {
        Status::Reported => {}
        Status::InSource(reason) => {
            let mut s = json!({ "kind": "inSource", "status": "accepted" });
            if !reason.is_empty() {
                s["justification"] = json!(reason);
            }
            v["suppressions"] = json!([s]);
        }
        Status::Baseline => {
            let why = match opts.baseline_file {
                Some(p) => format!("recorded in the baseline {}", p.display()),
                None => "recorded in the baseline".to_string(),
            };
            v["suppressions"] =
                json!([{ "kind": "external", "status": "accepted", "justification": why }]);
        }
    }
    v
}

/// The hops of a taint path or an import chain, in order: OL301's labels are numbered
/// (`1. model output from ...`); a boundary rule's labels are its chain as listed.
fn flow(f: &Finding) -> Option<Vec<&crate::diagnostic::Label>> {
    match f.rule.group() {
        Group::Taint => {
            let mut hops: Vec<(usize, &crate::diagnostic::Label)> = f
                .labels
                .iter()
                .filter_map(|l| {
                    let (n, _) = l.message.split_once(". ")?;
                    Some((n.parse().ok()?, l))
                })
                .collect();
            hops.sort_by_key(|(n, _)| *n);
            (!hops.is_empty()).then(|| hops.into_iter().map(|(_, l)| l).collect())
        }
        Group::Boundary => (!f.labels.is_empty()).then(|| f.labels.iter().collect()),
        _ => None,
    }
}

fn region(file: &FileReport, range: crate::model::TextRange) -> Value {
    let (line, column, end_line, end_column) = position(file, range);
    let mut region = json!({
        "startLine": line,
        "startColumn": column,
        "endLine": end_line,
        "endColumn": end_column,
    });
    // In a notebook the lines are the cell's: the cell is in the region's property bag.
    if let Some(cell) = super::cell(file, range.start) {
        region["properties"] = json!({ "cell": cell });
    }
    region
}

/// A relative path under `%SRCROOT%`, else a `file://` URI.
fn artifact(path: &Path, root: &Path) -> Value {
    let absolute = super::baseline::absolute(path);
    match absolute.strip_prefix(root) {
        Ok(rel) => json!({ "uri": encode(&super::slash_path(rel)), "uriBaseId": "%SRCROOT%" }),
        Err(_) => json!({ "uri": file_uri(&absolute) }),
    }
}

/// A `file://` URI of an absolute path (the language server's too).
pub(crate) fn file_uri(path: &Path) -> String {
    let s = super::slash_path(path);
    let s = if s.starts_with('/') {
        s
    } else {
        format!("/{s}")
    };
    format!("file://{}", encode(&s))
}

fn directory_uri(dir: &Path) -> String {
    let mut uri = file_uri(dir);
    if !uri.ends_with('/') {
        uri.push('/');
    }
    uri
}

/// Percent-encodes what a URI path may not hold as is (RFC 3986: unreserved characters,
/// sub-delimiters, `:`, `@` and `/` stay).
fn encode(path: &str) -> String {
    let mut out = String::new();
    for b in path.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(b as char)
            }
            b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'=' | b':'
            | b'@' => out.push(b as char),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Lang, LineIndex, TextRange};

    /// Issue 25 item 7 (i): `informationUri` is Cargo.toml's `repository` or `homepage`, and
    /// absent (not invented) while Cargo.toml has neither.
    #[test]
    fn information_uri_comes_from_cargo_toml() {
        let d = driver();
        let declared = [env!("CARGO_PKG_REPOSITORY"), env!("CARGO_PKG_HOMEPAGE")]
            .into_iter()
            .find(|u| !u.is_empty());
        assert_eq!(d["informationUri"].as_str(), declared);
    }

    /// A Python file of the report, with no findings of its own.
    fn python_file(path: &str, source: &str) -> FileReport {
        FileReport {
            path: path.into(),
            lang: Lang::Python,
            lines: LineIndex::new(source),
            source: source.to_string(),
            findings: Vec::new(),
            suppressed: Vec::new(),
            cells: None,
        }
    }

    fn opts() -> SarifOptions<'static> {
        SarifOptions {
            root: Path::new("/"),
            baselined: &[],
            baseline_file: None,
            include_suppressed: false,
        }
    }

    #[test]
    fn encodes_uri_paths() {
        assert_eq!(encode("a b/c%d#é.py"), "a%20b/c%25d%23%C3%A9.py");
        assert_eq!(directory_uri(Path::new("/w x")), "file:///w%20x/");
    }

    /// A boundary finding with an import chain gets a code flow in label order, ending at
    /// the flagged import; without labels it gets none.
    #[test]
    fn boundary_chain_is_a_code_flow() {
        let file = python_file("ckpt.py", "import a\nimport b\n");
        let f = Finding::new(Rule::CheckpointNetworkImport, TextRange::new(9, 17), "m")
            .label(TextRange::new(0, 8), "imports `a`")
            .primary("network import");
        let v = result(&file, &f, &Status::Reported, "x".into(), &opts());
        let steps = &v["codeFlows"][0]["threadFlows"][0]["locations"];
        assert_eq!(steps.as_array().unwrap().len(), 2);
        assert_eq!(steps[0]["location"]["message"]["text"], "imports `a`");
        assert_eq!(
            steps[1]["location"]["physicalLocation"]["region"]["startLine"],
            2
        );
        let bare = Finding::new(Rule::CheckpointNetworkImport, TextRange::new(9, 17), "m");
        let v = result(&file, &bare, &Status::Reported, "x".into(), &opts());
        assert!(v.get("codeFlows").is_none());
        assert!(v.get("relatedLocations").is_none());
    }

    /// A chain through other modules (`related`) goes on from the flagged import, each hop
    /// in its own file, and is listed in `relatedLocations` too.
    #[test]
    fn import_chain_through_other_files_is_a_code_flow() {
        let file = python_file("app/ckpt.py", "import a\n");
        let mut f = Finding::new(Rule::CheckpointNetworkImport, TextRange::new(0, 8), "m");
        for (path, line, message) in [
            ("app/a.py", 3, "imports `app.b`"),
            ("app/b.py", 1, "imports `requests`"),
        ] {
            f.related.push(crate::diagnostic::Related {
                path: path.into(),
                line,
                column: 1,
                message: message.into(),
            });
        }
        // Relative paths are under the working directory: the root here.
        let cwd = std::fs::canonicalize(".").unwrap();
        let opts = SarifOptions {
            root: &cwd,
            ..opts()
        };
        let v = result(&file, &f, &Status::Reported, "x".into(), &opts);
        let steps = v["codeFlows"][0]["threadFlows"][0]["locations"]
            .as_array()
            .unwrap();
        let at = |i: usize| {
            let p = &steps[i]["location"]["physicalLocation"];
            (
                p["artifactLocation"]["uri"].clone(),
                p["region"]["startLine"].clone(),
            )
        };
        assert_eq!(steps.len(), 3);
        assert_eq!(at(0), (json!("app/ckpt.py"), json!(1)));
        assert_eq!(at(1), (json!("app/a.py"), json!(3)));
        assert_eq!(at(2), (json!("app/b.py"), json!(1)));
        assert_eq!(
            steps[2]["location"]["message"]["text"],
            "imports `requests`"
        );
        let related = v["relatedLocations"].as_array().unwrap();
        assert_eq!(related.len(), 2);
        assert_eq!(related[1]["id"], 2);
    }
}
