//! OL104 commit-before-effect: in a consume loop, the offset is committed before the
//! message's effect: message data is used (processed, produced, written) after the commit in
//! the same iteration, or it so far only went into an in-memory buffer that is written out
//! later (at-most-once: a crash in between loses the message).

use crate::analysis::context::is_commit;
use crate::analysis::control::{Pos, RegionId, RegionKind};
use crate::analysis::facts::ArgPresence;
use crate::analysis::CallFacts;
use crate::diagnostic::Finding;
use crate::knowledge::Op;
use crate::model::{Call, Expr, Stmt, StmtKind, TextRange};
use crate::registry::Rule;
use crate::rules::helpers::with_receiver;
use crate::rules::RuleContext;

/// OL104
pub(crate) fn commit_before_effect(ctx: &RuleContext, call: &Call, facts: &CallFacts) {
    let analysis = ctx.analysis;
    // A commit helper handed to a task spawn runs in that task: what the loop does next is
    // not after it (the helper's own order is judged in its body).
    if !is_commit(&facts.op) || analysis.spawned_within(call, facts.body) {
        return;
    }
    // A helper that commits only on its own failure path (a poison message) commits nothing
    // when it returns normally, which is when the code after it goes on with the message.
    if facts.wrapper.is_some() && analysis.commits_only_on_failure(call, facts.body) {
        return;
    }
    let control = analysis.control();
    let Some(pos) = analysis.call_pos(call) else {
        return;
    };
    let Some(l) = analysis.enclosing_loop(call) else {
        match analysis.per_message_param(facts.body) {
            Some(param) => per_message_effect(ctx, call, facts, pos, param),
            None => handed_back(ctx, call, facts, pos),
        }
        return;
    };
    // A commit on a failure path is OL102's finding, not a second one here (whether or not
    // OL102 runs: a rule's findings do not depend on which others are selected).
    if !analysis.is_consume_loop(l)
        || super::commit_on_failure::failure_site(ctx, call, facts).is_some()
    {
        return;
    }
    if let Some(handoff) = handed_off_before(ctx, call, l) {
        let name = handoff.func.last_name().unwrap_or("call");
        // A listener's return commit has no source text: the finding names it instead.
        let on_return =
            (ctx.knowledge.vocab.handler_return_commits).contains(&facts.method.as_str());
        let committer = if on_return {
            "the container commits it when the listener returns,".to_string()
        } else {
            format!("`{}` commits it", facts.method)
        };
        let finding = Finding::new(
            Rule::CommitBeforeEffect,
            handoff.range,
            format!("`{name}` hands the message to another thread; {committer} before that work is done"),
        )
        .primary("the message's effect runs later, on another thread")
        .help(if analysis.queues(handoff, analysis.control().region(l).body) {
            "write the data before the commit, or let the thread that takes it from the queue commit once it is written (hand it the offsets, or the `Acknowledgment`)"
        } else {
            "do the work before the commit, or keep the returned futures and wait on them (`get`, `join`) before committing"
        });
        let finding = if on_return {
            finding
        } else {
            finding.label(call.range, "offset committed here")
        };
        ctx.report(finding);
    }
    // Message data used after the commit in the same iteration. Adding it to an in-memory
    // container counts only when that container is written out later (a buffer, below);
    // `seen.add(key)` is bookkeeping.
    let buffers = analysis.loop_buffers(l);
    let effects = analysis.loop_effects(l, facts.body);
    let after = |i: usize| {
        let (q, r) = effects.at.at[i];
        runs_after(ctx, call, pos, q, r)
    };
    let effect = match control.first_following(pos, call.range, &effects.at) {
        Some(i) if !after(i) => (0..effects.calls.len()).find(|&k| after(k)),
        found => found,
    }
    .map(|i| effects.calls[i]);
    if let Some(u) = effect {
        report_effect(ctx, call, facts, u);
        return;
    }
    if let Some(yielded) = analysis.yielded_after(l, pos, call.range) {
        let finding = Finding::new(
            Rule::CommitBeforeEffect,
            call.range,
            format!(
                "`{}` commits before the message's effect: its data is yielded to the caller afterwards",
                facts.method
            ),
        )
        .primary("offset committed here")
        .label(yielded, "the caller works on the data here, after the commit")
        .help("commit after the caller is done with the data (when the generator resumes, or let the caller commit); a crash in between loses the message");
        ctx.report(with_receiver(ctx, finding, facts));
        return;
    }
    // Message data only buffered so far: the buffer is written out later.
    for buffer in buffers {
        let covered = buffer
            .writes
            .iter()
            .any(|(w, _)| control.dominates(*w, pos, l));
        if covered {
            continue;
        }
        let following =
            (buffer.writes.iter()).find(|(w, r)| control.follows(pos, call.range, *w, *r));
        let found = if analysis.made_each_pass(l, buffer) {
            // Only this pass's data: unwritten at the commit only when added before it and
            // written after it (a document built and sent on one branch, the commit after).
            let added_before = buffer.adds.iter().any(|a| {
                control
                    .stmt(*a)
                    .is_some_and(|s| control.follows(*a, s.range, pos, call.range))
            });
            following.filter(|_| added_before)
        } else {
            following.or(buffer.writes.first())
        };
        let Some(&(_, write)) = found else {
            continue;
        };
        let finding = Finding::new(
            Rule::CommitBeforeEffect,
            call.range,
            format!(
                "`{}` commits messages whose data is still only in the in-memory buffer `{}`",
                facts.method, buffer.name
            ),
        )
        .primary("offset committed here")
        .label(write, "the buffer is written to the sink here")
        .help("commit after the buffer's write succeeded; a crash before the write loses every buffered message");
        ctx.report(with_receiver(ctx, finding, facts));
        return;
    }
}

/// Whether code at `q` runs after the commit `call` at `pos` is done: it follows it, and it is
/// neither in a handler of a `try` the commit ends (a log line may follow the commit), which
/// runs only when the commit or what came before it failed (what it does with the message, an
/// error record or a dead-letter route, is not after the commit), nor in the handler of the
/// commit's own failure.
fn runs_after(ctx: &RuleContext, call: &Call, pos: Pos, q: Pos, r: TextRange) -> bool {
    let control = ctx.analysis.control();
    let logs = ctx.analysis.knowledge.vocab.log_methods;
    let log_line = |s: &Stmt| {
        matches!(&s.kind, StmtKind::Expr(Expr::Call(c))
            if c.func.last_name().is_some_and(|m| logs.contains(&m)))
    };
    control.follows(pos, call.range, q, r)
        && !control.runs_only_before_completion(pos, q, log_line)
        && !handles_own_failure(ctx, call, q)
}

/// Whether `at` is in the handler of `commit`'s own failure alone (`if let Err(e) =
/// self.commit(&msg) { log(describe(&e)) }`): it runs because the commit failed. (A `catch`
/// of a `try` that goes on after the commit also runs when what follows fails.)
fn handles_own_failure(ctx: &RuleContext, commit: &Call, at: Pos) -> bool {
    let analysis = ctx.analysis;
    let within = |c: &Call| commit.range.start <= c.range.start && c.range.end <= commit.range.end;
    (analysis.control().failure_regions(at)).any(|r| {
        let protected = analysis.protected_calls(r);
        protected.iter().any(|c| c.id == commit.id) && protected.iter().all(|c| within(c))
    })
}

/// Message data used after the commit `call`.
fn report_effect(ctx: &RuleContext, call: &Call, facts: &CallFacts, effect: &Call) {
    let name = effect.func.last_name().unwrap_or("call");
    let finding = Finding::new(
        Rule::CommitBeforeEffect,
        call.range,
        format!(
            "`{}` commits before the message's effect: `{name}` uses its data afterwards",
            facts.method
        ),
    )
    .primary("offset committed here")
    .label(effect.range, "message data used after the commit")
    .help("commit after the effect is done (at-least-once); a crash between the commit and the effect loses the message");
    ctx.report(with_receiver(ctx, finding, facts));
}

/// A commit in a function the consume loop calls once per message (`await
/// self._process(msg)`), in no loop of its own, before what the function then does with that
/// message (`await handler(event)` on an event decoded from it).
fn per_message_effect<'m>(
    ctx: &RuleContext<'_, '_, 'm>,
    call: &Call,
    facts: &CallFacts,
    pos: Pos,
    param: &'m str,
) {
    let analysis = ctx.analysis;
    if super::commit_on_failure::failure_site(ctx, call, facts).is_some() {
        return;
    }
    let mut names = analysis.message_names_from(facts.body, param);
    // The offsets the commit was handed, a parameter declared of an offset type, are its
    // own: passing them on afterwards reports the commit (`commitSync(offsets);
    // onComplete(offsets, null)`), it is no effect of a message.
    if let Op::Commit { offsets } = &facts.op {
        if let ArgPresence::Present(Expr::Name { id, .. }) = facts.find_arg(offsets) {
            let offset_types = ctx.knowledge.vocab.offset_types;
            let declared = analysis.index.body(facts.body).params.iter().any(|p| {
                p.name == *id
                    && (p.annotation.iter()).any(|t| {
                        (t.paths.iter().chain(&t.elements))
                            .chain(t.first_args.iter().flat_map(|(_, a)| a))
                            .any(|path| {
                                path.last()
                                    .is_some_and(|l| offset_types.contains(&l.as_str()))
                            })
                    })
            });
            if declared {
                names.remove(id.as_str());
            }
        }
    }
    let effect = (analysis.index.calls.iter())
        .filter(|(u, b)| *b == facts.body && u.id != call.id)
        .filter_map(|&(u, _)| Some((u, analysis.call_pos(u)?)))
        .filter(|&(u, q)| {
            runs_after(ctx, call, pos, q, u.range) && analysis.is_effect_on(u, &names)
        })
        .min_by_key(|(u, _)| u.range.start);
    if let Some((u, _)) = effect {
        report_effect(ctx, call, facts, u);
    }
}

/// A hand-off of work on the message to another thread before `call` in loop `l`
/// ([`FileAnalysis::loop_handoffs`]): the work runs whenever that thread gets to it and the
/// commit does not wait for it (java.md OL104's executor form; a listener's return is its
/// commit). Each hand-off is reported once, by the first commit after it.
fn handed_off_before<'m>(
    ctx: &RuleContext<'_, '_, 'm>,
    call: &Call,
    l: RegionId,
) -> Option<&'m Call> {
    let analysis = ctx.analysis;
    let control = analysis.control();
    for &(h, hp) in analysis.loop_handoffs(l) {
        let first = analysis.region_calls(l).find(|(c, cp)| {
            analysis.facts(c.id).is_some_and(|f| is_commit(&f.op))
                && control.follows(hp, h.range, *cp, c.range)
        });
        if first.is_some_and(|(c, _)| c.id == call.id) {
            return Some(h);
        }
    }
    None
}

/// A commit outside any loop, after a consume loop that only put the messages' data in memory
/// and before a `return` hands that data to the caller (a poll method a framework calls
/// repeatedly: `for (r : consumer.poll(..)) out.add(convert(r)); consumer.commitSync();
/// return out;`): the caller's effect comes after the commit.
fn handed_back(ctx: &RuleContext, call: &Call, facts: &CallFacts, pos: Pos) {
    let analysis = ctx.analysis;
    let control = analysis.control();
    if super::commit_on_failure::failure_site(ctx, call, facts).is_some() {
        return;
    }
    let first = control.body_regions[facts.body.0 as usize];
    let found = (first.0..control.region(first).end)
        .map(RegionId)
        // One pass over one poll's messages (a `for` in no other loop): a loop that polls
        // again and again keeps what it returns as its own results.
        .filter(|&r| {
            let region = control.region(r);
            region.body == facts.body
                && matches!(region.kind, RegionKind::Loop(lp) if lp.target.is_some())
                && region
                    .parent
                    .is_some_and(|at| control.enclosing_loop(at).is_none())
                && analysis.is_consume_loop(r)
        })
        .find_map(|l| analysis.handed_back_after(l, pos, call.range));
    let Some((holder, returned)) = found else {
        return;
    };
    let finding = Finding::new(
        Rule::CommitBeforeEffect,
        call.range,
        format!(
            "`{}` commits the polled messages while their data is only in `{holder}`, handed to the caller afterwards",
            facts.method
        ),
    )
    .primary("offset committed here")
    .label(returned, "the data leaves for its effect here, after the commit")
    .help("commit after the caller's effect is done (let it commit, or return the offsets with the data); a crash in between loses the messages");
    ctx.report(with_receiver(ctx, finding, facts));
}
