//! OL103 continue-past-failure: inside a consume loop, a broad or transient failure handler
//! around the processing of a polled message that neither handles the message (commit as
//! poison, dead-letter it, seek back) nor leaves the loop: the loop goes on, and the next
//! message's commit covers the failed offset.

use crate::analysis::context::is_commit;
use crate::analysis::context::FailureSite;
use crate::analysis::control::{Control, Exits, Pos, RegionId, RegionKind};
use crate::analysis::guards::reads_any;
use crate::diagnostic::Finding;
use crate::knowledge::failure::FailureKind;
use crate::knowledge::Op;
use crate::model::{Call, ExitKind, Expr, Lit, LoopKind, StmtKind, Target};
use crate::registry::Rule;
use crate::rules::RuleContext;

/// OL103
pub(crate) fn continue_past_failure(ctx: &RuleContext) {
    let analysis = ctx.analysis;
    let control = analysis.control();
    for site in analysis.failure_sites() {
        if !matches!(site.kind, FailureKind::Broad | FailureKind::Transient) {
            continue;
        }
        let Some(at) = control.region(site.region).parent else {
            continue;
        };
        // The nearest loop must be the consume loop: a handler in a retry loop retries,
        // unless the retry loop gives up and goes on with the consume loop.
        let Some(l) = control.enclosing_loop(at) else {
            // A function a consume loop calls once per message, whose handler swallows the
            // failure and returns normally: the loop goes on past the message.
            if swallowed_in_per_message_helper(ctx, site.region) {
                report(ctx, &site, None, Leave::Helper);
            }
            continue;
        };
        let l = match analysis.is_consume_loop(l) {
            true => l,
            false => match consume_loop_around(ctx, l) {
                Some(outer) => outer,
                None => {
                    // A per-message function's loop over the message's handlers or records:
                    // once it has passed over them all, the function returns normally.
                    if passes_over_to_top(control, l)
                        && swallowed_in_per_message_helper(ctx, site.region)
                    {
                        report(ctx, &site, None, Leave::Helper);
                    }
                    continue;
                }
            },
        };
        if control.always_leaves_loop_of(site.region, l)
            || leaves_by_flag(control, site.region, l)
            || stops_loop_condition(control, site.region, l)
            || poll_failed(ctx, site.region)
            || analysis.failure_handles_message(site.region)
                && !continues_unhandled(ctx, site.region)
            || !analysis.failure_protects_message(site.region)
        {
            continue;
        }
        // Whatever the commit mode (catalog: a consume loop is one "whatever the commit
        // mode"): a later commit, the auto-commit timer, or a restart from a position past
        // the skipped message all lose it. The commit that will cover it is shown when the
        // loop has one (a batch commit after an inner loop over the batch counts too).
        let mut outer = Some(l);
        let mut commit = None;
        while let (Some(o), None) = (outer, commit) {
            commit = analysis.region_calls(o).find(|(c, p)| {
                !control.contains(site.region, *p)
                    && analysis.facts(c.id).is_some_and(|f| is_commit(&f.op))
            });
            outer = control
                .region(o)
                .parent
                .and_then(|at| control.enclosing_loop(at));
        }
        // A framework's handler (a listener the container calls per record) leaves its
        // "loop" only by throwing: its return is the container's commit.
        let returns_commit = |c: &Call| {
            (c.func.last_name())
                .is_some_and(|m| analysis.knowledge.vocab.handler_return_commits.contains(&m))
        };
        // So does a loop over a batch the function is handed (a batch listener's records):
        // its return goes back to the code that commits the batch.
        // A framework handler is lowered as one loop spanning its whole function.
        let region = control.region(l);
        let func = analysis.index.body(region.body);
        let over_param = match region.kind {
            RegionKind::Loop(lp) => lp.iter.is_some_and(|it| {
                matches!(it, Expr::Name { id, .. } if func.params.iter().any(|p| p.name == *id))
                    && (analysis.resolver.client_of(analysis.file, region.body, it)).is_none()
            }),
            _ => false,
        };
        let whole =
            (region.parent.and_then(|p| control.stmt(p))).is_some_and(|s| s.range == func.range);
        let leave =
            match over_param || whole || analysis.region_calls(l).any(|(c, _)| returns_commit(c)) {
                true => Leave::Handler,
                false => Leave::Loop,
            };
        report(ctx, &site, commit.map(|(c, _)| c), leave);
    }
}

/// How code can leave the iteration whose message failed, for the help text.
#[derive(Clone, Copy)]
enum Leave {
    /// A consume loop of its own: throw, `break` or return.
    Loop,
    /// A framework's per-record handler (a listener), or a loop over the batch a function
    /// is handed: a normal return goes back to the code that commits.
    Handler,
    /// A function a consume loop calls per message: returning normally goes on with the loop.
    Helper,
}

fn report(ctx: &RuleContext, site: &FailureSite, commit: Option<&Call>, leave: Leave) {
    let what = match site.kind {
        FailureKind::Transient => "transient-failure handler",
        _ => "handler catching every failure",
    };
    let mut finding = Finding::new(
        Rule::ContinuePastFailure,
        site.range,
        format!("{what} lets the consume loop go on past the failed message"),
    )
    .primary("neither handles the message nor leaves the loop")
    .help(match leave {
        Leave::Loop => "leave the loop (re-raise, `break`, return) or seek back so the message is delivered again, or route it to a dead-letter topic and commit it as poison; otherwise the next commit covers the failed offset",
        Leave::Handler => "re-raise, so that the failure reaches the code that hands this function its messages (a listener container's error handler retries or dead-letters the record), or seek back, or route the message to a dead-letter topic and commit it as poison; a normal return lets the next commit cover the failed offset",
        Leave::Helper => "re-raise (or return an error the caller tests) so that the consume loop does not go on past the message, or route it to a dead-letter topic and commit it as poison; a normal return lets the next commit cover the failed offset",
    });
    // The commit that will cover the failed offset, when the loop has one.
    if let Some(commit) = commit {
        finding = finding.label(commit.range, "this commit then covers the failed offset");
    }
    ctx.report(finding);
}

/// A handler that swallows a failure (it raises nothing; what it returns, the loop throws
/// away) of code using the message a consume loop hands the function.
fn swallowed_in_per_message_helper(ctx: &RuleContext, region: RegionId) -> bool {
    let analysis = ctx.analysis;
    let control = analysis.control();
    let body = control.region(region).body;
    if control.region(region).exits.any(Exits::FAILS)
        || returns_error(control, region)
        || analysis.failure_handles_message(region)
    {
        return false;
    }
    let Some(param) = analysis.per_message_param(body) else {
        return false;
    };
    // The message and what the function derives from it (`data = msg.value()`, `event =
    // parse(data)`).
    let names: Vec<&str> = (analysis.message_data_from(body, param).into_iter()).collect();
    // A handler that hands the message to more code (`self.handle_exception(msg, exc)`, a
    // retry or dead-letter path of the program) may handle it: only logging is swallowing.
    let log_methods = analysis.knowledge.vocab.log_methods;
    let hands_on = analysis.region_calls(region).any(|(c, _)| {
        !c.func.last_name().is_some_and(|m| log_methods.contains(&m))
            && c.args.iter().any(|a| reads_any(&a.value, &names))
    });
    // A failed commit or store of the message is not a failure of its processing.
    !hands_on
        && analysis.protected_calls(region).iter().any(|c| {
            !analysis.is_commit_call(c, body)
                && !analysis.notifies_observer(c, region)
                && (reads_any(&c.func, &names)
                    || c.args.iter().any(|a| reads_any(&a.value, &names)))
        })
}

/// Whether handler `region` returns an error value (`return Err(e.into())`): the caller that
/// tests the function's result sees the failure (one that throws the result away is not
/// asked here: the loop's own call is then discarded or tested, see `per_message_param`).
fn returns_error(control: &Control, region: RegionId) -> bool {
    (0..control.regions.len() as u32).map(RegionId).any(|r| {
        let stmts = &control.region(r).stmts;
        stmts.iter().enumerate().any(|(i, s)| {
            let pos = Pos {
                region: r,
                index: i as u32,
            };
            control.contains(region, pos)
                && matches!(&s.kind, StmtKind::Exit {
                    kind: ExitKind::Return,
                    value: Some(Expr::Call(c)),
                } if c.func.last_name() == Some("Err"))
        })
    })
}

/// Whether a branch of handler `handler` goes on to the next message (`continue`) without
/// handling this one, though another branch does (`if attempt >= max_attempts:
/// dead-letter and commit; else: sleep; continue`: below the maximum the message is not
/// polled again, and the next commit covers it).
fn continues_unhandled(ctx: &RuleContext, handler: RegionId) -> bool {
    let analysis = ctx.analysis;
    let control = analysis.control();
    (0..control.regions.len() as u32).map(RegionId).any(|r| {
        let region = control.region(r);
        matches!(region.kind, RegionKind::Branch { .. })
            && region.parent.is_some_and(|p| control.contains(handler, p))
            && region.stmts.iter().any(|s| {
                matches!(
                    s.kind,
                    StmtKind::Exit {
                        kind: ExitKind::Continue,
                        ..
                    }
                )
            })
            && !analysis.failure_handles_message(r)
    })
}

/// A handler that records the failure in a name (`task = None`, `ok = False`) tested right
/// after its `try`, where the branch taken leaves loop `l` (`if task is None: self.stop();
/// break`): the failure ends the loop, one statement later.
fn leaves_by_flag(control: &Control, handler: RegionId, l: RegionId) -> bool {
    let region = control.region(handler);
    let flags: Vec<&str> = (region.stmts.iter())
        .filter_map(|s| match &s.kind {
            StmtKind::Assign {
                targets,
                value: Expr::Lit { .. },
                ..
            } => match targets.as_slice() {
                [Target::Name(n, _)] => Some(n.as_str()),
                _ => None,
            },
            _ => None,
        })
        .collect();
    let Some(at) = region.parent else {
        return false;
    };
    let next = Pos {
        region: at.region,
        index: at.index + 1,
    };
    !flags.is_empty()
        && control.stmt(next).is_some()
        && (0..control.regions.len() as u32).map(RegionId).any(|r| {
            let branch = control.region(r);
            matches!(branch.kind, RegionKind::Branch { test, taken: true } if reads_any(test, &flags))
                && branch.parent == Some(next)
                && control.always_leaves_loop_of(r, l)
        })
}

/// A handler that clears the condition of `while running:` loop `l` (`running = False`) in a
/// `try` that ends the loop's body: the loop tests it next, and stops.
fn stops_loop_condition(control: &Control, handler: RegionId, l: RegionId) -> bool {
    let loop_region = control.region(l);
    let RegionKind::Loop(lp) = loop_region.kind else {
        return false;
    };
    let (LoopKind::While, Some(Expr::Name { id: flag, .. })) = (lp.kind, lp.iter) else {
        return false;
    };
    let Some(at) = control.region(handler).parent else {
        return false;
    };
    let last = at.region == l && at.index as usize + 1 == loop_region.stmts.len();
    last && control.region(handler).stmts.iter().any(|s| {
        matches!(&s.kind, StmtKind::Assign {
            targets,
            value: Expr::Lit { lit: Lit::Bool(false) | Lit::None | Lit::Int(0), .. },
            ..
        } if matches!(targets.as_slice(), [Target::Name(n, _)] if n == flag))
    })
}

/// The consume loop a handler in inner loop `l` goes on with: through retry loops that give
/// up and loops that pass over each item once.
fn consume_loop_around(ctx: &RuleContext, mut l: RegionId) -> Option<RegionId> {
    let control = ctx.analysis.control();
    for _ in 0..8 {
        let outer = gives_up(control, l).or_else(|| passes_over(control, l))?;
        if ctx.analysis.is_consume_loop(outer) {
            return Some(outer);
        }
        l = outer;
    }
    None
}

/// A `for` loop that runs over each of its items once and never stops early (a message's
/// handlers, its records): a failure swallowed there skips that item, and the loop around
/// goes on past the message. (A retry loop stops early: `break` or `return` on success.)
fn passes_over(control: &Control, l: RegionId) -> Option<RegionId> {
    passes_each(control, l).then_some(())?;
    control.enclosing_loop(control.region(l).parent?)
}

/// Whether loop `l` is a `for` that never stops early.
fn passes_each(control: &Control, l: RegionId) -> bool {
    let region = control.region(l);
    matches!(region.kind, RegionKind::Loop(lp) if lp.kind == LoopKind::For)
        && !region.exits.any(Exits::BREAK.union(Exits::RETURN))
}

/// Whether loop `l` and every loop around it in its function pass over their items
/// ([`passes_each`]): a failure swallowed there ends with the function returning normally.
fn passes_over_to_top(control: &Control, mut l: RegionId) -> bool {
    for _ in 0..8 {
        if !passes_each(control, l) {
            return false;
        }
        match control
            .region(l)
            .parent
            .and_then(|at| control.enclosing_loop(at))
        {
            Some(outer) => l = outer,
            None => return true,
        }
    }
    false
}

/// The loop around retry loop `l` when `l` gives up and goes on with it: a bounded `for` over
/// the attempts that leaves (`break`) once one succeeds, and whose `else:` (every attempt
/// failed) neither leaves the outer loop nor stops ("giving up, continue with next batch").
/// Without an `else:` the code after the retry loop may check the outcome: not guessed.
fn gives_up(control: &Control, l: RegionId) -> Option<RegionId> {
    let region = control.region(l);
    let RegionKind::Loop(lp) = region.kind else {
        return None;
    };
    if lp.kind != LoopKind::For || !region.exits.any(Exits::BREAK) {
        return None;
    }
    let at = region.parent?;
    let outer = control.enclosing_loop(at)?;
    let exhausted = (control.regions.iter().enumerate()).find_map(|(i, r)| {
        (matches!(r.kind, RegionKind::LoopElse) && r.parent == Some(at) && !r.stmts.is_empty())
            .then_some(RegionId(i as u32))
    })?;
    (!control.leaves_loop_of(exhausted, outer)).then_some(outer)
}

/// A handler of only the consumer library's exceptions its poll raises with no message handed
/// out (kafka-clients' `TimeoutException`, `WakeupException`; not its catch-all
/// `KafkaException`) around code whose only client calls are polls of that
/// library: the failure is the poll's, raised before any of its messages was handed out
/// (trogdor's round-trip worker). Program code that might throw a client's exception is not
/// guessed at.
fn poll_failed(ctx: &RuleContext, region: RegionId) -> bool {
    let analysis = ctx.analysis;
    let control = analysis.control();
    let RegionKind::Handler { handler } = control.region(region).kind else {
        return false;
    };
    let body = control.region(region).body;
    let calls = analysis.protected_calls(region);
    let mut polled = None;
    for c in &calls {
        match analysis.facts(c.id) {
            Some(f) if matches!(f.op, Op::Poll { .. }) => polled = Some(f.client.lib),
            Some(_) => return false,
            None => {}
        }
    }
    let Some(lib) = polled else {
        return false;
    };
    let roots = ctx.knowledge.lib(lib).roots;
    let failures = ctx.knowledge.vocab.poll_failures;
    !handler.types.is_empty()
        && handler.types.iter().all(|t| {
            (analysis.resolver.external_path(analysis.file, body, t, 0)).is_some_and(|p| {
                p.first().is_some_and(|r| roots.contains(&r.as_str()))
                    && p.last().is_some_and(|n| failures.contains(&n.as_str()))
            })
        })
}
