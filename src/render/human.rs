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
use crate::error::{escape_text, needs_escape};
use crate::registry::Rule;

struct Rendered<'a> {
    finding: &'a Finding,
    src: NamedSource<String>,
    shown: &'a Shown,
    unsafe_fixes: bool,
}

/// The source as shown: characters that could forge or garble terminal output are escaped
/// (`\u{1b}`), a lone CR ends a line (as for Python and the line numbers of every format),
/// and the CR of a CRLF is dropped. `map` turns an offset of the file into one of `text`.
pub(crate) struct Shown {
    text: String,
    /// (offset in the file after which the shift applies, cumulative shift).
    shifts: Vec<(usize, isize)>,
}

impl Shown {
    pub(crate) fn new(source: &str) -> Shown {
        let bytes = source.as_bytes();
        if !source
            .chars()
            .any(|c| c == '\r' || (needs_escape(c) && c != '\n'))
        {
            return Shown {
                text: source.to_string(),
                shifts: Vec::new(),
            };
        }
        let mut text = String::with_capacity(source.len() + 16);
        let mut shifts = Vec::new();
        let mut shift: isize = 0;
        for (i, c) in source.char_indices() {
            let replacement: Option<String> = match c {
                '\r' if bytes.get(i + 1) == Some(&b'\n') => Some(String::new()),
                '\r' => Some("\n".into()),
                '\n' => None,
                c if needs_escape(c) => Some(c.escape_unicode().to_string()),
                _ => None,
            };
            match replacement {
                Some(r) => {
                    text.push_str(&r);
                    shift += r.len() as isize - c.len_utf8() as isize;
                    shifts.push((i + c.len_utf8(), shift));
                }
                None => text.push(c),
            }
        }
        Shown { text, shifts }
    }

    fn map(&self, offset: usize) -> usize {
        let i = self.shifts.partition_point(|(at, _)| *at <= offset);
        let shift = if i == 0 { 0 } else { self.shifts[i - 1].1 };
        (offset as isize + shift).clamp(0, self.text.len() as isize) as usize
    }
}

impl fmt::Debug for Rendered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", escape_text(&self.finding.message))
    }
}

impl fmt::Display for Rendered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", escape_text(&self.finding.message))
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
            .map(|h| Box::new(escape_text(h)) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.src)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let f = self.finding;
        let span = |r: crate::model::TextRange| {
            let start = self.shown.map(r.start as usize);
            let end = self.shown.map(r.end as usize).max(start);
            (start, end - start)
        };
        let text = |s: &String| escape_text(s).into_owned();
        let mut labels = vec![LabeledSpan::new_primary_with_span(
            f.primary.as_ref().map(text),
            span(f.range),
        )];
        labels.extend(
            f.labels
                .iter()
                .map(|l| LabeledSpan::new_with_span(Some(text(&l.message)), span(l.range))),
        );
        Some(Box::new(labels.into_iter()))
    }
}

/// One finding rendered with the given theme and width.
fn render_finding_shown(
    file: &FileReport,
    shown: &Shown,
    finding: &Finding,
    theme: GraphicalTheme,
    width: usize,
    unsafe_fixes: bool,
) -> String {
    // miette counts columns in bytes; the header carries the position every format reports
    // (characters), so it is part of the name and miette's own is turned off.
    let (line, col) = file.lines.line_col(&file.source, finding.range.start);
    let name = format!("{}:{line}:{col}", crate::error::shown(&file.path));
    let rendered = Rendered {
        finding,
        src: NamedSource::new(name, shown.text.clone()).with_language("text"),
        shown,
        unsafe_fixes,
    };
    let mut out = String::new();
    let handler = GraphicalReportHandler::new_themed(theme)
        .without_primary_span_start()
        .with_width(width)
        .with_links(false);
    if handler.render_report(&mut out, &rendered).is_err() {
        out = format!(
            "{}: {} {}\n",
            crate::error::shown(&file.path),
            finding.rule.code(),
            escape_text(&finding.message)
        );
    }
    out
}

/// Every finding, then `rule_footer`. `unsafe_fixes`: whether `--unsafe-fixes` is on.
pub fn human(report: &Report, color: bool, unsafe_fixes: bool) -> String {
    let mut out = String::new();
    for file in &report.files {
        let shown = Shown::new(&file.source);
        for f in &file.findings {
            let theme = if color {
                GraphicalTheme::unicode()
            } else {
                GraphicalTheme::unicode_nocolor()
            };
            out.push_str(&render_finding_shown(
                file,
                &shown,
                f,
                theme,
                100,
                unsafe_fixes,
            ));
            // Hops in other files (an import chain), one line each, after the snippet.
            for r in &f.related {
                out.push_str(&format!(
                    "  then: {}:{}:{}: {}\n",
                    crate::error::shown(&r.path),
                    r.line,
                    r.column,
                    crate::error::escape_text(&r.message)
                ));
            }
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
