//! Suppression comments, parsed and matched centrally after the rules ran (the catalog's
//! "Suppressions" section):
//!
//! * `offsetlint: ignore[OL101, bare-commit] reason` on the flagged line, or alone on the line
//!   above it; `offsetlint: ignore reason` covers every rule on that line;
//! * `offsetlint: ignore-file[OL401] reason` in the file's leading comment block;
//! * `noqa: OL101` (codes starting with `OL`; a bare `noqa` belongs to other tools).
//!
//! Selectors are those of `--select` (codes, names, prefixes, `ALL`). The directive word is
//! exact: `offsetlint: ignored ...` or `offsetlint: disable` is malformed, never applied. This
//! module reports which directive suppressed what; the engine asks OL002 about the rest.

use crate::diagnostic::Finding;
use crate::model::{LineIndex, TextRange};
use crate::registry::{select, Rule, RuleSet};

/// What a directive covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Its own line; the next line too when the comment is alone on its line.
    Line {
        line: usize,
        own_line: bool,
    },
    File,
}

#[derive(Debug, Clone)]
pub struct Directive {
    /// The comment holding it.
    pub range: TextRange,
    pub scope: Scope,
    /// `None` for `offsetlint: ignore` with no list: every rule.
    pub rules: Option<RuleSet>,
    /// Each known selector of the list as written, with the rules it names.
    pub selectors: Vec<(String, RuleSet)>,
    /// Selectors in the list that name no rule (OL002 reports them).
    pub unknown: Vec<String>,
    /// The text after the directive.
    pub reason: String,
}

/// A comment that starts like a directive but is not one (OL002 reports it).
#[derive(Debug, Clone)]
pub struct Malformed {
    pub range: TextRange,
    pub message: String,
}

#[derive(Debug, Clone, Default)]
pub struct Directives {
    pub directives: Vec<Directive>,
    pub malformed: Vec<Malformed>,
}

impl Directive {
    fn covers(&self, line: usize) -> bool {
        match self.scope {
            Scope::File => true,
            Scope::Line { line: at, own_line } => line == at || (own_line && line == at + 1),
        }
    }

    pub fn matches(&self, rule: Rule) -> bool {
        self.rules.is_none_or(|set| set.contains(rule))
    }
}

/// Reads the directives out of a file's comments (ranges in source order).
pub fn parse(source: &str, comments: &[TextRange], lines: &LineIndex) -> Directives {
    let mut out = Directives::default();
    // End of the leading comment block: only comments and blank space before it.
    let mut leading = true;
    let mut prev_end = 0usize;
    for &range in comments {
        let (start, end) = (range.start as usize, range.end as usize);
        let Some(text) = source.get(start..end) else {
            continue;
        };
        leading = leading
            && source
                .get(prev_end..start)
                .is_some_and(|gap| gap.trim().is_empty());
        prev_end = end;
        let parsed = match parse_comment(text) {
            Some(p) => p,
            None => continue,
        };
        let (kind, list, reason) = match parsed {
            Comment::Directive { kind, list, reason } => (kind, list, reason),
            Comment::Malformed(message) => {
                out.malformed.push(Malformed { range, message });
                continue;
            }
        };
        let scope = match kind {
            Kind::File if !leading => {
                out.malformed.push(Malformed {
                    range,
                    message: "`ignore-file` must be in the file's leading comment block".into(),
                });
                continue;
            }
            Kind::File => Scope::File,
            Kind::Line => {
                let line = lines.line(range.start);
                let line_start = lines.line_range(source, line).start as usize;
                let own_line = source
                    .get(line_start..start)
                    .is_some_and(|p| p.trim().is_empty());
                Scope::Line { line, own_line }
            }
        };
        let mut selectors = Vec::new();
        let mut unknown = Vec::new();
        for s in list.iter().flatten() {
            match select(s) {
                Some(rules) => selectors.push((s.clone(), rules.into_iter().collect::<RuleSet>())),
                None => unknown.push(s.clone()),
            }
        }
        let rules = list.is_some().then(|| {
            selectors
                .iter()
                .flat_map(|(_, set)| set.iter())
                .collect::<RuleSet>()
        });
        out.directives.push(Directive {
            range,
            scope,
            rules,
            selectors,
            unknown,
            reason,
        });
    }
    out
}

#[derive(Debug, PartialEq)]
enum Kind {
    Line,
    File,
}

#[derive(Debug, PartialEq)]
enum Comment {
    Directive {
        kind: Kind,
        /// The bracketed selectors; `None` for a bare `ignore`.
        list: Option<Vec<String>>,
        reason: String,
    },
    Malformed(String),
}

const MARKER: &str = "offsetlint:";

/// Parses one comment's text (with its `#` / `//`). `None`: no directive of ours.
fn parse_comment(text: &str) -> Option<Comment> {
    if let Some(at) = find_ascii_ci(text, MARKER) {
        return Some(parse_offsetlint(text[at + MARKER.len()..].trim_start()));
    }
    parse_noqa(text)
}

/// Byte offset of an ASCII needle, compared case-insensitively; always a char boundary.
fn find_ascii_ci(haystack: &str, needle: &str) -> Option<usize> {
    haystack
        .as_bytes()
        .windows(needle.len())
        .position(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

fn parse_offsetlint(rest: &str) -> Comment {
    let word_end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
        .unwrap_or(rest.len());
    let (word, after) = rest.split_at(word_end);
    let kind = match word {
        "ignore" => Kind::Line,
        "ignore-file" => Kind::File,
        "" => return Comment::Malformed(
            "empty `offsetlint:` directive: expected `ignore`, `ignore[..]` or `ignore-file[..]`"
                .into(),
        ),
        other => {
            return Comment::Malformed(format!(
                "unknown directive `{other}`: expected `ignore`, `ignore[..]` or `ignore-file[..]`"
            ))
        }
    };
    let (list, after) = match after.strip_prefix('[') {
        Some(inner) => match inner.find(']') {
            Some(close) => (
                Some(
                    inner[..close]
                        .split(',')
                        .map(str::trim)
                        .filter(|s| !s.is_empty())
                        .map(str::to_string)
                        .collect::<Vec<_>>(),
                ),
                &inner[close + 1..],
            ),
            None => return Comment::Malformed(format!("unclosed `[` in `{word}[..]`")),
        },
        None => (None, after),
    };
    // The directive ends at a space or the end of the comment: `ignore[OL101]x` is malformed.
    if !(after.is_empty() || after.starts_with(char::is_whitespace)) {
        return Comment::Malformed(format!(
            "`{word}` must be followed by a space, a `[..]` list or the end of the comment"
        ));
    }
    match (&kind, &list) {
        (Kind::File, None) => {
            return Comment::Malformed(
                "`ignore-file` needs a rule list: `ignore-file[OL401]` (or `ignore-file[ALL]`)"
                    .into(),
            )
        }
        (_, Some(l)) if l.is_empty() => {
            return Comment::Malformed(format!("empty rule list in `{word}[]`"))
        }
        _ => {}
    }
    Comment::Directive {
        kind,
        list,
        reason: own_reason(after),
    }
}

/// The reason text of a directive: up to another comment on the same line
/// (`# offsetlint: ignore[OL101]  # type: ignore` gives no reason), which starts with `#` or
/// `//` after a space and before a space or the end (`issue #12` stays in the reason).
fn own_reason(text: &str) -> String {
    let mut end = text.len();
    for (i, _) in text.match_indices([' ', '\t']) {
        let rest = text[i..].trim_start();
        let marker = if rest.starts_with("//") {
            2
        } else if rest.starts_with('#') {
            1
        } else {
            continue;
        };
        if rest[marker..].is_empty() || rest[marker..].starts_with(char::is_whitespace) {
            end = i;
            break;
        }
    }
    text[..end].trim().to_string()
}

/// `noqa: E501, OL101 reason`: only our codes count; without any, the comment is not ours.
fn parse_noqa(text: &str) -> Option<Comment> {
    let at = find_ascii_ci(text, "noqa:")?;
    let rest = &text[at + "noqa:".len()..];
    let mut codes = Vec::new();
    let mut reason = "";
    for (i, token) in rest.split(',').enumerate() {
        let mut words = token.split_whitespace();
        let Some(word) = words.next() else { break };
        let ours = word.get(..2).is_some_and(|p| p.eq_ignore_ascii_case("OL"));
        if ours {
            codes.push(word.to_string());
        } else if !word.chars().all(|c| c.is_ascii_alphanumeric()) {
            break;
        }
        // A token with more than one word ends the list: the rest is the reason.
        if words.next().is_some() {
            let offset: usize = rest.split(',').take(i).map(|t| t.len() + 1).sum();
            reason = rest[offset..].trim_start();
            reason = reason[reason.find(char::is_whitespace).unwrap_or(reason.len())..].trim();
            break;
        }
    }
    (!codes.is_empty()).then(|| Comment::Directive {
        kind: Kind::Line,
        list: Some(codes),
        reason: own_reason(&format!(" {reason}")),
    })
}

/// Sorts findings into the kept and the suppressed ones; returns both and, per directive,
/// the rules it suppressed.
pub fn apply(
    findings: Vec<Finding>,
    directives: &[Directive],
    lines: &LineIndex,
) -> (Vec<Finding>, Vec<Finding>, Vec<RuleSet>) {
    let mut used = vec![RuleSet::EMPTY; directives.len()];
    let mut kept = Vec::with_capacity(findings.len());
    let mut silenced = Vec::new();
    for f in findings {
        let line = lines.line(f.range.start);
        match directives
            .iter()
            .position(|d| d.covers(line) && d.matches(f.rule))
        {
            Some(i) => {
                used[i].insert(f.rule);
                silenced.push(f);
            }
            None => kept.push(f),
        }
    }
    (kept, silenced, used)
}

/// Whether a directive other than the one at `own` suppresses `finding` (an OL002 about one
/// directive can be suppressed by another).
pub fn is_suppressed_by_other(
    finding: &Finding,
    directives: &[Directive],
    lines: &LineIndex,
) -> bool {
    let line = lines.line(finding.range.start);
    directives
        .iter()
        .any(|d| d.range != finding.range && d.covers(line) && d.matches(finding.rule))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_ends_at_another_comment() {
        assert_eq!(own_reason(" because  # type: ignore"), "because");
        assert_eq!(own_reason(" see issue #12"), "see issue #12");
        assert_eq!(own_reason("  # expect: OL002"), "");
        assert_eq!(own_reason(" local // other"), "local");
        assert_eq!(own_reason(" a#b"), "a#b");
        assert_eq!(own_reason(" trailing #"), "trailing");
    }

    fn directive(text: &str) -> Option<Comment> {
        parse_comment(text)
    }

    fn list(items: &[&str]) -> Option<Vec<String>> {
        Some(items.iter().map(|s| s.to_string()).collect())
    }

    #[test]
    fn exact_directives() {
        assert_eq!(
            directive(&format!(
                "# offsetlint: ignore[{}, bare-commit] handled by the store",
                Rule::BareCommit.code()
            )),
            Some(Comment::Directive {
                kind: Kind::Line,
                list: list(&[Rule::BareCommit.code(), "bare-commit"]),
                reason: "handled by the store".into()
            })
        );
        assert_eq!(
            directive("// offsetlint: ignore"),
            Some(Comment::Directive {
                kind: Kind::Line,
                list: None,
                reason: String::new()
            })
        );
        assert_eq!(
            directive(&format!(
                "# offsetlint: ignore-file[{}] local file only",
                Rule::CheckpointNetworkImport.code()
            )),
            Some(Comment::Directive {
                kind: Kind::File,
                list: list(&[Rule::CheckpointNetworkImport.code()]),
                reason: "local file only".into()
            })
        );
        for bad in [
            "# offsetlint: ignored until PAY-1 lands",
            "# offsetlint: disable",
            "# offsetlint: ignore-file",
            "# offsetlint: ignore[bare-commit",
            "# offsetlint: ignore[]",
            "# offsetlint: ignore[bare-commit]x",
            "# offsetlint:",
        ] {
            assert!(
                matches!(directive(bad), Some(Comment::Malformed(_))),
                "{bad}"
            );
        }
        assert_eq!(directive("# nothing to see"), None);
    }

    #[test]
    fn noqa() {
        assert_eq!(
            directive(&format!(
                "# noqa: E501, {} reason here",
                Rule::BareCommit.code()
            )),
            Some(Comment::Directive {
                kind: Kind::Line,
                list: list(&[Rule::BareCommit.code()]),
                reason: "reason here".into()
            })
        );
        assert_eq!(directive("# noqa"), None);
        assert_eq!(directive("# noqa: E501"), None);
        // Non-ASCII text after the marker never panics (it used to slice inside a character).
        assert_eq!(directive("# noqa: aé"), None);
        assert_eq!(directive("// noqa: é"), None);
        assert_eq!(directive("# noqa: Oé"), None);
        assert!(matches!(
            directive("# offsetlint: é"),
            Some(Comment::Malformed(_))
        ));
        assert!(matches!(
            directive("# OFFSETLINT: ignoré"),
            Some(Comment::Malformed(_))
        ));
    }
}
