//! OL204 watermark-over-unconfirmed: a checkpoint, watermark or cursor advance (or a consumer
//! commit of the input) after produces whose delivery was not confirmed first.

use crate::analysis::context::{is_commit, is_produce};
use crate::diagnostic::Finding;
use crate::model::{BodyId, Call, Ranged};
use crate::registry::Rule;
use crate::rules::RuleContext;

const HELP: &str = "confirm delivery first: after `flush()` check that nothing is still queued and that the delivery callback recorded no error, or await / `.get()` each send's result; advance only then";

/// OL204
pub(crate) fn watermark_over_unconfirmed(ctx: &RuleContext) {
    let analysis = ctx.analysis;
    let control = analysis.control();
    // The functions that produce, or that advance something (the produce may be in a helper
    // they call).
    let mut bodies: Vec<BodyId> = (analysis.index.calls.iter())
        .filter(|(c, _)| {
            analysis
                .facts(c.id)
                .is_some_and(|f| is_produce(&f.op) || is_commit(&f.op))
                || analysis.advance_call(c).is_some()
        })
        .map(|&(_, b)| b)
        .collect();
    bodies.sort();
    bodies.dedup();
    for body in bodies {
        let produces = analysis.unconfirmed_produces(body);
        if produces.is_empty() {
            continue;
        }
        // Advances: commits and checkpoint calls, then checkpoint assignments.
        let mut advances = Vec::new();
        let mut implicit = Vec::new();
        for &(call, cb) in &analysis.index.calls {
            if cb != body {
                continue;
            }
            if let (Some(what), Some(pos)) = (analysis.advance_call(call), analysis.call_pos(call))
            {
                // A consumer commit advances the input only in a consume loop (the catalog's
                // OL204), or in a function the loop calls once per message (`self._on_error(
                // msg, exc)` routing it to a dead-letter topic and committing it) or hands
                // what it polled (`commit(result)` for the batch's results); a
                // checkpoint or watermark advance counts anywhere in the function.
                let commit = analysis.facts(call.id).is_some_and(|f| is_commit(&f.op));
                let in_consume_loop = || {
                    analysis
                        .enclosing_loop(call)
                        .is_some_and(|l| analysis.is_consume_loop(l))
                        || analysis.per_message_param(body).is_some()
                        || analysis.called_in_consume_loop(body)
                };
                if !commit || in_consume_loop() {
                    advances.push((pos, call.range, what));
                }
                let returns = &analysis.knowledge.vocab.handler_return_commits;
                if analysis
                    .facts(call.id)
                    .is_some_and(|f| returns.contains(&f.method.as_str()))
                {
                    implicit.push(call.range);
                }
            }
        }
        // A function a listener hands each message (a service's `reserve(order)` called by
        // the listener): the container commits the input when the listener returns, right
        // after this function returns with a produce unconfirmed. Reported at the produce,
        // where the fix goes; the listener's call of it is not reported.
        let own_produce = |p: &&Call| analysis.facts(p.id).is_some();
        let left = analysis.left_unconfirmed(body, 0);
        if implicit.is_empty()
            && left.iter().any(own_produce)
            && analysis.listener_hands_message(body)
        {
            for produce in left {
                let produced = produce.func.last_name().unwrap_or("produce");
                let finding = Finding::new(
                    Rule::WatermarkOverUnconfirmed,
                    produce.range,
                    format!("`{produced}` is not confirmed before this function returns to the listener that calls it, and the listener's input is committed"),
                )
                .primary("not confirmed before the listener's commit on return")
                .help(HELP);
                ctx.report(finding);
            }
        }
        for (target, pos, name) in analysis.advance_assignments(body) {
            advances.push((pos, target.range(), name));
        }
        for (pos, range, what) in advances {
            let implicit_commit = implicit.contains(&range);
            let mut unconfirmed = produces.iter().filter(|(p, ppos, handle)| {
                // A confirmed produce whose failure a handler swallows is positioned at that
                // handler; before a framework's commit on return it is the handler's OL103,
                // not a finding at the produce.
                let swallowed = analysis.call_pos(p) != Some(*ppos);
                // A function a listener hands the message that returns with its own produce
                // unconfirmed is reported inside it (below), not at its call.
                let reported_inside = || {
                    analysis.facts(p.id).is_none() && analysis.helper_reports_own_produce(p, body)
                };
                p.range != range
                    && !(implicit_commit && (swallowed || reported_inside()))
                    && control.follows(*ppos, p.range, pos, range)
                    && !analysis.delivery_checked(p, *ppos, pos)
                    && !handle
                        .as_deref()
                        .is_some_and(|h| analysis.read_between(h, p, *ppos, pos))
                    && !analysis.advance_on_success(p, pos)
            });
            if implicit_commit {
                // A framework's commit when the handler returns (a Spring listener's container
                // commit) has no text of its own: each produce it passes over is a finding
                // of its own, where its fix goes (one per branch that sends).
                for (produce, _, _) in unconfirmed {
                    let produced = produce.func.last_name().unwrap_or("produce");
                    let finding = Finding::new(
                        Rule::WatermarkOverUnconfirmed,
                        produce.range,
                        format!("`{produced}` is not confirmed before the handler returns and its input is committed"),
                    )
                    .primary("not confirmed before the commit on return");
                    ctx.report(finding.help(HELP));
                }
                continue;
            }
            let Some((produce, _, _)) = unconfirmed.next() else {
                continue;
            };
            let produced = produce.func.last_name().unwrap_or("produce");
            let finding = Finding::new(
                Rule::WatermarkOverUnconfirmed,
                range,
                format!("`{what}` advances past records whose delivery was not confirmed"),
            )
            .primary("advanced before delivery is confirmed")
            .label(
                produce.range,
                format!("`{produced}` not confirmed before the advance"),
            );
            ctx.report(finding.help(HELP));
        }
    }
}
