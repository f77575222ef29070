//! OL202 flush-result-ignored: a flush whose result (what is still queued, or the error) is
//! thrown away.

use crate::analysis::CallFacts;
use crate::diagnostic::Finding;
use crate::knowledge::Op;
use crate::model::{Call, Expr, Lit};
use crate::registry::Rule;
use crate::rules::helpers::with_receiver;
use crate::rules::RuleContext;

/// OL202
pub(crate) fn flush_result_ignored(ctx: &RuleContext, call: &Call, facts: &CallFacts) {
    // Only where flush reports something: the library must be known (catalog, OL202).
    if !matches!(
        facts.op,
        Op::Flush {
            returns_result: true
        }
    ) || !facts.client.lib_certain
    {
        return;
    }
    if facts.result.observes_outcome(0, false) {
        return;
    }
    // A flush without a finite timeout blocks until the queue is empty: its result is always
    // 0 / `Ok` (whether each delivery succeeded is OL201's business).
    if !is_finite(ctx.analysis.flush_timeout(call, facts))
        || ctx.analysis.flush_rechecked(call, facts)
    {
        return;
    }
    let finding = Finding::new(
        Rule::FlushResultIgnored,
        call.range,
        format!(
            "result of `{}` is thrown away: messages still queued go unnoticed",
            facts.method
        ),
    )
    .primary("flush result ignored")
    .help(ctx.hint(facts, |l| (l.flush_hint, l.flush_hint_local)));
    ctx.report(with_receiver(ctx, finding, facts));
}

/// Whether the flush waits for a finite time: a number, a `Duration`, `Timeout::After(..)`,
/// or a value that cannot be pinned down. No argument (confluent-kafka's default, -1), a
/// negative number, `None` and `Timeout::Never` wait until the queue is empty.
fn is_finite(timeout: Option<&Expr>) -> bool {
    match timeout {
        None => false,
        Some(Expr::Lit {
            lit: Lit::Int(i), ..
        }) => *i >= 0,
        Some(Expr::Lit { lit: Lit::None, .. }) => false,
        Some(e) => !matches!(
            e.dotted().as_deref(),
            Some([.., "Timeout", "Never"]) | Some(["None"])
        ),
    }
}
