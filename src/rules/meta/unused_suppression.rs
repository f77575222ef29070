//! OL002 unused-suppression: a suppression comment that suppressed nothing in this run, names
//! an unknown rule, is malformed, or (when configured) gives no reason.

use crate::diagnostic::{Applicability, Edit, Finding, Fix};
use crate::model::TextRange;
use crate::registry::{Rule, RuleSet};
use crate::suppress::{Directive, Directives};

/// OL002: findings for the directives of one file, given what each suppressed. Rules that did
/// not run are not reported as unused: their findings could not have been seen.
pub fn unused_suppression(
    source: &str,
    directives: &Directives,
    used: &[RuleSet],
    enabled: RuleSet,
    require_reason: bool,
) -> Vec<Finding> {
    let mut out = Vec::new();
    for m in &directives.malformed {
        out.push(
            Finding::new(Rule::UnusedSuppression, m.range, format!("malformed suppression: {}", m.message))
                .primary("not a suppression")
                .help("write `offsetlint: ignore[CODE] reason`, `offsetlint: ignore-file[CODE] reason`, or remove the comment"),
        );
    }
    for (d, used) in directives.directives.iter().zip(used) {
        let finding = |message: String| {
            Finding::new(Rule::UnusedSuppression, d.range, message)
                .primary("suppresses nothing")
                .help("remove the comment, or fix the code it names")
        };
        for unknown in &d.unknown {
            out.push(finding(format!(
                "unknown rule `{unknown}` in suppression comment"
            )));
        }
        if d.rules.is_none() && used.is_empty() {
            let f = finding("suppression comment suppresses nothing".into());
            out.push(with_removal(f, remove_comment(source, d)));
        }
        // A selector is unused when none of the rules it names that ran was suppressed by it
        // (`ignore[OL1]` is used once any OL1xx finding was).
        let unused: Vec<&str> = d
            .selectors
            .iter()
            .filter(|(_, named)| {
                let ran = named
                    .iter()
                    .filter(|r| enabled.contains(*r) && *r != Rule::UnusedSuppression);
                let ran: RuleSet = ran.collect();
                !ran.is_empty() && !ran.iter().any(|r| used.contains(r))
            })
            .map(|(text, _)| text.as_str())
            .collect();
        // Every selector unused (and none unknown): the fix removes the comment; else only
        // the unused selector, from the list.
        let whole = d.unknown.is_empty() && unused.len() == d.selectors.len();
        for (text, named) in &d.selectors {
            if !unused.contains(&text.as_str()) {
                continue;
            }
            let what = match named.iter().collect::<Vec<_>>()[..] {
                [one] => format!("`{}` ({})", one.code(), one.name()),
                _ => format!("`{text}`"),
            };
            let edit = if whole {
                remove_comment(source, d)
            } else {
                remove_selector(source, d, text)
            };
            out.push(with_removal(
                finding(format!("unused suppression for {what}")),
                edit,
            ));
        }
        if require_reason && d.reason.is_empty() {
            out.push(
                Finding::new(Rule::UnusedSuppression, d.range, "suppression without a reason")
                    .primary("no reason given")
                    .help("say why after the directive: `offsetlint: ignore[OL101] offsets stored by the handler`"),
            );
        }
    }
    out
}

/// The finding with a safe fix making this edit, if there is one.
fn with_removal(mut f: Finding, edit: Option<Edit>) -> Finding {
    f.fix = edit.map(|edit| Fix {
        applicability: Applicability::Safe,
        edits: vec![edit],
    });
    f
}

/// The comment's text, when it is a plain `offsetlint: ignore` directive the fix may edit:
/// one comment (no `# type: ignore` or other comment after it in the same comment token) and
/// not a `noqa` list, which other tools share.
fn directive_text<'s>(source: &'s str, d: &Directive) -> Option<&'s str> {
    let text = source.get(d.range.start as usize..d.range.end as usize)?;
    let body = text.strip_prefix("//").or_else(|| text.strip_prefix('#'))?;
    let lower = body.trim_start().to_ascii_lowercase();
    let plain = lower.starts_with("offsetlint:") && !body.contains('#') && !body.contains("//");
    plain.then_some(text)
}

/// Removes the whole comment: its line when it is alone on it, else the comment and the
/// blanks before it.
fn remove_comment(source: &str, d: &Directive) -> Option<Edit> {
    directive_text(source, d)?;
    let (start, end) = (d.range.start as usize, d.range.end as usize);
    let line_start = source[..start].rfind('\n').map_or(0, |i| i + 1);
    let before = &source[line_start..start];
    let range = if before.trim().is_empty() {
        let rest = &source[end..];
        let eol = rest.find('\n').map_or(rest.len(), |i| i + 1);
        if !rest[..eol].trim().is_empty() {
            return None;
        }
        (line_start, end + eol)
    } else {
        (line_start + before.trim_end_matches([' ', '\t']).len(), end)
    };
    Some(Edit {
        range: TextRange::new(u32::try_from(range.0).ok()?, u32::try_from(range.1).ok()?),
        content: String::new(),
    })
}

/// Removes one selector from the directive's `[...]` list, with the comma that joined it.
fn remove_selector(source: &str, d: &Directive, selector: &str) -> Option<Edit> {
    let text = directive_text(source, d)?;
    let open = text.find('[')?;
    let close = open + text[open..].find(']')?;
    // Each item of the list: its trimmed text and its byte range in `text`.
    let mut items = Vec::new();
    let mut at = open + 1;
    for part in text[open + 1..close].split(',') {
        let lead = part.len() - part.trim_start().len();
        let item = part.trim();
        if !item.is_empty() {
            items.push((item, at + lead, at + lead + item.len()));
        }
        at += part.len() + 1;
    }
    let i = items.iter().position(|(t, _, _)| *t == selector)?;
    let (from, to) = match (items.get(i + 1), i.checked_sub(1).map(|p| items[p])) {
        (Some(next), _) => (items[i].1, next.1),
        (None, Some(prev)) => (prev.2, items[i].2),
        (None, None) => return None,
    };
    let base = d.range.start as usize;
    Some(Edit {
        range: TextRange::new(
            u32::try_from(base + from).ok()?,
            u32::try_from(base + to).ok()?,
        ),
        content: String::new(),
    })
}
