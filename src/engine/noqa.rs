//! `offsetlint check --add-noqa`: a suppression comment, with a reason placeholder, on the
//! line of every finding (the alternative to a baseline, as ruff's `--add-noqa`).

use std::collections::BTreeMap;

use super::FileReport;
use crate::frontend;
use crate::model::Lang;
use crate::registry::Rule;

/// What `--add-noqa` does to one file: the new source, how many comments it adds, and the
/// lines (1-based) it had to leave alone.
#[derive(Debug, Default)]
pub struct Added {
    pub source: String,
    pub added: usize,
    pub skipped: Vec<usize>,
}

/// The reason written after each added directive, for someone to replace.
pub const REASON_PLACEHOLDER: &str = "TODO: say why this is safe";

/// Appends `offsetlint: ignore[CODES] <reason>` to each line holding a finding (OL001 and
/// OL002 excepted), as a comment of the file's language. A line is left alone when it already
/// holds an `offsetlint:` comment (a second directive in one comment would not be read), or
/// when the text appended would not be a comment of that line (the line ends inside a
/// multi-line string or a block comment). `None` when nothing is added or skipped.
pub fn add_noqa(file: &FileReport) -> Option<Added> {
    if file.cells.is_some() {
        return None;
    }
    let source = &file.source;
    let mut lines: BTreeMap<usize, Vec<&'static str>> = BTreeMap::new();
    for f in &file.findings {
        if matches!(f.rule, Rule::SyntaxError | Rule::UnusedSuppression) {
            continue;
        }
        let codes = lines.entry(file.lines.line(f.range.start)).or_default();
        if !codes.contains(&f.rule.code()) {
            codes.push(f.rule.code());
        }
    }
    if lines.is_empty() {
        return None;
    }
    let before = frontend::lower(file.lang, &file.path, source).ok()?;
    let mark = match file.lang {
        // Spring Boot configuration files comment with `#` (YAML and properties alike).
        Lang::Java if frontend::spring_boot::is_config_file(&file.path) => "#",
        Lang::Python => "#",
        Lang::Rust | Lang::Java => "//",
    };
    let mut out = Added::default();
    // (offset of the line's end, text to insert, line)
    let mut inserts: Vec<(usize, String, usize)> = Vec::new();
    for (line, mut codes) in lines {
        let range = file.lines.line_range(source, line);
        let (start, end) = (range.start as usize, range.end as usize);
        let text = source.get(start..end).unwrap_or_default();
        let body_end = start + text.trim_end_matches(['\n', '\r']).len();
        let has_directive = before.comments.iter().any(|c| {
            (c.start as usize) < body_end
                && (c.end as usize) > start
                && source
                    .get(c.start as usize..c.end as usize)
                    .is_some_and(|t| t.to_ascii_lowercase().contains("offsetlint:"))
        });
        // A comment after a line continuation is a syntax error.
        if has_directive || text.trim_end().ends_with('\\') {
            out.skipped.push(line);
            continue;
        }
        codes.sort_unstable();
        let directive = format!(
            "  {mark} offsetlint: ignore[{}] {REASON_PLACEHOLDER}",
            codes.join(", ")
        );
        inserts.push((body_end, directive, line));
    }
    // Keep only the insertions that are comments of their own line once written.
    loop {
        let (candidate, positions) = apply(source, &inserts);
        let Ok(after) = frontend::lower(file.lang, &file.path, &candidate) else {
            out.skipped.extend(inserts.iter().map(|i| i.2));
            inserts.clear();
            break;
        };
        let bad: Vec<usize> = positions
            .iter()
            .enumerate()
            .filter(|(_, &at)| {
                let comment_at = at + 2;
                !after
                    .comments
                    .iter()
                    .any(|c| c.start as usize == comment_at)
            })
            .map(|(i, _)| i)
            .collect();
        if bad.is_empty() {
            out.source = candidate;
            break;
        }
        for i in bad.into_iter().rev() {
            out.skipped.push(inserts.remove(i).2);
        }
    }
    out.added = inserts.len();
    out.skipped.sort_unstable();
    if out.added == 0 {
        out.source = source.clone();
    }
    (out.added > 0 || !out.skipped.is_empty()).then_some(out)
}

/// The source with each text inserted at its offset (ascending), and where each went.
fn apply(source: &str, inserts: &[(usize, String, usize)]) -> (String, Vec<usize>) {
    let mut out = String::with_capacity(source.len() + inserts.len() * 64);
    let mut positions = Vec::with_capacity(inserts.len());
    let mut at = 0;
    for (offset, text, _) in inserts {
        out.push_str(&source[at..*offset]);
        positions.push(out.len());
        out.push_str(text);
        at = *offset;
    }
    out.push_str(&source[at..]);
    (out, positions)
}
