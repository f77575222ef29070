//! `--format github`: GitHub Actions workflow commands, one `::error` or `::warning` per
//! finding (its level), which annotate the pull request's diff:
//!
//! `::error file=app/worker.py,line=12,col=9,endLine=12,endColumn=26,title=OL101 bare-commit::message`
//!
//! Nothing a file holds can forge another command or garble the log: what comes from a
//! source file, a configuration or a baseline has its control, ANSI and bidirectional
//! characters escaped (`\u{1b}`, as in the human format; a path keeps `\r` and `\n`, which
//! GitHub decodes, so the annotation still names its file), then the message escapes `%`,
//! `\r` and `\n`, and property values escape `:` and `,` as well, as GitHub's toolkit does.

use std::path::Path;

use super::{escape_text, position, root_relative};
use crate::engine::Report;
use crate::error::escape_text_but;

/// Paths are relative to `root`, the repository's top level, as GitHub resolves them.
pub fn github(report: &Report, root: &Path) -> String {
    let mut out = String::new();
    for file in &report.files {
        let path = root_relative(&file.path, root);
        for f in &file.findings {
            let (line, col, end_line, end_col) = position(file, f.range);
            // In a notebook the lines are the cell's, and the title names the cell.
            let title = format!(
                "{} {}{}",
                f.rule.code(),
                f.rule.name(),
                super::cell_note(file, f.range.start)
            );
            let mut message = escape_text(&f.message).into_owned();
            if let Some(help) = &f.help {
                message.push_str("\nhelp: ");
                message.push_str(&escape_text(help));
            }
            message.push_str(&format!("\nsee `offsetlint rule {}`", f.rule.code()));
            out.push_str(&format!(
                "::{} file={},line={line},col={col},endLine={end_line},endColumn={end_col},title={}::{}\n",
                f.severity.as_str(),
                escape_property(&escape_text_but(&path, |c| c == '\n' || c == '\r')),
                escape_property(&title),
                escape_data(&message)
            ));
        }
    }
    for e in &report.errors {
        out.push_str(&format!(
            "::error title={}::{}\n",
            escape_property("offsetlint error"),
            escape_data(&escape_text(&e.to_string()))
        ));
    }
    out
}

/// A command's message.
pub(crate) fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A command's property value.
pub(crate) fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping() {
        assert_eq!(escape_data("50%\r\n::x"), "50%25%0D%0A::x");
        assert_eq!(escape_property("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
    }
}
