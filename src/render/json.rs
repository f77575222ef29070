//! The JSON format: one array of findings. Field names and meanings are a public contract
//! (docs/output-formats.md, "JSON output"); add fields, never rename or remove them.

use serde::Serialize;

use super::position;
use crate::diagnostic::Finding;
use crate::engine::{FileReport, Report};

#[derive(Serialize)]
struct JsonLabel {
    message: String,
    /// In a notebook: the label's cell (its lines are the cell's); absent elsewhere.
    #[serde(skip_serializing_if = "Option::is_none")]
    cell: Option<usize>,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
}

#[derive(Serialize)]
struct JsonRelated<'a> {
    message: &'a str,
    path: String,
    line: usize,
    column: usize,
}

#[derive(Serialize)]
struct JsonEdit {
    content: String,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
}

#[derive(Serialize)]
struct JsonFix {
    applicability: &'static str,
    edits: Vec<JsonEdit>,
}

#[derive(Serialize)]
pub(super) struct JsonFinding<'a> {
    code: &'static str,
    rule: &'static str,
    /// `error` or `warning`: the rule's level in the file's configuration.
    severity: &'static str,
    message: &'a str,
    help: Option<&'a str>,
    path: String,
    /// In a notebook: the 1-based index of the finding's cell in the notebook's `cells`
    /// array (markdown cells counted); `line` and the other positions are in that cell.
    /// Absent for other files.
    #[serde(skip_serializing_if = "Option::is_none")]
    cell: Option<usize>,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    resolution: Option<&'static str>,
    labels: Vec<JsonLabel>,
    fix: Option<JsonFix>,
    related: Vec<JsonRelated<'a>>,
    also: usize,
}

pub fn json(report: &Report) -> String {
    let items = items(report);
    let mut s = serde_json::to_string_pretty(&items).unwrap_or_else(|_| "[]".into());
    s.push('\n');
    s
}

/// The JSON object of each finding, in report order.
pub(super) fn items(report: &Report) -> Vec<JsonFinding<'_>> {
    let mut items = Vec::new();
    for file in &report.files {
        for f in &file.findings {
            items.push(item(file, f));
        }
    }
    items
}

fn item<'a>(file: &'a FileReport, f: &'a Finding) -> JsonFinding<'a> {
    let (line, column, end_line, end_column) = position(file, f.range);
    JsonFinding {
        code: f.rule.code(),
        rule: f.rule.name(),
        severity: f.severity.as_str(),
        message: &f.message,
        help: f.help.as_deref(),
        path: file.path.display().to_string(),
        cell: super::cell(file, f.range.start),
        line,
        column,
        end_line,
        end_column,
        resolution: f.resolution.map(|r| r.as_str()),
        labels: f
            .labels
            .iter()
            .map(|l| {
                let (line, column, end_line, end_column) = position(file, l.range);
                JsonLabel {
                    message: l.message.clone(),
                    cell: super::cell(file, l.range.start),
                    line,
                    column,
                    end_line,
                    end_column,
                }
            })
            .collect(),
        related: f
            .related
            .iter()
            .map(|r| JsonRelated {
                message: &r.message,
                path: r.path.display().to_string(),
                line: r.line,
                column: r.column,
            })
            .collect(),
        also: f.also,
        fix: f.fix.as_ref().map(|fix| JsonFix {
            applicability: fix.applicability.as_str(),
            edits: fix
                .edits
                .iter()
                .map(|e| {
                    let (line, column, end_line, end_column) = position(file, e.range);
                    JsonEdit {
                        content: e.content.clone(),
                        line,
                        column,
                        end_line,
                        end_column,
                    }
                })
                .collect(),
        }),
    }
}
