//! OL002 unused-suppression: a suppression comment that suppressed nothing in this run, names
//! an unknown rule, is malformed, or (when configured) gives no reason.

use crate::diagnostic::Finding;
use crate::registry::{Rule, RuleSet};
use crate::suppress::Directives;

/// OL002: findings for the directives of one file, given what each suppressed. Rules that did
/// not run are not reported as unused: their findings could not have been seen.
pub fn unused_suppression(
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
            out.push(finding("suppression comment suppresses nothing".into()));
        }
        // A selector is unused when none of the rules it names that ran was suppressed by it
        // (`ignore[OL1]` is used once any OL1xx finding was).
        for (text, named) in &d.selectors {
            let ran = named
                .iter()
                .filter(|r| enabled.contains(*r) && *r != Rule::UnusedSuppression);
            let ran: RuleSet = ran.collect();
            if !ran.is_empty() && !ran.iter().any(|r| used.contains(r)) {
                let what = match named.iter().collect::<Vec<_>>()[..] {
                    [one] => format!("`{}` ({})", one.code(), one.name()),
                    _ => format!("`{text}`"),
                };
                out.push(finding(format!("unused suppression for {what}")));
            }
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
