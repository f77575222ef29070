//! Suppression comments: `offsetlint: ignore[OL101, bare-commit] reason` (and `noqa: OL101`
//! in Python), on the flagged line or alone on the line above. Matched centrally after the
//! rules ran; unused ones become OL002 findings.

use crate::config::Settings;
use crate::diagnostic::Finding;
use crate::model::TextRange;
use crate::rules::{unused_suppression, Rule};
use crate::source::LineIndex;

/// One code inside a directive.
#[derive(Debug, Clone)]
pub enum Code {
    Rule(Rule),
    Unknown(String),
}

#[derive(Debug, Clone)]
pub struct Directive {
    /// The comment holding it.
    pub range: TextRange,
    pub line: usize,
    /// Alone on its line: it covers the next line.
    pub own_line: bool,
    /// `None` for `offsetlint: ignore` with no list (every rule).
    pub codes: Option<Vec<Code>>,
    pub reason: String,
}

impl Directive {
    fn covers(&self, line: usize) -> bool {
        line == self.line || (self.own_line && line == self.line + 1)
    }

    fn matches(&self, rule: Rule) -> bool {
        match &self.codes {
            None => true,
            Some(codes) => codes
                .iter()
                .any(|c| matches!(c, Code::Rule(r) if *r == rule)),
        }
    }
}

/// Reads the directives out of a file's comments.
pub fn parse(source: &str, comments: &[TextRange], lines: &LineIndex) -> Vec<Directive> {
    let mut out = Vec::new();
    for &range in comments {
        let Some(text) = source.get(range.start as usize..range.end as usize) else {
            continue;
        };
        let Some((codes, reason)) = parse_comment(text) else {
            continue;
        };
        let line = lines.line(range.start);
        let line_start = lines.line_range(source, line).start as usize;
        let own_line = source
            .get(line_start..range.start as usize)
            .is_some_and(|p| p.trim().is_empty());
        out.push(Directive {
            range,
            line,
            own_line,
            codes,
            reason,
        });
    }
    out
}

/// `Some(codes, reason)` when the comment holds a directive.
fn parse_comment(text: &str) -> Option<(Option<Vec<Code>>, String)> {
    let lower = text.to_ascii_lowercase();
    if let Some(at) = lower.find("offsetlint:") {
        let rest = text[at + "offsetlint:".len()..].trim_start();
        let rest = rest.strip_prefix("ignore")?;
        if let Some(list) = rest.strip_prefix('[') {
            let close = list.find(']')?;
            let codes = list[..close]
                .split(',')
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .map(|c| {
                    c.parse::<Rule>()
                        .map_or_else(|_| Code::Unknown(c.to_string()), Code::Rule)
                })
                .collect();
            return Some((Some(codes), list[close + 1..].trim().to_string()));
        }
        return Some((None, rest.trim().to_string()));
    }
    // `noqa: E501, OL101`: only our codes count; a bare `noqa` belongs to other tools.
    let at = lower.find("noqa:")?;
    let rest = &text[at + "noqa:".len()..];
    let mut codes = Vec::new();
    let mut consumed = 0;
    for token in rest.split(',') {
        let code = token.trim();
        let word = code.split_whitespace().next().unwrap_or("");
        if word.len() >= 2 && word[..2].eq_ignore_ascii_case("OL") {
            codes.push(
                word.parse::<Rule>()
                    .map_or_else(|_| Code::Unknown(word.to_string()), Code::Rule),
            );
        } else if word.is_empty() || !word.chars().all(|c| c.is_ascii_alphanumeric()) {
            break;
        }
        consumed += token.len() + 1;
        if code.split_whitespace().count() > 1 {
            break;
        }
    }
    let reason = rest
        .get(consumed.min(rest.len())..)
        .unwrap_or("")
        .trim()
        .to_string();
    (!codes.is_empty()).then_some((Some(codes), reason))
}

/// Drops suppressed findings and adds OL002 for directives that suppressed nothing.
pub fn apply(
    findings: Vec<Finding>,
    directives: &[Directive],
    settings: &Settings,
    lines: &LineIndex,
) -> Vec<Finding> {
    let mut used = vec![Vec::<Rule>::new(); directives.len()];
    let mut kept = Vec::with_capacity(findings.len());
    for f in findings {
        let line = lines.line(f.range.start);
        match directives
            .iter()
            .position(|d| d.covers(line) && d.matches(f.rule))
        {
            Some(i) => used[i].push(f.rule),
            None => kept.push(f),
        }
    }
    if settings.enabled(Rule::UnusedSuppression) {
        let mut unused = Vec::new();
        for (d, used) in directives.iter().zip(&used) {
            unused.extend(unused_suppression(d, used, settings));
        }
        // An OL002 can itself be suppressed by an `ignore[OL002]` above it.
        for f in unused {
            let line = lines.line(f.range.start);
            let suppressed = directives.iter().any(|d| {
                d.range != f.range && d.covers(line) && d.matches(Rule::UnusedSuppression)
            });
            if !suppressed {
                kept.push(f);
            }
        }
    }
    kept
}
