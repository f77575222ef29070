//! `--format junit`: JUnit XML for CI test reports. One `<testsuite>` per file with findings
//! (named by its path), one failed `<testcase>` per finding (a warning's `message` starts
//! with `warning: `, as in the concise format); a run without findings is one
//! passing test case, and tool errors are `<error>` test cases of an `offsetlint` suite. Every
//! text and attribute is escaped, and characters XML 1.0 cannot hold (most control
//! characters) are replaced by `\u{fffd}`.

use super::{position, slash_path};
use crate::engine::Report;

pub fn junit(report: &Report) -> String {
    let findings = report.finding_count();
    let errors = report.errors.len();
    let mut suites = String::new();
    for file in report.files.iter().filter(|f| !f.findings.is_empty()) {
        let path = slash_path(&file.path);
        suites.push_str(&format!(
            "  <testsuite name=\"{}\" tests=\"{n}\" failures=\"{n}\" errors=\"0\" skipped=\"0\">\n",
            escape(&path),
            n = file.findings.len()
        ));
        for f in &file.findings {
            let (line, _, _, _) = position(file, f.range);
            // `line:col`, and ` (cell N)` in a notebook, as the concise format writes them.
            let at = super::shown_position(file, f.range.start);
            let cell = super::cell_note(file, f.range.start);
            let message = format!("{}{}", super::level_mark(f.severity), f.message);
            let mut body = format!(
                "{path}:{at}: {} [{}] {message}{cell}",
                f.rule.code(),
                f.rule.name()
            );
            if let Some(help) = &f.help {
                body.push_str(&format!("\nhelp: {help}"));
            }
            body.push_str(&format!("\nsee `offsetlint rule {}`", f.rule.code()));
            suites.push_str(&format!(
                "    <testcase name=\"{} {} at {at}{cell}\" classname=\"{}\" file=\"{}\" line=\"{line}\">\n      <failure message=\"{}\" type=\"{}\">{}</failure>\n    </testcase>\n",
                f.rule.code(),
                f.rule.name(),
                escape(&path),
                escape(&path),
                escape(&message),
                f.rule.code(),
                escape(&body)
            ));
        }
        suites.push_str("  </testsuite>\n");
    }
    if findings == 0 || errors > 0 {
        let tests = errors + usize::from(findings == 0);
        suites.push_str(&format!(
            "  <testsuite name=\"offsetlint\" tests=\"{tests}\" failures=\"0\" errors=\"{errors}\" skipped=\"0\">\n"
        ));
        if findings == 0 {
            suites.push_str("    <testcase name=\"no findings\" classname=\"offsetlint\"/>\n");
        }
        for e in &report.errors {
            let text = e.to_string();
            suites.push_str(&format!(
                "    <testcase name=\"tool error\" classname=\"offsetlint\">\n      <error message=\"{}\" type=\"error\">{}</error>\n    </testcase>\n",
                escape(&text),
                escape(&text)
            ));
        }
        suites.push_str("  </testsuite>\n");
    }
    let tests = findings + errors + usize::from(findings == 0);
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"offsetlint\" tests=\"{tests}\" failures=\"{findings}\" errors=\"{errors}\">\n{suites}</testsuites>\n"
    )
}

/// Escapes text for both element content and attribute values.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Attribute values normalise raw newlines and tabs to spaces: keep them.
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push_str("&#9;"),
            c if is_xml_char(c) => out.push(c),
            _ => out.push('\u{fffd}'),
        }
    }
    out
}

/// XML 1.0's `Char` production.
fn is_xml_char(c: char) -> bool {
    matches!(c, '\u{20}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..='\u{10ffff}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_drops_invalid_characters() {
        assert_eq!(
            escape("a<b>&\"'\u{1b}[31m\n"),
            "a&lt;b&gt;&amp;&quot;&apos;\u{fffd}[31m&#10;"
        );
    }
}
