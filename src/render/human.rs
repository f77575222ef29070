//! The human format: miette's graphical report per finding. A finding with a fix is marked
//! `[*]` when `--fix` applies it as the options stand, `[unsafe fix]` when it needs
//! `--unsafe-fixes` too; the output ends with the command that prints each reported rule's
//! document.

use std::collections::BTreeSet;
use std::fmt;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError,
    MietteSpanContents, SourceCode, SourceSpan, SpanContents,
};

use crate::diagnostic::{Applicability, Finding};
use crate::engine::{FileReport, Report};
use crate::error::{escape_text, needs_escape};
use crate::registry::{Rule, Severity};

struct Rendered<'a> {
    finding: &'a Finding,
    src: Window,
    unsafe_fixes: bool,
}

/// Lines of context miette shows around a label (its default).
const CONTEXT_LINES: usize = 1;

/// The lines of a file a finding's snippet shows, as shown ([`Shown`]), for miette to read
/// from: its reads scan from the start of what they are given, so a finding near the end of a
/// large file cost a pass over the whole file per label, and the whole text was copied per
/// finding.
struct Window {
    name: String,
    shown: Shown,
    /// Where the shown text comes from in the file.
    crop: Crop,
    /// Lines of the file before the window.
    lines_before: usize,
}

impl Window {
    /// The lines from `CONTEXT_LINES` before the first of `ranges` to `CONTEXT_LINES` after
    /// the last, with their line endings (over-long lines elided, see [`Crop`]).
    fn new(name: String, file: &FileReport, ranges: &[crate::model::TextRange]) -> Window {
        let len = file.source.len() as u32;
        let first = ranges.iter().map(|r| r.start.min(len)).min().unwrap_or(0);
        let last = ranges.iter().map(|r| r.end.min(len)).max().unwrap_or(0);
        let mut first_line = file.lines.line(first).saturating_sub(CONTEXT_LINES).max(1);
        let last_line = file.lines.line(last) + CONTEXT_LINES;
        // In a notebook the snippet starts in the finding's cell and is numbered as the cell.
        let mut lines_before = first_line - 1;
        if let Some(cells) = &file.cells {
            let start = cells.cell_start(file.lines.line(first));
            first_line = first_line.max(start);
            lines_before = cells.locate(first_line).line - 1;
        }
        let (text, crop) = Crop::new(file, first_line..=last_line, ranges);
        Window {
            name,
            shown: Shown::new(&text),
            crop,
            lines_before,
        }
    }

    /// A file offset as an offset of the shown window.
    fn map(&self, offset: u32) -> usize {
        self.shown.map(self.crop.map(offset as usize))
    }
}

/// Lines longer than this (in bytes) are shown elided around the finding's labels, as rustc
/// does: a snippet costs what it shows, not what its line holds (500 findings on one 1 MB
/// line printed 500 MB).
const MAX_LINE: usize = 400;
/// Bytes kept on each side of a label's start and end on such a line.
const MARGIN: usize = 60;
const ELLIPSIS: &str = "...";

/// Where a window's text comes from: the pieces of the file it keeps, as (file start, file
/// end, start in the text); what lies between two pieces is shown as [`ELLIPSIS`].
struct Crop {
    pieces: Vec<(usize, usize, usize)>,
}

impl Crop {
    /// The text of `lines` of the file (with their endings), and where it comes from.
    fn new(
        file: &FileReport,
        lines: std::ops::RangeInclusive<usize>,
        ranges: &[crate::model::TextRange],
    ) -> (String, Crop) {
        let source = &file.source;
        let mut text = String::new();
        let mut crop = Crop { pieces: Vec::new() };
        for line in lines {
            let content = file.lines.line_range(source, line);
            let (start, end) = (content.start as usize, content.end as usize);
            let next = file.lines.line_range(source, line + 1).start as usize;
            let next = if next <= start { source.len() } else { next };
            if start == source.len() && line > 1 {
                break;
            }
            let mut at = start;
            for (from, to) in kept(source, start, end, ranges) {
                if from > at {
                    text.push_str(ELLIPSIS);
                }
                crop.keep(&mut text, source, from, to);
                at = to;
            }
            if at < end {
                text.push_str(ELLIPSIS);
            }
            crop.keep(&mut text, source, end, next);
        }
        (text, crop)
    }

    fn keep(&mut self, text: &mut String, source: &str, from: usize, to: usize) {
        match self.pieces.last_mut() {
            // Contiguous in the file and in the text: one piece.
            Some(last) if last.1 == from && last.2 + (last.1 - last.0) == text.len() => last.1 = to,
            _ => self.pieces.push((from, to, text.len())),
        }
        text.push_str(&source[from..to]);
    }

    /// A file offset as an offset of the text; one that was elided, as the end of the piece
    /// before it (where the ellipsis starts).
    fn map(&self, offset: usize) -> usize {
        let i = self.pieces.partition_point(|p| p.0 <= offset);
        let Some(&(from, to, at)) = i.checked_sub(1).map(|i| &self.pieces[i]) else {
            return 0;
        };
        at + offset.min(to) - from
    }
}

/// The parts of the line `start..end` shown: all of it when it is not over-long, else
/// [`MARGIN`] bytes around each label start and end on it (the line's start when none is),
/// merged, on character boundaries.
fn kept(
    source: &str,
    start: usize,
    end: usize,
    ranges: &[crate::model::TextRange],
) -> Vec<(usize, usize)> {
    if end - start <= MAX_LINE {
        return vec![(start, end)];
    }
    let floor = |mut i: usize| {
        while !source.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let ceil = |mut i: usize| {
        while !source.is_char_boundary(i) {
            i += 1;
        }
        i
    };
    let mut points: Vec<usize> = (ranges.iter())
        .flat_map(|r| [r.start as usize, r.end as usize])
        .filter(|p| (start..=end).contains(p))
        .collect();
    if points.is_empty() {
        points.push(start);
    }
    points.sort_unstable();
    let mut out: Vec<(usize, usize)> = Vec::new();
    for p in points {
        let from = floor(p.saturating_sub(MARGIN).max(start));
        let to = ceil((p + MARGIN).min(end));
        match out.last_mut() {
            Some(last) if from <= last.1 => last.1 = last.1.max(to),
            _ => out.push((from, to)),
        }
    }
    out
}

impl SourceCode for Window {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let inner = self.shown.text.read_span(span, before, after)?;
        // miette's own `line_count` counts the lines from the start of the text to the end of
        // the context (it decides whether two labels' snippets merge into one), so it gets
        // the lines before the window too: the snippets are those of the whole file.
        Ok(Box::new(
            MietteSpanContents::new_named(
                self.name.clone(),
                inner.data(),
                *inner.span(),
                inner.line() + self.lines_before,
                inner.column(),
                inner.line_count() + self.lines_before,
            )
            .with_language("text"),
        ))
    }
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
            Some(Applicability::Safe) => " [*]",
            Some(Applicability::Unsafe) if self.unsafe_fixes => " [*]",
            Some(Applicability::Unsafe) => " [unsafe fix]",
        };
        Some(Box::new(format!(
            "{} {}{mark}",
            self.finding.rule.code(),
            self.finding.rule.name()
        )))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.finding.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
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
            let start = self.src.map(r.start);
            let end = self.src.map(r.end).max(start);
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

/// miette's graphical handler as findings use it.
fn handler(theme: GraphicalTheme, width: usize) -> GraphicalReportHandler {
    GraphicalReportHandler::new_themed(theme)
        .without_primary_span_start()
        .with_width(width)
        .with_links(false)
}

/// One finding rendered with the given theme and width.
fn render_finding(
    file: &FileReport,
    finding: &Finding,
    theme: GraphicalTheme,
    width: usize,
    unsafe_fixes: bool,
) -> String {
    // miette counts columns in bytes; the header carries the position every format reports
    // (characters), so it is part of the name and miette's own is turned off.
    let name = format!(
        "{}:{}{}",
        crate::error::shown(&file.path),
        super::shown_position(file, finding.range.start),
        super::cell_note(file, finding.range.start)
    );
    let ranges: Vec<_> = std::iter::once(finding.range)
        .chain(finding.labels.iter().map(|l| l.range))
        .collect();
    let rendered = Rendered {
        finding,
        src: Window::new(name, file, &ranges),
        unsafe_fixes,
    };
    let mut out = String::new();
    if handler(theme, width)
        .render_report(&mut out, &rendered)
        .is_err()
    {
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
        for f in &file.findings {
            let theme = if color {
                GraphicalTheme::unicode()
            } else {
                GraphicalTheme::unicode_nocolor()
            };
            out.push_str(&render_finding(file, f, theme, 100, unsafe_fixes));
            // Hops in other files (an import chain), or other places that belong to the
            // finding, one line each, after the snippet.
            let lead = if f.rule.related_is_chain() {
                "then"
            } else {
                "see"
            };
            for r in &f.related {
                out.push_str(&format!(
                    "  {lead}: {}:{}:{}: {}\n",
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Label;
    use crate::model::{Lang, LineIndex, TextRange};

    /// The snippet read from a finding's window is the one miette reads from the whole file
    /// as shown: line numbers after CRLF and lone-CR endings, escaped characters, a context
    /// line cut at the start or end of the file, and labels close enough to merge into one
    /// snippet or far enough apart to make two.
    #[test]
    fn window_renders_as_the_whole_file() {
        let mut source = String::new();
        for i in 0..60 {
            let end = ["\n", "\r\n", "\r"][i % 3];
            let escape = if i == 30 { "\u{1b}[31m" } else { "" };
            source.push_str(&format!("line_{i} = call_{i}(x){escape}{end}"));
        }
        let lines = LineIndex::new(&source);
        let offset = |line: usize| lines.line_range(&source, line).start;
        let span = |line: usize, len: u32| TextRange::new(offset(line), offset(line) + len);
        let label = |line: usize| Label {
            range: span(line, 4),
            message: format!("label on {line}"),
        };
        let cases: Vec<(usize, Vec<usize>)> = vec![
            (1, vec![]),
            (2, vec![3]),
            (31, vec![33]),
            (31, vec![45]),
            (20, vec![25, 59]),
            (60, vec![]),
        ];
        for (line, labels) in cases {
            let mut finding = Finding::new(crate::registry::Rule::ALL[0], span(line, 6), "m");
            finding.primary = Some("here".into());
            finding.labels = labels.into_iter().map(label).collect();
            let file = FileReport {
                path: "f.py".into(),
                lang: Lang::Python,
                lines: LineIndex::new(&source),
                source: source.clone(),
                findings: Vec::new(),
                suppressed: Vec::new(),
                cells: None,
            };
            let windowed = render_finding(
                &file,
                &finding,
                GraphicalTheme::unicode_nocolor(),
                100,
                false,
            );
            // The same finding rendered from the whole file.
            let whole = Window {
                name: format!("f.py:{line}:1"),
                shown: Shown::new(&source),
                crop: Crop {
                    pieces: vec![(0, source.len(), 0)],
                },
                lines_before: 0,
            };
            let rendered = Rendered {
                finding: &finding,
                src: whole,
                unsafe_fixes: false,
            };
            let mut expected = String::new();
            handler(GraphicalTheme::unicode_nocolor(), 100)
                .render_report(&mut expected, &rendered)
                .unwrap();
            assert_eq!(windowed, expected, "finding on line {line}");
            assert!(windowed.contains(&format!("{line} │")), "{windowed}");
        }
    }
}
