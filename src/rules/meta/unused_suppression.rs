//! OL002 unused-suppression: a suppression comment that suppressed nothing in this run.

use crate::config::Settings;
use crate::diagnostic::Finding;
use crate::rules::Rule;
use crate::suppress::{Code, Directive};

/// OL002: findings for the parts of `directive` that suppressed nothing. Codes of rules that
/// did not run are not reported: their findings could not have been seen.
pub fn unused_suppression(
    directive: &Directive,
    used: &[Rule],
    settings: &Settings,
) -> Vec<Finding> {
    let finding = |message: String| {
        Finding::new(Rule::UnusedSuppression, directive.range, message)
            .primary("suppresses nothing")
            .help("remove the comment, or fix the code it names")
    };
    match &directive.codes {
        None if used.is_empty() => vec![finding("suppression comment suppresses nothing".into())],
        None => Vec::new(),
        Some(codes) => codes
            .iter()
            .filter_map(|code| match code {
                Code::Unknown(c) => Some(finding(format!(
                    "unknown rule `{c}` in suppression comment"
                ))),
                Code::Rule(r)
                    if settings.enabled(*r)
                        && !used.contains(r)
                        && *r != Rule::UnusedSuppression =>
                {
                    Some(finding(format!(
                        "unused suppression for `{}` ({})",
                        r.code(),
                        r.name()
                    )))
                }
                Code::Rule(_) => None,
            })
            .collect(),
    }
}
