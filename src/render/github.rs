//! `--format github`: GitHub Actions workflow commands, one `::error` per finding, which
//! annotate the pull request's diff:
//!
//! `::error file=app/worker.py,line=12,col=9,endLine=12,endColumn=26,title=OL101 bare-commit::message`
//!
//! Nothing a file holds can forge another command: the message escapes `%`, `\r` and `\n`
//! (a finding's text quotes source code), and property values escape `:` and `,` as well, as
//! GitHub's toolkit does.

use super::{position, slash_path};
use crate::engine::Report;

pub fn github(report: &Report) -> String {
    let mut out = String::new();
    for file in &report.files {
        let path = slash_path(&file.path);
        for f in &file.findings {
            let (line, col, end_line, end_col) = position(file, f.range);
            let title = format!("{} {}", f.rule.code(), f.rule.name());
            let mut message = f.message.clone();
            if let Some(help) = &f.help {
                message.push_str("\nhelp: ");
                message.push_str(help);
            }
            message.push_str(&format!("\nsee `offsetlint rule {}`", f.rule.code()));
            out.push_str(&format!(
                "::error file={},line={line},col={col},endLine={end_line},endColumn={end_col},title={}::{}\n",
                escape_property(&path),
                escape_property(&title),
                escape_data(&message)
            ));
        }
    }
    for e in &report.errors {
        out.push_str(&format!(
            "::error title={}::{}\n",
            escape_property("offsetlint error"),
            escape_data(&e.to_string())
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
