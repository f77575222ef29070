//! OL201 unconfirmed-produce: a produce whose broker delivery is never observed.

use crate::analysis::{ArgPresence, CallFacts, Context};
use crate::diagnostic::Finding;
use crate::knowledge::{CallbackPolicy, Op};
use crate::model::{visit, Call, ClosureExpr, Expr, Lit};
use crate::registry::Rule;
use crate::rules::helpers::with_receiver;
use crate::rules::RuleContext;

/// OL201
pub(crate) fn unconfirmed_produce(ctx: &RuleContext, call: &Call, facts: &CallFacts) {
    let client = &facts.client;
    // Sends inside a transaction whose commit's failure is observed: the commit confirms them.
    if ctx.analysis.in_committed_transaction(call, facts) {
        return;
    }
    let (message, help) = match &facts.op {
        Op::Produce {
            callback,
            policy: CallbackPolicy::ArgOrVisibleConfig,
        } => {
            match facts.find_arg(callback) {
                ArgPresence::Present(Expr::Lit { lit: Lit::None, .. }) | ArgPresence::Absent => {}
                ArgPresence::Present(_) | ArgPresence::Unknown => return,
            }
            // A global `on_delivery` in a visible config. An exemption must be seen, as a
            // violation must: a `**spread` of unseen content does not exempt (catalog).
            if client.config.get("on_delivery").is_some() {
                return;
            }
            (
                format!(
                    "`{}` without a delivery callback: a failed delivery is never seen",
                    facts.method
                ),
                ctx.hint(facts, |l| (l.delivery_hint, l.delivery_hint_local)),
            )
        }
        Op::Produce {
            policy: CallbackPolicy::ClientContext,
            ..
        } => {
            // Only a producer whose context is known to drop delivery reports: the default
            // one (from its construction or its type), or a program context whose `delivery`
            // is empty.
            let which = match client.context {
                Context::Default => "created with the default context",
                Context::Silent => "whose context's `delivery` is empty",
                Context::Unknown | Context::Custom => return,
            };
            (
                format!("`{}` on a producer {which}: delivery reports go nowhere", facts.method),
                "create the producer with `create_with_context(ctx)` whose `ProducerContext::delivery` records failures",
            )
        }
        Op::Send {
            awaits,
            raises,
            callback,
        } => {
            if facts.result.observes_outcome(*awaits, *raises)
                && !ctx.analysis.bound_unread(facts.body, &facts.result)
            {
                return;
            }
            // A callback argument observes the delivery (`send(record, callback)`), unless it
            // is `null` or never reads its exception (`(md, ex) -> {}`).
            if let Some(at) = callback {
                match facts.find_arg(&crate::knowledge::ArgSlot::new(&[], Some(*at))) {
                    ArgPresence::Present(Expr::Lit { lit: Lit::None, .. })
                    | ArgPresence::Absent => {}
                    ArgPresence::Present(Expr::Closure(c)) if ignores_error(c) => {
                        let finding = Finding::new(
                            Rule::UnconfirmedProduce,
                            call.range,
                            format!(
                                "the callback of `{}` never reads its exception: a failed delivery is never seen",
                                facts.method
                            ),
                        )
                        .primary("delivery never observed")
                        .label(c.range, "exception parameter never read")
                        .help(format!(
                            "{} before any checkpoint or offset moves past this record",
                            ctx.hint(facts, |l| (l.delivery_hint, l.delivery_hint_local))
                        ));
                        ctx.report(with_receiver(ctx, finding, facts));
                        return;
                    }
                    ArgPresence::Present(_) | ArgPresence::Unknown => return,
                }
            }
            (
                format!("delivery result of `{}` is discarded", facts.method),
                ctx.hint(facts, |l| (l.delivery_hint, l.delivery_hint_local)),
            )
        }
        _ => return,
    };
    let finding = Finding::new(Rule::UnconfirmedProduce, call.range, message)
        .primary("delivery never observed")
        .help(format!(
            "{help} before any checkpoint or offset moves past this record"
        ));
    ctx.report(with_receiver(ctx, finding, facts));
}

/// A delivery callback `(metadata, exception) -> ..` whose exception parameter is never read.
fn ignores_error(c: &ClosureExpr) -> bool {
    c.params
        .get(1)
        .is_some_and(|e| !visit::reads_name(&c.body, &e.name))
}
