//! The human format: miette's graphical report per finding. A finding with a fix is marked
//! `[*]` when `--fix` applies it as the options stand, `[unsafe fix]` when it needs
//! `--unsafe-fixes` too; the output ends with the command that prints each reported rule's
//! document.

use std::collections::BTreeSet;
use std::fmt;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceCode,
};

use crate::diagnostic::{Applicability, Finding};
use crate::engine::{FileReport, Report};
use crate::registry::Rule;

struct Rendered<'a> {
    finding: &'a Finding,
    src: NamedSource<String>,
    unsafe_fixes: bool,
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
        let mark = match self.finding.fix.as_ref().map(|f| f.applicability) {
            None => "",
            Some(Applicability::Unsafe) if self.unsafe_fixes => " [*]",
            Some(Applicability::Unsafe) => " [unsafe fix]",
        };
        Some(Box::new(format!(
            "{} {}{mark}",
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
    unsafe_fixes: bool,
) -> String {
    let rendered = Rendered {
        finding,
        unsafe_fixes,
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

/// Every finding, then `rule_footer`. `unsafe_fixes`: whether `--unsafe-fixes` is on.
pub fn human(report: &Report, color: bool, unsafe_fixes: bool) -> String {
    let mut out = String::new();
    for file in &report.files {
        for f in &file.findings {
            let theme = if color {
                GraphicalTheme::unicode()
            } else {
                GraphicalTheme::unicode_nocolor()
            };
            out.push_str(&render_finding(file, f, theme, 100, unsafe_fixes));
            out.push('\n');
        }
    }
    out.push_str(&rule_footer(report));
    out
}

/// `For more on a rule: offsetlint rule CODE`, one line per rule reported, in code order;
/// empty without findings.
pub fn rule_footer(report: &Report) -> String {
    let rules: BTreeSet<Rule> = report
        .files
        .iter()
        .flat_map(|f| &f.findings)
        .map(|f| f.rule)
        .collect();
    if rules.is_empty() {
        return String::new();
    }
    let mut out = String::from("For more on a rule:\n");
    for r in rules {
        out.push_str(&format!("  offsetlint rule {}  ({})\n", r.code(), r.name()));
    }
    out
}
