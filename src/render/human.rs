//! The human format: miette's graphical report per finding.

use std::fmt;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceCode,
};

use crate::diagnostic::Finding;
use crate::engine::{FileReport, Report};

struct Rendered<'a> {
    finding: &'a Finding,
    src: NamedSource<String>,
}

impl fmt::Debug for Rendered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.finding.message)
    }
}

impl fmt::Display for Rendered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.finding.message)
    }
}

impl std::error::Error for Rendered<'_> {}

impl Diagnostic for Rendered<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(format!(
            "{} {}",
            self.finding.rule.code(),
            self.finding.rule.name()
        )))
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.finding
            .help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.src)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let f = self.finding;
        let span = |r: crate::model::TextRange| (r.start as usize, r.len() as usize);
        let mut labels = vec![LabeledSpan::new_primary_with_span(
            f.primary.clone(),
            span(f.range),
        )];
        labels.extend(
            f.labels
                .iter()
                .map(|l| LabeledSpan::new_with_span(Some(l.message.clone()), span(l.range))),
        );
        Some(Box::new(labels.into_iter()))
    }
}

/// One finding rendered with the given theme and width.
pub fn render_finding(
    file: &FileReport,
    finding: &Finding,
    theme: GraphicalTheme,
    width: usize,
) -> String {
    let rendered = Rendered {
        finding,
        src: NamedSource::new(file.path.display().to_string(), file.source.clone())
            .with_language("text"),
    };
    let mut out = String::new();
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(width)
        .with_links(false);
    if handler.render_report(&mut out, &rendered).is_err() {
        out = format!(
            "{}: {} {}\n",
            file.path.display(),
            finding.rule.code(),
            finding.message
        );
    }
    out
}

pub fn human(report: &Report, color: bool) -> String {
    let mut out = String::new();
    for file in &report.files {
        for f in &file.findings {
            let theme = if color {
                GraphicalTheme::unicode()
            } else {
                GraphicalTheme::unicode_nocolor()
            };
            out.push_str(&render_finding(file, f, theme, 100));
            // Hops in other files (an import chain), one line each, after the snippet.
            for r in &f.related {
                out.push_str(&format!(
                    "  then: {}:{}:{}: {}\n",
                    r.path.display(),
                    r.line,
                    r.column,
                    r.message
                ));
            }
            out.push('\n');
        }
    }
    out
}
