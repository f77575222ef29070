//! A file's findings as LSP diagnostics: the level, the rule code, the help, and the labels
//! and other files' locations as related information.

use lsp_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString,
    Position, Range, Uri,
};

use super::convert;
use crate::diagnostic::Finding;
use crate::engine::FileReport;
use crate::registry::Severity;

pub fn diagnostics(uri: &Uri, file: &FileReport) -> Vec<Diagnostic> {
    (file.findings.iter())
        .map(|f| diagnostic(uri, file, f))
        .collect()
}

fn diagnostic(uri: &Uri, file: &FileReport, f: &Finding) -> Diagnostic {
    let mut message = f.message.clone();
    if let Some(help) = &f.help {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    let labels = f.labels.iter().map(|l| DiagnosticRelatedInformation {
        location: Location::new(uri.clone(), convert::range(file, l.range)),
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
        range: convert::range(file, f.range),
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
