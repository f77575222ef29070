//! Consume loops: which loops of a file poll or iterate a consumer.

use crate::analysis::control::{RegionId, RegionKind};
use crate::analysis::facts::FactFinder;
use crate::analysis::resolve::Value;
use crate::analysis::uses::{Adapter, End};
use crate::analysis::FileAnalysis;
use crate::knowledge::{Op, Role};
use crate::model::{BodyId, BodyKind, Call, ExitKind, Expr, LoopKind, StmtKind};
use std::collections::HashSet;

/// Functions followed between a consume loop and a function it hands each message
/// (`handle(msg)` calling `store(msg)`).
const MAX_PER_MESSAGE_DEPTH: u32 = 2;

impl<'p, 'm> FileAnalysis<'p, 'm> {
    /// The parameter through which a consume loop hands function `b` each message, when one
    /// does and throws the function's result away (`for msg in consumer: handle(msg)`), or a
    /// function the loop hands it does so with that parameter (`handle(msg)` calling
    /// `store(msg)`): what the function swallows, the loop goes on past. Callers in other
    /// files count too.
    pub fn per_message_param(&self, b: BodyId) -> Option<&'m str> {
        // Memoised: OL103 and OL204 both ask, once per handler or commit.
        *self.per_message[b.0 as usize]
            .get_or_init(|| self.find_per_message_param(b, false, MAX_PER_MESSAGE_DEPTH))
    }

    /// Whether a listener hands function `b` each message ([`per_message_param`] from a
    /// loop that ends with the container's commit on return): what `b` leaves unconfirmed
    /// when it returns, that commit follows (OL204's listener form, reported inside `b`).
    ///
    /// [`per_message_param`]: Self::per_message_param
    pub fn listener_hands_message(&self, b: BodyId) -> bool {
        // Direct calls only: a function it hands the message on to returns to it, not to
        // the listener.
        self.find_per_message_param(b, true, 0).is_some()
    }

    /// Whether a consume loop calls function `b`, handing it a value through one of its
    /// parameters (`commit(result)` with the results of the batch it polled): a commit `b`
    /// makes is the loop's commit of its input.
    pub fn called_in_consume_loop(&self, b: BodyId) -> bool {
        let body = self.index.body(b);
        if body.kind != BodyKind::Function {
            return false;
        }
        let in_loop = |a: &FileAnalysis<'p, 'm>, cb: BodyId, arg: &Expr| {
            let Some((call, _)) = (a.index.calls.iter())
                .find(|(c, at)| *at == cb && c.args.iter().any(|x| std::ptr::eq(&x.value, arg)))
            else {
                return false;
            };
            let control = a.control();
            (control.pos(call.id))
                .and_then(|pos| control.enclosing_loop(pos))
                .is_some_and(|l| a.is_consume_loop(l))
        };
        (body.params.iter())
            .filter(|p| Some(&p.name) != body.self_name.as_ref())
            .any(|p| {
                let mut found = false;
                self.resolver
                    .passed_as(self.file, b, &p.name, |g, cb, arg| {
                        found = self.in_file(g, |a| in_loop(a, cb, arg)) == Some(true);
                        !found
                    });
                found
            })
    }

    /// [`per_message_param`](Self::per_message_param), from a loop that ends with the
    /// container's commit on return when `listener`, through up to `depth` functions between
    /// the loop and `b`.
    fn find_per_message_param(&self, b: BodyId, listener: bool, depth: u32) -> Option<&'m str> {
        let body = self.index.body(b);
        if body.kind != BodyKind::Function {
            return None;
        }
        let loop_hands = |a: &FileAnalysis<'p, 'm>, cb: BodyId, arg: &Expr| {
            let Some((call, _)) = (a.index.calls.iter())
                .find(|(c, at)| *at == cb && c.args.iter().any(|x| std::ptr::eq(&x.value, arg)))
            else {
                return false;
            };
            let used = &a.index.uses[call.id.0 as usize];
            let awaited = used.adapters.iter().all(|x| *x == Adapter::Await);
            // Thrown away, or only tested for an error (`if let Err(e) = handle(&m).await
            // { log }`), or run in a task of its own (`create_task(self.handle(msg))`): what
            // the function swallows and returns normally, the loop takes as done either way.
            let discarded = awaited
                && (used.end == End::Discarded
                    || used.end == End::Used && a.error_tested(cb, call)
                    || a.returned_to_stream(call)
                    || a.spawned_within(call, cb));
            let control = a.control();
            let returns = a.knowledge.vocab.handler_return_commits;
            let in_loop = (control.pos(call.id))
                .and_then(|pos| control.enclosing_loop(pos))
                .is_some_and(|l| {
                    a.is_consume_loop(l)
                        && (!listener
                            || a.region_calls(l).any(|(c, _)| {
                                a.facts(c.id)
                                    .is_some_and(|f| returns.contains(&f.method.as_str()))
                            }))
                });
            // Or a function the loop hands the message, passing it on (not memoised: this
            // runs inside the memo of `b`).
            let handed_on = || {
                depth > 0
                    && a.find_per_message_param(cb, listener, depth - 1)
                        .is_some_and(|p| a.refs_message_data(arg, &HashSet::from([p])))
            };
            discarded
                && (in_loop && a.refs_message_data(arg, a.message_names(cb))
                    || !in_loop && handed_on())
        };
        body.params
            .iter()
            .filter(|p| Some(&p.name) != body.self_name.as_ref())
            .find(|p| {
                let mut found = false;
                self.resolver
                    .passed_as(self.file, b, &p.name, |g, cb, arg| {
                        found = self.in_file(g, |a| loop_hands(a, cb, arg)) == Some(true);
                        !found
                    });
                found
            })
            .map(|p| p.name.as_str())
    }

    /// Whether `call` is what a per-item closure over a stream hands its combinator
    /// (`try_for_each(|m| { let r = self.handle(m); r })`): `for_each` throws it away and
    /// `try_for_each` stops only on its `Err`, so what the function swallows, the stream takes
    /// as done.
    fn returned_to_stream(&self, call: &Call) -> bool {
        let control = self.control();
        let Some(l) = control.pos(call.id).and_then(|p| control.enclosing_loop(p)) else {
            return false;
        };
        let region = control.region(l);
        if self.each_stream(region.kind).is_none() {
            return false;
        }
        match &self.index.uses[call.id.0 as usize].end {
            End::Returned => true,
            End::Bound(name) => region.stmts.iter().any(|s| {
                matches!(&s.kind, StmtKind::Exit { kind: ExitKind::Return, value: Some(Expr::Name { id, .. }) }
                    if id == name)
            }),
            _ => false,
        }
    }

    /// Whether loop region `r` is a consume loop: it polls or consumes (an `Op::Poll` call
    /// whose nearest loop it is, or in its header), or iterates a consumer or polled messages
    /// (a `for` loop, or a per-item closure over the stream: `stream.for_each(|m| ..)`), or
    /// receives from a channel a consume loop sends its messages into (`channels.rs`).
    pub fn is_consume_loop(&self, r: RegionId) -> bool {
        let flags = self
            .consume_loops
            .get_or_init(|| self.compute_consume_loops(true));
        flags.get(r.0 as usize).copied().unwrap_or(false)
    }

    /// The consume loops; through channels fed by consume loops when `channels` (without,
    /// the loops that decide which channels are fed).
    pub(super) fn compute_consume_loops(&self, channels: bool) -> Vec<bool> {
        let control = self.control();
        let mut flags = vec![false; control.regions.len()];
        // A file with no consumer call and no Kafka import has no consume loop: spare every
        // loop's iterable a resolution.
        let consumer_calls = self.calls.iter().any(|c| {
            self.facts(c.id)
                .is_some_and(|f| f.client.role == Role::Consumer)
        });
        if !consumer_calls && self.resolver.libs(self.file).is_empty() {
            return flags;
        }
        for (call, body) in &self.index.calls {
            let polls = matches!(self.facts(call.id).map(|f| &f.op), Some(Op::Poll { .. }));
            if !(polls || channels && self.is_fed_receive(*body, call)) {
                continue;
            }
            let Some(pos) = control.pos(call.id) else {
                continue;
            };
            if let Some(l) = control.enclosing_loop(pos) {
                flags[l.0 as usize] = true;
            }
            // A poll in a loop's header (`for msg in consumer.consume(10)`).
            for (i, region) in control.regions.iter().enumerate() {
                if matches!(region.kind, RegionKind::Loop(_)) && region.parent == Some(pos) {
                    flags[i] = true;
                }
            }
        }
        for (i, region) in control.regions.iter().enumerate() {
            // A per-item closure over a consumer's stream (`consumer.stream().for_each(..)`).
            if let Some((stream, _)) = self.each_stream(region.kind) {
                let names = self.names_for(region.body, channels);
                flags[i] |= self.receives(region.body, stream, channels)
                    || self.refs_message_data(stream, &names)
                    || (self.resolver.client_of(self.file, region.body, stream))
                        .is_some_and(|c| c.role == Role::Consumer);
                continue;
            }
            let RegionKind::Loop(l) = region.kind else {
                continue;
            };
            let Some(iter) = l.iter else { continue };
            let names = self.names_for(region.body, channels);
            if self
                .resolver
                .client_of(self.file, region.body, iter)
                .is_some_and(|c| c.role == Role::Consumer)
                || self.refs_message_data(iter, &names)
                || channels && self.receives_fed(region.body, iter)
                || self.iterates_polling_object(iter, region.body)
                || self.iterates_polled_param(iter, region.body)
            {
                flags[i] = true;
            }
        }
        // A loop gathering one batch (`while batch.len() < max { .. recv() .. }`) inside a
        // loop that then processes it: the outer loop consumes batch after batch, as a
        // loop over `consumer.consume(n)` does.
        for (i, region) in control.regions.iter().enumerate() {
            let RegionKind::Loop(l) = region.kind else {
                continue;
            };
            if flags[i] && l.kind == LoopKind::While {
                if let Some(outer) = region.parent.and_then(|p| control.enclosing_loop(p)) {
                    flags[outer.0 as usize] = true;
                }
            }
        }
        flags
    }

    /// `for msg in iter(self)` / `for msg in worker`: an object of a program class whose
    /// `__next__` (`__anext__`) returns what its consumer polled, or whose `__iter__`
    /// (`__aiter__`) yields it, is a stream of messages; so is a call of a program generator
    /// that yields them (`for event in self.input(): ..`).
    pub(super) fn iterates_polling_object(&self, iter: &Expr, b: BodyId) -> bool {
        let finder = FactFinder::new(&self.resolver);
        if let Expr::Call(c) = iter {
            if let Some(Value::Func(f)) = self.resolver.value(self.file, b, &c.func) {
                return finder.yields_poll(f);
            }
        }
        let target = match iter {
            Expr::Call(c) if c.func.dotted().as_deref() == Some(&["iter"][..]) => match &c.args[..]
            {
                [a] => &a.value,
                _ => return false,
            },
            e => e,
        };
        let Some(Value::Instance(cls)) = self.resolver.value(self.file, b, target) else {
            return false;
        };
        finder.iterates_polls(cls, 0)
    }
}
