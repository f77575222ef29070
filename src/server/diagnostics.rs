//! A file's findings as LSP diagnostics: the level, the rule code, the help, and the labels
//! and other files' locations as related information.

use lsp_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString,
    Position, Range, Uri,
};

use super::convert;
use super::notebook::JsonCells;
use crate::diagnostic::Finding;
use crate::engine::FileReport;
use crate::model::TextRange;
use crate::registry::Severity;

/// A file's findings as diagnostics of the editor's document: `json` is the notebook's JSON
/// text when the document is an `.ipynb` file (positions go into its cells' `source`
/// strings), else positions are the linted text's.
pub fn diagnostics(uri: &Uri, file: &FileReport, json: Option<&str>) -> Vec<Diagnostic> {
    let cells = json.and_then(|j| Some((j, JsonCells::of(j)?, file.cells.as_deref()?)));
    let range = |r: TextRange| match &cells {
        Some((json, cells, map)) => {
            let at = |offset| {
                let p = convert::position(file, offset);
                let cell = map.locate(p.line as usize + 1);
                (cells.position(json, cell.cell, cell.line, p.character)).unwrap_or_default()
            };
            Range::new(at(r.start), at(r.end))
        }
        None => convert::range(file, r),
    };
    (file.findings.iter())
        .map(|f| diagnostic(uri, f, &range))
        .collect()
}

fn diagnostic(uri: &Uri, f: &Finding, range: &dyn Fn(TextRange) -> Range) -> Diagnostic {
    let mut message = f.message.clone();
    if let Some(help) = &f.help {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    let labels = f.labels.iter().map(|l| DiagnosticRelatedInformation {
        location: Location::new(uri.clone(), range(l.range)),
        message: l.message.clone(),
    });
    // Another file's location has a line and a byte column (its text is not at hand).
    let elsewhere = f.related.iter().filter_map(|r| {
        let at = Position::new(
            r.line.saturating_sub(1) as u32,
            r.column.saturating_sub(1) as u32,
        );
        Some(DiagnosticRelatedInformation {
            location: Location::new(convert::path_uri(&r.path)?, Range::new(at, at)),
            message: r.message.clone(),
        })
    });
    let related: Vec<_> = labels.chain(elsewhere).collect();
    Diagnostic {
        range: range(f.range),
        severity: Some(match f.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(f.rule.code().to_string())),
        source: Some("offsetlint".into()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..Diagnostic::default()
    }
}
