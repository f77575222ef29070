//! Delivery confirmation: unconfirmed produces, and the reads and checks that confirm delivery.

use super::{expr_reads_name, stmt_reads_name};
use crate::analysis::control::{Condition, Pos, RegionId, RegionKind};
use crate::analysis::resolve::Value;
use crate::analysis::uses::{End, ResultUse};
use crate::analysis::FileAnalysis;
use crate::knowledge::{DeclaredKind, Op};
use crate::model::visit::{self, Visitor};
use crate::model::*;
use std::collections::HashSet;

/// Program helpers (calling helpers) followed this deep for their produces.
const MAX_HELPER_DEPTH: u32 = 3;

impl<'p, 'm> FileAnalysis<'p, 'm> {
    /// Produces in `body` whose delivery is not confirmed where they are made: a callback
    /// produce (its outcome arrives later, in the callback), a send whose delivery handle is
    /// dropped or only gets a callback, or one whose handle is kept: then the name it is
    /// bound to (third), which confirms delivery only where it is read (awaited, `.get()`)
    /// before an advance.
    pub fn unconfirmed_produces(&self, body: BodyId) -> Vec<(&'m Call, Pos, Option<String>)> {
        self.unconfirmed_produces_within(body, 0)
    }

    fn unconfirmed_produces_within(
        &self,
        body: BodyId,
        depth: u32,
    ) -> Vec<(&'m Call, Pos, Option<String>)> {
        let callbacks = self.knowledge.vocab.handle_callback_methods;
        let mut out = Vec::new();
        for (call, b) in &self.index.calls {
            if *b != body {
                continue;
            }
            let Some(f) = self.facts(call.id) else {
                // A helper of this file that produces and returns without confirming
                // (`self._to_dlq(msg, reason)`): its call is an unconfirmed produce here.
                if let Some(pos) = self.call_pos(call) {
                    if self.helper_leaves_unconfirmed(call, body, depth) {
                        out.push((*call, pos, None));
                    }
                }
                continue;
            };
            let unconfirmed = match &f.op {
                Op::Produce { .. } => Some(None),
                Op::Send { awaits, raises, .. } if !f.result.observes_outcome(*awaits, *raises) => {
                    Some(None)
                }
                Op::Send { awaits, .. } if f.result.handle_pending(*awaits) => {
                    match &f.result.end {
                        End::Bound(name) => Some(Some(name.to_string())),
                        End::Method(m) if callbacks.contains(&m.as_str()) => Some(None),
                        _ => None,
                    }
                }
                _ => None,
            };
            if let (Some(handle), Some(pos)) = (unconfirmed, self.call_pos(call)) {
                out.push((*call, pos, handle));
            }
        }
        // Positioned at the handler: what follows it runs after a failed delivery.
        for (call, handler) in self.swallowed_produces(body, depth) {
            if !out.iter().any(|(c, ..)| c.id == call.id) {
                out.push((call, handler, None));
            }
        }
        out
    }

    /// Produces (or calls of program functions that produce) in `body` whose failure a broad
    /// or transient handler swallows: it logs and lets the function go on (`except
    /// Exception: log`, Rust's `if let Err(e) = publish(..).await { warn!(..) }`). Whatever
    /// confirmed the delivery inside, what follows the handler runs after a failed one.
    fn swallowed_produces(&self, body: BodyId, depth: u32) -> Vec<(&'m Call, Pos)> {
        use crate::knowledge::failure::FailureKind;
        let control = self.control();
        let top = control.body_regions[body.0 as usize];
        let mut out = Vec::new();
        for r in (top.0..control.region(top).end).map(RegionId) {
            if control.region(r).body != body || !control.is_failure_region(r) {
                continue;
            }
            let swallows = control
                .region(r)
                .stmts
                .iter()
                .all(|s| control.terminates(s).is_none())
                && !self.failure_handles_message(r);
            if !swallows
                || !self.failure_site(r).is_some_and(|site| {
                    matches!(site.kind, FailureKind::Broad | FailureKind::Transient)
                })
            {
                continue;
            }
            let handler = Pos {
                region: r,
                index: (control.region(r).stmts.len() as u32).saturating_sub(1),
            };
            out.extend(
                (self.protected_calls(r).into_iter())
                    .filter(|c| match self.facts(c.id) {
                        Some(f) => super::is_produce(&f.op),
                        None => self.helper_produces(c, body, depth),
                    })
                    .map(|c| (c, handler)),
            );
        }
        out
    }

    /// Whether `call` (in `body`) calls a program function that produces, directly or
    /// through the program functions it calls.
    fn helper_produces(&self, call: &Call, body: BodyId, depth: u32) -> bool {
        if depth >= MAX_HELPER_DEPTH {
            return false;
        }
        let Some(Value::Func(func)) = self.resolver.value(self.file, body, &call.func) else {
            return false;
        };
        if func.file == self.file && func.body == body {
            return false;
        }
        self.in_file(func.file, |a| {
            (a.index.calls.iter())
                .filter(|(_, b)| *b == func.body)
                .any(|(c, _)| match a.facts(c.id) {
                    Some(f) => super::is_produce(&f.op),
                    None => a.helper_produces(c, func.body, depth + 1),
                })
        })
        .unwrap_or(false)
    }

    /// Whether `name` is read by a statement that always runs after `produce` and before
    /// `at` (a kept delivery handle awaited or `.get()` before the advance; registering a
    /// callback on it is no confirmation).
    /// Whether `call` (in `body`) calls a function of this file that produces and returns
    /// with a delivery it did not confirm (catalog OL204, ADR-065 decisions 1 and 6).
    fn helper_leaves_unconfirmed(&self, call: &Call, body: BodyId, depth: u32) -> bool {
        if depth >= MAX_HELPER_DEPTH {
            return false;
        }
        let Some(Value::Func(func)) = self.resolver.value(self.file, body, &call.func) else {
            return false;
        };
        if func.file == self.file {
            return func.body != body && self.body_leaves_unconfirmed(func.body, depth + 1);
        }
        // A helper of another module (`publisher.publish(v)`, `forward(producer, v)`): judged
        // by that module's analysis, when it has a produce to judge.
        let produces = |c: &Call| {
            let method = c.func.as_method().map(|(_, m)| m);
            (self.knowledge.methods.iter())
                .any(|k| Some(k.name) == method && super::is_produce(&k.op))
        };
        let Some(index) = self.program.index(func.file) else {
            return false;
        };
        let has_produce = (index.calls.iter()).any(|(c, b)| *b == func.body && produces(c));
        has_produce
            && self
                .other_file(func.file)
                .is_some_and(|other| other.body_leaves_unconfirmed(func.body, depth + 1))
    }

    /// Whether the advance at `at` runs only when the helper call `produce` (an unconfirmed
    /// produce through a program function) reported success, and that function produces only
    /// on the paths where it reports failure: `ok = process_or_dead_letter(msg); if ok:
    /// consumer.commit(msg)` commits a message that went nowhere else.
    pub fn advance_on_success(&self, produce: &Call, at: Pos) -> bool {
        if self.facts(produce.id).is_some() {
            return false;
        }
        let used = &self.index.uses[produce.id.0 as usize];
        let tests_result = |test: &Expr| {
            let test = match test {
                Expr::Await { value, .. } => &**value,
                t => t,
            };
            match (test, &used.end) {
                (Expr::Call(c), _) => c.id == produce.id,
                (Expr::Name { id, .. }, End::Bound(name)) => id == name,
                _ => false,
            }
        };
        let guarded = self.control().conditions(at).iter().any(
            |c| matches!(c, Condition::Test { test, polarity: true, .. } if tests_result(test)),
        );
        let Some(ppos) = self.call_pos(produce).filter(|_| guarded) else {
            return false;
        };
        let b = self.control().region(ppos.region).body;
        matches!(
            self.resolver.value(self.file, b, &produce.func),
            Some(Value::Func(func)) if self
                .in_file(func.file, |a| a.produces_only_reporting_failure(func.body))
                .unwrap_or(false)
        )
    }

    /// Whether every unconfirmed produce of function `body` is followed only by returns of a
    /// false value (`return False`, `None`, falling off the end), and some other path returns
    /// `True`: the result says whether it produced.
    fn produces_only_reporting_failure(&self, body: BodyId) -> bool {
        let control = self.control();
        let produces = self.unconfirmed_produces_within(body, 1);
        let top = control.body_regions[body.0 as usize];
        let mut returns = Vec::new();
        for r in (top.0..control.region(top).end).map(RegionId) {
            let region = control.region(r);
            if region.body != body {
                continue;
            }
            for (i, stmt) in region.stmts.iter().enumerate() {
                if let StmtKind::Exit {
                    kind: ExitKind::Return,
                    value,
                } = &stmt.kind
                {
                    let truth = match value {
                        None
                        | Some(Expr::Lit {
                            lit: Lit::None | Lit::Bool(false),
                            ..
                        }) => Some(false),
                        Some(Expr::Lit {
                            lit: Lit::Bool(true),
                            ..
                        }) => Some(true),
                        _ => None,
                    };
                    returns.push((
                        Pos {
                            region: r,
                            index: i as u32,
                        },
                        stmt.range,
                        truth,
                    ));
                }
            }
        }
        let after = |p: &Call, ppos: Pos, (rp, rr, _): &(Pos, TextRange, Option<bool>)| {
            control.follows(ppos, p.range, *rp, *rr)
        };
        !produces.is_empty()
            && produces.iter().all(|(p, ppos, _)| {
                (returns.iter())
                    .filter(|ret| after(p, *ppos, ret))
                    .all(|ret| ret.2 == Some(false))
            })
            && returns.iter().any(|ret| {
                ret.2 == Some(true) && produces.iter().all(|(p, ppos, _)| !after(p, *ppos, ret))
            })
    }

    /// Whether function body `body` of this file ends with a produce whose delivery it did
    /// not confirm.
    fn body_leaves_unconfirmed(&self, body: BodyId, depth: u32) -> bool {
        !self.left_unconfirmed(body, depth).is_empty()
    }

    /// The produces (or helper calls) of function body `body` whose delivery is still not
    /// confirmed when it returns.
    pub fn left_unconfirmed(&self, body: BodyId, depth: u32) -> Vec<&'m Call> {
        let control = self.control();
        let top = control.body_regions[body.0 as usize];
        let end = Pos {
            region: top,
            index: control.region(top).stmts.len() as u32,
        };
        self.unconfirmed_produces_within(body, depth)
            .into_iter()
            .filter(|(p, ppos, handle)| {
                !self.delivery_checked(p, *ppos, end)
                    && !handle
                        .as_deref()
                        .is_some_and(|h| self.read_between(h, p, *ppos, end))
            })
            .map(|(p, ..)| p)
            .collect()
    }

    /// Whether `call` (in `body`) calls a function that a listener hands each message and
    /// that returns with a produce unconfirmed: OL204 reports that produce inside the function,
    /// where the fix goes, not this call.
    pub fn helper_reports_own_produce(&self, call: &Call, body: BodyId) -> bool {
        let Some(Value::Func(func)) = self.resolver.value(self.file, body, &call.func) else {
            return false;
        };
        (func.file, func.body) != (self.file, body)
            && self
                .in_file(func.file, |a| {
                    // A produce of its own: the function is one OL204 judges (a helper call
                    // alone is judged where it is made).
                    a.listener_hands_message(func.body)
                        && (a.left_unconfirmed(func.body, 0).iter())
                            .any(|p| a.facts(p.id).is_some())
                })
                .unwrap_or(false)
    }

    /// A delivery handle bound to a local of a function that nothing in the function reads
    /// (`let _f = producer.send_copy(..);`, `fut = producer.send(..)` and no use of `fut`):
    /// dropped as surely as `producer.send(..);`. Module-level names may be read elsewhere.
    pub fn bound_unread(&self, body: BodyId, result: &ResultUse) -> bool {
        let End::Bound(name) = &result.end else {
            return false;
        };
        // Functions nested in it may read it too (Python closures over the local).
        let reads = |b: &Body| b.stmts.iter().any(|s| stmt_reads_name(s, name, &[]));
        let bodies = &self.index.module.bodies;
        body.0 != 0
            && !reads(self.index.body(body))
            && !(bodies.iter()).any(|b| b.parent == Some(body) && reads(b))
    }

    pub fn read_between(&self, name: &str, produce: &Call, produce_pos: Pos, at: Pos) -> bool {
        let callbacks = self.knowledge.vocab.handle_callback_methods;
        if (self.stmts_after(produce, produce_pos, at))
            .any(|(_, s)| stmt_reads_name(s, name, callbacks))
        {
            return true;
        }
        // The subject of a `match` (the test of an `if`) around `at`, evaluated after the
        // produce and before `at`: `match fut.await { Ok(_) => store(&m) }`.
        let control = self.control();
        control.regions_above(at).any(|r| {
            let region = control.region(r);
            let tested = match region.kind {
                RegionKind::Arm { subject, .. } => subject,
                RegionKind::Branch { test, .. } => test,
                _ => return false,
            };
            (region.parent)
                .and_then(|p| control.stmt(p).map(|s| (p, s)))
                .is_some_and(|(p, s)| control.follows(produce_pos, produce.range, p, s.range))
                && expr_reads_name(tested, name, callbacks)
        })
    }

    /// The statements on the way to `at` (before it in its enclosing regions) that run after
    /// `produce`.
    fn stmts_after<'a>(
        &'a self,
        produce: &'a Call,
        produce_pos: Pos,
        at: Pos,
    ) -> impl Iterator<Item = (Pos, &'m Stmt)> + 'a {
        let control = self.control();
        control.chain(at).into_iter().flat_map(move |p| {
            (0..p.index).filter_map(move |index| {
                let sp = Pos {
                    region: p.region,
                    index,
                };
                let s = control.stmt(sp)?;
                control
                    .follows(produce_pos, produce.range, sp, s.range)
                    .then_some((sp, s))
            })
        })
    }

    /// Whether an advance at `at` is guarded by a check of the delivery outcome made after
    /// `produce`: a transaction commit that confirms it, a condition above it, or an earlier `if .. : raise` / `assert` that always
    /// runs before it, that reads delivery state (the delivery callback's error list, a name
    /// such as `failures` or `pending`).
    pub fn delivery_checked(&self, produce: &Call, produce_pos: Pos, at: Pos) -> bool {
        if self.transaction_committed_before(produce, at) {
            return true;
        }
        let control = self.control();
        // A callback's error state says nothing while the flush before the check may have
        // timed out with the record still queued (`flush(10)`, its count ignored): the
        // callback never ran (catalog: the flush result compared with 0 *and* the errors).
        let partial = self.flush_may_leave_queued(produce, produce_pos, at);
        let state = self.callback_state(produce);
        let after_produce = |p: Pos| {
            control
                .stmt(p)
                .is_some_and(|s| control.follows(produce_pos, produce.range, p, s.range))
        };
        for cond in control.conditions(at) {
            let (test, p) = match cond {
                super::super::control::Condition::Test { test, at, .. } => (test, at),
                super::super::control::Condition::Match { subject, at, .. } => (subject, at),
            };
            if !partial && after_produce(p) && self.refs_delivery_state(test, &state) {
                return true;
            }
        }
        let checks = !self.knowledge.declared_calls.is_empty();
        for p in control.chain(at) {
            let stmts = control.region(p.region).stmts;
            for (i, s) in stmts.iter().enumerate().take(p.index as usize) {
                let sp = Pos {
                    region: p.region,
                    index: i as u32,
                };
                // A declared delivery check (`tracker.confirm()`) that always runs between
                // the produce and the advance.
                if checks
                    && after_produce(sp)
                    && self
                        .calls_at(sp)
                        .any(|c| self.is_delivery_check(c, control.region(p.region).body))
                {
                    return true;
                }
                let StmtKind::If { test, body, orelse } = &s.kind else {
                    continue;
                };
                let guard = body.iter().any(|s| control.terminates(s).is_some())
                    || orelse.iter().any(|s| control.terminates(s).is_some());
                let sp = Pos {
                    region: p.region,
                    index: i as u32,
                };
                if !partial && guard && after_produce(sp) && self.refs_delivery_state(test, &state)
                {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a callback-style `produce` is followed, before `at`, by a flush given a
    /// timeout whose result (what is still queued) is thrown away.
    fn flush_may_leave_queued(&self, produce: &Call, produce_pos: Pos, at: Pos) -> bool {
        if !matches!(
            self.facts(produce.id).map(|f| &f.op),
            Some(Op::Produce { .. })
        ) {
            return false;
        }
        self.stmts_after(produce, produce_pos, at).any(|(sp, _)| {
            self.calls_at(sp).any(|c| {
                self.facts(c.id).is_some_and(|f| {
                    matches!(
                        f.op,
                        Op::Flush {
                            returns_result: true
                        }
                    ) && !c.args.is_empty()
                        && matches!(f.result.end, End::Discarded)
                })
            })
        })
    }

    /// Whether a call is a delivery check declared in configuration: a function by its
    /// qualified path (`wait_for_delivery(producer)`), or a method by its receiver's type
    /// (`tracker.confirm()` on a `mypkg.kafka.DeliveryTracker`).
    fn is_delivery_check(&self, call: &Call, body: BodyId) -> bool {
        let r = &self.resolver;
        let k = self.knowledge;
        let is_check = |q: &[String]| k.declared_call(q) == Some(DeclaredKind::DeliveryCheck);
        if r.external_path(self.file, body, &call.func, 0)
            .is_some_and(|q| is_check(&q))
        {
            return true;
        }
        if let Some(Value::Func(func)) = r.value(self.file, body, &call.func) {
            if is_check(&r.func_path(func)) {
                return true;
            }
        }
        let Some((recv, method)) = call.func.as_method() else {
            return false;
        };
        r.instance_path(self.file, body, recv).is_some_and(|mut q| {
            q.push(method.to_string());
            is_check(&q)
        })
    }

    /// Names the produce's delivery callback writes (`failures.append(err)`,
    /// `self.errors += 1`), when the callback is a function of this file.
    fn callback_state(&self, produce: &Call) -> HashSet<String> {
        let mut out = HashSet::new();
        let Some(f) = self.facts(produce.id) else {
            return out;
        };
        let Op::Produce { callback, .. } = &f.op else {
            return out;
        };
        let super::super::facts::ArgPresence::Present(cb) = f.find_arg(callback) else {
            return out;
        };
        let Some(Value::Func(func)) = self.resolver.value(self.file, f.body, cb) else {
            return out;
        };
        if func.file != self.file {
            return out;
        }
        let bi = &self.index.bodies[func.body.0 as usize];
        out.extend(bi.item_assigns.keys().map(|k| k.to_string()));
        out.extend(bi.method_calls.keys().map(|k| k.to_string()));
        out.extend(bi.assigns.keys().map(|k| k.to_string()));
        out.extend(bi.self_attr_assigns.iter().map(|(a, _, _)| a.to_string()));
        let params: HashSet<&str> = self.module.bodies[func.body.0 as usize]
            .params
            .iter()
            .map(|p| p.name.as_str())
            .collect();
        out.retain(|n| !params.contains(n.as_str()));
        out
    }

    /// Whether `e` reads delivery state: a name in `state`, or a name or method whose words
    /// say so (`failures`, `self.delivery_errors`, `pending`).
    fn refs_delivery_state(&self, e: &Expr, state: &HashSet<String>) -> bool {
        struct Refs<'a> {
            state: &'a HashSet<String>,
            words: &'a [&'a str],
            found: bool,
        }
        impl Refs<'_> {
            fn name(&mut self, n: &str) {
                let lower = n.to_ascii_lowercase();
                if self.state.contains(n) || self.words.iter().any(|w| lower.contains(w)) {
                    self.found = true;
                }
            }
        }
        impl<'x> Visitor<'x> for Refs<'_> {
            fn visit_expr(&mut self, e: &'x Expr) {
                match e {
                    Expr::Name { id, .. } => self.name(id),
                    Expr::Attr { attr, value, .. } => {
                        self.name(attr);
                        self.visit_expr(value);
                    }
                    _ => visit::walk_expr(self, e),
                }
            }
        }
        let mut v = Refs {
            state,
            words: self.knowledge.vocab.delivery_state_words,
            found: false,
        };
        v.visit_expr(e);
        v.found
    }
}
