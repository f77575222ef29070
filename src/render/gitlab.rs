//! `--format gitlab`: a GitLab code quality report, one JSON array of issues:
//! `{type, check_name, description, content, categories, severity, fingerprint, location}` with
//! `location.path` and `location.positions.begin/end` (line and column). The fingerprint is the
//! baseline key's (`render::baseline::fingerprints`), so an issue keeps it across edits that do
//! not touch it and GitLab can tell new issues from fixed ones. `severity` is `major` for an
//! error and `minor` for a warning.

use std::path::Path;

use serde::Serialize;

use super::{baseline, position, root_relative};
use crate::engine::Report;
use crate::registry::Severity;

#[derive(Serialize)]
struct Issue {
    #[serde(rename = "type")]
    kind: &'static str,
    check_name: String,
    description: String,
    content: Content,
    categories: [&'static str; 1],
    severity: &'static str,
    fingerprint: String,
    location: Location,
}

#[derive(Serialize)]
struct Content {
    body: String,
}

#[derive(Serialize)]
struct Location {
    path: String,
    positions: Positions,
}

#[derive(Serialize)]
struct Positions {
    begin: Position,
    end: Position,
}

#[derive(Serialize)]
struct Position {
    line: usize,
    column: usize,
}

/// `root` is the project directory GitLab resolves paths against (`CI_PROJECT_DIR`); paths
/// and fingerprints are relative to it.
pub fn gitlab(report: &Report, root: &Path) -> String {
    let prints = baseline::fingerprints(report, root);
    let mut issues = Vec::new();
    for (file, prints) in report.files.iter().zip(&prints) {
        for (f, print) in file.findings.iter().zip(prints) {
            let (line, column, end_line, end_column) = position(file, f.range);
            let mut body = f.help.clone().unwrap_or_default();
            if !body.is_empty() {
                body.push_str("\n\n");
            }
            body.push_str(&format!("See `offsetlint rule {}`.", f.rule.code()));
            issues.push(Issue {
                kind: "issue",
                check_name: format!("{} {}", f.rule.code(), f.rule.name()),
                // In a notebook the lines are the cell's, and the description names the cell.
                description: format!(
                    "{}: {}{}",
                    f.rule.code(),
                    f.message,
                    super::cell_note(file, f.range.start)
                ),
                content: Content { body },
                categories: ["Bug Risk"],
                severity: match f.severity {
                    Severity::Error => "major",
                    Severity::Warning => "minor",
                },
                fingerprint: print.clone(),
                location: Location {
                    path: root_relative(&file.path, root),
                    positions: Positions {
                        begin: Position { line, column },
                        end: Position {
                            line: end_line,
                            column: end_column,
                        },
                    },
                },
            });
        }
    }
    let mut s = serde_json::to_string_pretty(&issues).unwrap_or_else(|_| "[]".into());
    s.push('\n');
    s
}
