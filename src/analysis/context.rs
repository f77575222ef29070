//! Semantic queries over the control context (`control.rs`) that need call facts and value
//! resolution: which loops are consume loops, which names hold polled messages (or data
//! derived from them), what kind of failure a failure path handles, what code it protects,
//! which calls are effects on message data, checkpoint advances, in-memory buffers, task
//! spawns and consumer constructions. Rules ask these; none walks the tree itself.

use std::collections::HashSet;
use std::rc::Rc;

use super::config::{ConfigValue, ConfigView};
use super::control::{Control, Exits, Later, Pos, RegionId, RegionKind};
use super::index::FileIndex;
use super::program::FileId;
use super::resolve::{Client, Resolver, Value};
use super::uses::End;
use super::{CallFacts, FileAnalysis};
use crate::knowledge::failure::FailureKind;
use crate::knowledge::{ConfigStyle, DeclaredKind, Op, Role, SinkSpec};
use crate::model::visit::{self, Visitor};
use crate::model::*;

/// A failure path of the file, classified.
#[derive(Debug, Clone, Copy)]
pub struct FailureSite {
    pub region: RegionId,
    pub kind: FailureKind,
    /// Where handler findings are reported (the `except` clause, the `Err` pattern); for
    /// `finally`, its first statement.
    pub range: TextRange,
}

/// A Kafka commit in any form, including an explicit offset store.
pub fn is_commit(op: &Op) -> bool {
    matches!(
        op,
        Op::Commit { .. } | Op::CommitPosition | Op::CommitMessage | Op::StoreOffsets
    )
}

/// A produce (callback style or returning a delivery handle).
pub fn is_produce(op: &Op) -> bool {
    matches!(op, Op::Produce { .. } | Op::Send { .. })
}

/// The calls of a loop that are a message's effect (see `loop_effects`), with where each is.
#[derive(Debug, Default)]
pub struct Effects<'m> {
    pub calls: Vec<&'m Call>,
    pub at: Later,
}

/// An in-memory buffer that message data goes into in a loop.
#[derive(Debug, Clone)]
pub struct Buffer {
    /// The buffer as a dotted path (`batch`, `self.pending`).
    pub name: String,
    /// Where message data is added to it.
    pub adds: Vec<Pos>,
    /// Where it is written out (passed to a call, iterated), with the range to show.
    pub writes: Vec<(Pos, TextRange)>,
}

/// A task spawn whose handle is dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spawn {
    /// Any task (`asyncio.create_task`): its failure is lost whatever it does.
    Any,
    /// A task that only matters when it produces or commits (`tokio::spawn`).
    KafkaOnly,
}

impl<'p, 'm> FileAnalysis<'p, 'm> {
    pub fn control(&self) -> &'p Control<'m> {
        &self.index.control
    }

    pub fn call_pos(&self, call: &Call) -> Option<Pos> {
        self.index.control.pos(call.id)
    }

    /// The innermost loop around `call` (within its closure, if any).
    pub fn enclosing_loop(&self, call: &Call) -> Option<RegionId> {
        self.control().enclosing_loop(self.call_pos(call)?)
    }

    /// The failure paths around `call` (handlers, `finally`, `Err` arms, error closures),
    /// innermost first, classified.
    pub fn enclosing_handlers(&self, call: &Call) -> Vec<FailureSite> {
        match self.call_pos(call) {
            Some(pos) => self.enclosing_failures(pos),
            None => Vec::new(),
        }
    }

    pub fn call_by_id(&self, id: CallId) -> Option<&'m Call> {
        self.call_by_id.get(id.0 as usize).copied().flatten()
    }

    /// Calls inside region `r` (or a region nested in it), in walk order.
    pub fn region_calls(&self, r: RegionId) -> impl Iterator<Item = (&'m Call, Pos)> + '_ {
        let control = self.control();
        let end = control.region(r).end;
        let sorted = self.calls_by_region.get_or_init(|| {
            let mut v: Vec<(u32, usize)> = self
                .calls
                .iter()
                .enumerate()
                .filter_map(|(i, c)| control.pos(c.id).map(|p| (p.region.0, i)))
                .collect();
            v.sort();
            v
        });
        let start = sorted.partition_point(|(reg, _)| *reg < r.0);
        sorted[start..]
            .iter()
            .take_while(move |(reg, _)| *reg < end)
            .filter_map(move |(_, i)| {
                let c = self.calls[*i];
                Some((c, control.pos(c.id)?))
            })
    }

    /// Calls positioned exactly at `pos` (in the statement's own expressions).
    fn calls_at(&self, pos: Pos) -> impl Iterator<Item = &'m Call> + '_ {
        self.region_calls(pos.region)
            .filter(move |(_, p)| *p == pos)
            .map(|(c, _)| c)
    }

    // ----- loops and messages ------------------------------------------------------------

    /// Whether loop region `r` is a consume loop: it polls or consumes (an `Op::Poll` call
    /// whose nearest loop it is, or in its header), or iterates a consumer or polled messages.
    pub fn is_consume_loop(&self, r: RegionId) -> bool {
        let flags = self
            .consume_loops
            .get_or_init(|| self.compute_consume_loops());
        flags.get(r.0 as usize).copied().unwrap_or(false)
    }

    fn compute_consume_loops(&self) -> Vec<bool> {
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
        for call in &self.calls {
            if !matches!(self.facts(call.id).map(|f| &f.op), Some(Op::Poll { .. })) {
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
            let RegionKind::Loop(l) = region.kind else {
                continue;
            };
            let Some(iter) = l.iter else { continue };
            let names = self.message_names(region.body);
            if self
                .resolver
                .client_of(self.file, region.body, iter)
                .is_some_and(|c| c.role == Role::Consumer)
                || self.refs_message_data(iter, names)
            {
                flags[i] = true;
            }
        }
        flags
    }

    /// Names in `body` that hold a polled message or data derived from one: bound from a poll
    /// (`msg = consumer.poll(1)`, `batch = await c.getmany()`), iterated from a consumer or a
    /// batch (`for msg in consumer`, `for m in msgs`), bound by a `match` arm on one, or
    /// assigned from an expression using one (`payload = json.loads(msg.value())`). Reading
    /// only a message's metadata (`msg.offset()`) derives nothing.
    pub fn message_names(&self, body: BodyId) -> &HashSet<&'m str> {
        self.messages[body.0 as usize].get_or_init(|| self.compute_message_names(body))
    }

    fn compute_message_names(&self, body: BodyId) -> HashSet<&'m str> {
        let bi = &self.index.bodies[body.0 as usize];
        let control = self.control();
        let mut names: HashSet<&'m str> = HashSet::new();
        let polls = |e: &Expr| -> bool {
            struct Polls<'a, 'p, 'm> {
                a: &'a FileAnalysis<'p, 'm>,
                found: bool,
            }
            impl<'x> Visitor<'x> for Polls<'_, '_, '_> {
                fn visit_expr(&mut self, e: &'x Expr) {
                    match e {
                        Expr::Call(c)
                            if matches!(
                                self.a.facts(c.id).map(|f| &f.op),
                                Some(Op::Poll { .. })
                            ) =>
                        {
                            self.found = true
                        }
                        Expr::Closure(_) => {}
                        _ => visit::walk_expr(self, e),
                    }
                }
            }
            let mut v = Polls {
                a: self,
                found: false,
            };
            v.visit_expr(e);
            v.found
        };
        let bind = |t: &'m Target, names: &mut HashSet<&'m str>| -> bool {
            let mut changed = false;
            target_names(t, &mut |n| changed |= names.insert(n));
            changed
        };
        for (name, values) in &bi.assigns {
            if values.iter().any(|(v, _)| polls(v)) {
                names.insert(name);
            }
        }
        for (name, values) in &bi.tuple_assigns {
            if values.iter().any(|(v, _)| polls(v)) {
                names.insert(name);
            }
        }
        for (target, iter) in &bi.for_loops {
            let over_consumer = self
                .resolver
                .client_of(self.file, body, iter)
                .is_some_and(|c| c.role == Role::Consumer);
            if over_consumer || polls(iter) {
                bind(target, &mut names);
            }
        }
        let arms: Vec<(&'m Expr, &'m Arm)> = control
            .regions
            .iter()
            .filter(|r| r.body == body)
            .filter_map(|r| match r.kind {
                RegionKind::Arm { subject, arm } => Some((subject, arm)),
                _ => None,
            })
            .collect();
        for _ in 0..16 {
            let mut changed = false;
            for (name, values) in &bi.assigns {
                if !names.contains(name)
                    && values
                        .iter()
                        .any(|(v, _)| self.refs_message_data(v, &names))
                {
                    names.insert(name);
                    changed = true;
                }
            }
            for (name, values) in &bi.tuple_assigns {
                if !names.contains(name)
                    && values
                        .iter()
                        .any(|(v, _)| self.refs_message_data(v, &names))
                {
                    names.insert(name);
                    changed = true;
                }
            }
            for (target, iter) in &bi.for_loops {
                if self.refs_message_data(iter, &names) {
                    changed |= bind(target, &mut names);
                }
            }
            for (subject, arm) in &arms {
                if polls(subject) || self.refs_message_data(subject, &names) {
                    for b in &arm.bindings {
                        changed |= names.insert(b.as_str());
                    }
                }
            }
            if !changed {
                break;
            }
        }
        names
    }

    /// Whether `e` uses message data held in `names` (not only its metadata: `msg.offset()`,
    /// `msg.topic` derive nothing).
    pub fn refs_message_data(&self, e: &Expr, names: &HashSet<&str>) -> bool {
        if names.is_empty() {
            return false;
        }
        struct Refs<'a> {
            names: &'a HashSet<&'a str>,
            metadata: &'a [&'a str],
            found: bool,
        }
        impl<'x> Visitor<'x> for Refs<'_> {
            fn visit_expr(&mut self, e: &'x Expr) {
                if self.found {
                    return;
                }
                match e {
                    Expr::Name { id, .. } => self.found = self.names.contains(id.as_str()),
                    Expr::Attr { value, attr, .. }
                        if matches!(&**value, Expr::Name { .. })
                            && self.metadata.contains(&attr.as_str()) => {}
                    Expr::Call(c) => {
                        if let Some((recv, m)) = c.func.as_method() {
                            if !(matches!(recv, Expr::Name { .. }) && self.metadata.contains(&m)) {
                                self.visit_expr(recv);
                            }
                        } else {
                            self.visit_expr(&c.func);
                        }
                        for a in &c.args {
                            self.visit_expr(&a.value);
                        }
                    }
                    Expr::Closure(_) => {}
                    _ => visit::walk_expr(self, e),
                }
            }
        }
        // `names` holds `&'m str`; the visitor only compares.
        let names: HashSet<&str> = names.iter().copied().collect();
        let mut v = Refs {
            names: &names,
            metadata: self.knowledge.vocab.message_metadata,
            found: false,
        };
        v.visit_expr(e);
        v.found
    }

    /// Whether `call` does something with message data in `body`: message data is one of its
    /// arguments, and it is neither a logging call, a pure computation, nor a Kafka call
    /// other than a produce (OL103's protected processing, OL104's effects).
    pub fn is_effect_on_message(&self, call: &Call, body: BodyId) -> bool {
        let vocab = &self.knowledge.vocab;
        if let Some(f) = self.facts(call.id) {
            if !is_produce(&f.op) {
                return false;
            }
        }
        let last = call.func.last_name().unwrap_or("");
        if vocab.log_methods.contains(&last) || vocab.pure_calls.contains(&last) {
            return false;
        }
        let names = self.message_names(body);
        call.args
            .iter()
            .any(|a| self.refs_message_data(&a.value, names))
    }

    // ----- failure paths -------------------------------------------------------------------

    /// Every failure path of the file, classified, in walk order.
    pub fn failure_sites(&self) -> Vec<FailureSite> {
        let control = self.control();
        (0..control.regions.len() as u32)
            .map(RegionId)
            .filter(|r| control.is_failure_region(*r))
            .filter_map(|r| self.failure_site(r))
            .collect()
    }

    /// The failure paths enclosing `pos`, innermost first.
    pub fn enclosing_failures(&self, pos: Pos) -> Vec<FailureSite> {
        self.control()
            .failure_regions(pos)
            .filter_map(|r| self.failure_site(r))
            .collect()
    }

    fn failure_site(&self, r: RegionId) -> Option<FailureSite> {
        let control = self.control();
        let region = control.region(r);
        match region.kind {
            RegionKind::Finally => Some(FailureSite {
                region: r,
                kind: FailureKind::Finally,
                range: region.stmts.first().map(|s| s.range).unwrap_or_default(),
            }),
            _ => {
                let path = control.failure_path(r)?;
                Some(FailureSite {
                    region: r,
                    kind: self.failure_kind(r, path),
                    range: path.range,
                })
            }
        }
    }

    fn failure_kind(&self, r: RegionId, path: &FailurePath) -> FailureKind {
        let failure = &self.knowledge.failure;
        match &path.catch {
            Catch::Types(types) => {
                // A project exception class the tables do not know: what its bases are.
                let kinds: Vec<FailureKind> = types
                    .iter()
                    .map(|t| {
                        let own = failure.exception_type(&self.index.names.qualify(t));
                        if own != FailureKind::Specific {
                            return own;
                        }
                        let bases = self.exception_bases(t, 0);
                        failure.exception_types(&bases)
                    })
                    .collect();
                if kinds.contains(&FailureKind::Broad) {
                    FailureKind::Broad
                } else if kinds.contains(&FailureKind::Transient) {
                    FailureKind::Transient
                } else if !kinds.is_empty() && kinds.iter().all(|k| *k == FailureKind::Poison) {
                    FailureKind::Poison
                } else {
                    FailureKind::Specific
                }
            }
            Catch::Variants(_) => FailureKind::Specific,
            Catch::Any => {
                let failing = self.failing_calls(r, path);
                let vocab = &self.knowledge.vocab;
                let first = failing
                    .iter()
                    .find(|n| !vocab.passthrough_methods.contains(&n.as_str()));
                if first.is_some_and(|n| failure.is_poison_call(n)) {
                    FailureKind::Poison
                } else {
                    FailureKind::Broad
                }
            }
        }
    }

    /// The base classes of a project exception class declared in this file, qualified.
    fn exception_bases(&self, t: &[String], depth: u32) -> Vec<Vec<String>> {
        if depth > 4 || t.len() != 1 {
            return Vec::new();
        }
        let Some(class) = self.module.classes.iter().find(|c| c.name == t[0]) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for base in &class.bases.paths {
            out.push(self.index.names.qualify(base));
            out.extend(self.exception_bases(base, depth + 1));
        }
        out
    }

    /// The calls whose failure a Rust failure path handles: from the model, or, when the
    /// matched value is a name (`match result`), from what the name was bound to.
    fn failing_calls(&self, r: RegionId, path: &FailurePath) -> Vec<String> {
        if !path.failing.is_empty() {
            return path.failing.clone();
        }
        let control = self.control();
        let region = control.region(r);
        let RegionKind::Arm {
            subject: Expr::Name { id, .. },
            ..
        } = region.kind
        else {
            return Vec::new();
        };
        let bi = &self.index.bodies[region.body.0 as usize];
        bi.assigns
            .get(id.as_str())
            .and_then(|v| v.last())
            .map(|(value, _)| call_spine(value))
            .unwrap_or_default()
    }

    /// Whether the code a failure path protects is only Kafka client housekeeping: a fetch
    /// (`poll()`: no message was received, so nothing about a message failed) or a commit
    /// (`try: consumer.commit(..) except KafkaException: consumer.commit(..)` retries the
    /// commit; no processing failed), with logging around it. A produce is processing.
    pub fn failure_protects_kafka_only(&self, r: RegionId) -> bool {
        let protected = self.protected_calls(r);
        let vocab = &self.knowledge.vocab;
        let housekeeping = |c: &Call| {
            self.facts(c.id)
                .is_some_and(|f| !is_produce(&f.op) && !matches!(f.op, Op::Flush { .. }))
        };
        let kafka: Vec<TextRange> = protected
            .iter()
            .filter(|c| housekeeping(c))
            .map(|c| c.range)
            .collect();
        // Calls inside a Kafka call's arguments (`Duration::from_millis(100)`) are part of it;
        // `.map_err(..)` around one passes its result through.
        !kafka.is_empty()
            && protected.iter().all(|c| {
                housekeeping(c)
                    || kafka
                        .iter()
                        .any(|k| k.start <= c.range.start && c.range.end <= k.end)
                    || c.func.as_method().is_some_and(|(recv, m)| {
                        vocab.passthrough_methods.contains(&m)
                            && matches!(recv, Expr::Call(inner) if housekeeping(inner))
                    })
                    || c.func
                        .last_name()
                        .is_some_and(|n| vocab.log_methods.contains(&n))
            })
    }

    /// The calls of the code a failure path protects: a `try` body, a matched expression, the
    /// receiver of `.unwrap_or_else(..)`.
    pub fn protected_calls(&self, r: RegionId) -> Vec<&'m Call> {
        let control = self.control();
        let region = control.region(r);
        let Some(parent) = region.parent else {
            return Vec::new();
        };
        match region.kind {
            RegionKind::Handler { .. } | RegionKind::Finally => {
                // The `try` body is the sibling region of kind `Try`.
                let try_region = (0..r.0).rev().map(RegionId).find(|t| {
                    let tr = control.region(*t);
                    tr.parent == Some(parent) && matches!(tr.kind, RegionKind::Try)
                });
                match try_region {
                    Some(t) => self.region_calls(t).map(|(c, _)| c).collect(),
                    None => Vec::new(),
                }
            }
            // `let Ok(x) = e else { .. }` is lowered as `x = e` followed by a `match` on an
            // opaque subject: the protected code is that assignment.
            RegionKind::Arm {
                subject: Expr::Opaque { .. },
                ..
            } if parent.index > 0 => self
                .calls_at(Pos {
                    region: parent.region,
                    index: parent.index - 1,
                })
                .collect(),
            RegionKind::Arm { .. } => self.calls_at(parent).collect(),
            RegionKind::Closure {
                call: Some(owner), ..
            } => {
                let Some(owner) = self.call_by_id(owner) else {
                    return Vec::new();
                };
                let Some((recv, _)) = owner.func.as_method() else {
                    return Vec::new();
                };
                let within = recv.range();
                self.calls_at(parent)
                    .filter(|c| within.start <= c.range.start && c.range.end <= within.end)
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// Whether the code a failure path protects processes a polled message (a call that does
    /// something with message data), rather than only fetching one.
    pub fn failure_protects_message(&self, r: RegionId) -> bool {
        let body = self.control().region(r).body;
        let names = self.message_names(body);
        self.protected_calls(r).iter().any(|c| {
            self.is_effect_on_message(c, body)
                || self.facts(c.id).is_none()
                    && c.func.as_method().is_some_and(|(recv, m)| {
                        !self.knowledge.vocab.message_metadata.contains(&m)
                            && self.refs_message_data(recv, names)
                    })
        })
    }

    /// Whether a failure path's own code commits, stores, seeks, or routes the message
    /// elsewhere (a produce): it handles the message as poison rather than skipping it.
    pub fn failure_handles_message(&self, r: RegionId) -> bool {
        self.region_calls(r).any(|(c, _)| {
            self.facts(c.id)
                .is_some_and(|f| is_commit(&f.op) || is_produce(&f.op) || matches!(f.op, Op::Seek))
        })
    }

    // ----- buffers ---------------------------------------------------------------------------

    /// In-memory buffers that message data goes into inside loop `l` (`batch.append(..)`,
    /// `buf.push(..)`, `pending[k] = v`), with where the body writes each one out.
    pub fn loop_buffers(&self, l: RegionId) -> &[Buffer] {
        match self.loop_buffers.get(l.0 as usize) {
            Some(cell) => cell.get_or_init(|| self.find_loop_buffers(l)),
            None => &[],
        }
    }

    fn find_loop_buffers(&self, l: RegionId) -> Vec<Buffer> {
        let control = self.control();
        let body = control.region(l).body;
        let names = self.message_names(body);
        let vocab = &self.knowledge.vocab;
        let mut buffers: Vec<Buffer> = Vec::new();
        let add = |name: String, pos: Pos, buffers: &mut Vec<Buffer>| match buffers
            .iter_mut()
            .find(|b| b.name == name)
        {
            Some(b) => b.adds.push(pos),
            None => buffers.push(Buffer {
                name,
                adds: vec![pos],
                writes: Vec::new(),
            }),
        };
        for (c, pos) in self.region_calls(l) {
            let Some((recv, m)) = c.func.as_method() else {
                continue;
            };
            if self.facts(c.id).is_some() || !vocab.buffer_add_methods.contains(&m) {
                continue;
            }
            let Some(dotted) = recv.dotted() else {
                continue;
            };
            if c.args
                .iter()
                .any(|a| self.refs_message_data(&a.value, names))
            {
                add(dotted.join("."), pos, &mut buffers);
            }
        }
        for (target, value, pos) in &self.index.bodies[body.0 as usize].assign_sites {
            if !control.contains(l, *pos) {
                continue;
            }
            if let Target::Index { value: buf, .. } = target {
                if let Some(dotted) = buf.dotted() {
                    if self.refs_message_data(value, names) {
                        add(dotted.join("."), *pos, &mut buffers);
                    }
                }
            }
        }
        if buffers.is_empty() {
            return buffers;
        }
        let body_region = control.body_regions[body.0 as usize];
        for (c, pos) in self.region_calls(body_region) {
            if control.region(pos.region).body != body {
                continue;
            }
            let last = c.func.last_name().unwrap_or("");
            for b in buffers.iter_mut() {
                let named = |e: &Expr| e.dotted().is_some_and(|d| d.join(".") == b.name);
                let passed = !vocab.log_methods.contains(&last)
                    && !vocab.pure_calls.contains(&last)
                    && c.args.iter().any(|a| self.mentions(&a.value, &b.name));
                let own = c.func.as_method().is_some_and(|(recv, m)| {
                    named(recv)
                        && !vocab.buffer_local_methods.contains(&m)
                        && !vocab.pure_calls.contains(&m)
                });
                if passed || own {
                    b.writes.push((pos, c.range));
                }
            }
        }
        // `for row in batch: sink.write(row)`.
        for region in &control.regions {
            if region.body != body {
                continue;
            }
            if let (RegionKind::Loop(lp), Some(at)) = (region.kind, region.parent) {
                if let Some(iter) = lp.iter.and_then(Expr::dotted) {
                    let iter = iter.join(".");
                    for b in buffers.iter_mut().filter(|b| b.name == iter) {
                        b.writes.push((at, lp.range));
                    }
                }
            }
        }
        buffers.retain(|b| !b.writes.is_empty());
        buffers
    }

    /// What OL104 counts as the message's effect in loop `l`, for a commit in `body`: calls
    /// that use message data, an addition to an in-memory container only when the loop's
    /// buffers write it out later (`seen.add(key)` is bookkeeping). In walk order; found once
    /// per loop and body, not once per commit.
    pub fn loop_effects(&self, l: RegionId, body: BodyId) -> Rc<Effects<'m>> {
        if let Some(found) = self.loop_effects.borrow().get(&(l, body)) {
            return found.clone();
        }
        let buffers = self.loop_buffers(l);
        let (calls, at): (_, Vec<_>) = self
            .region_calls(l)
            .filter(|(u, _)| {
                self.is_effect_on_message(u, body)
                    && self
                        .buffer_added_by(u)
                        .is_none_or(|name| buffers.iter().any(|b| b.name == name))
            })
            .map(|(u, pos)| (u, (pos, u.range)))
            .unzip();
        let at = self.control().later(l, at);
        let found = Rc::new(Effects { calls, at });
        self.loop_effects
            .borrow_mut()
            .insert((l, body), found.clone());
        found
    }

    /// Whether `e` holds the value of `dotted` (`insert_rows(list(pending.values()))` holds
    /// `pending`), not only its size (`len(batch)`).
    fn mentions(&self, e: &Expr, dotted: &str) -> bool {
        struct Mentions<'a> {
            dotted: &'a str,
            sizes: &'a [&'a str],
            found: bool,
        }
        impl<'x> Visitor<'x> for Mentions<'_> {
            fn visit_expr(&mut self, e: &'x Expr) {
                if self.found {
                    return;
                }
                if e.dotted().is_some_and(|d| d.join(".") == self.dotted) {
                    self.found = true;
                    return;
                }
                match e {
                    Expr::Call(c)
                        if c.func
                            .last_name()
                            .is_some_and(|n| self.sizes.contains(&n) || n == "is_empty") => {}
                    Expr::Closure(_) => {}
                    _ => visit::walk_expr(self, e),
                }
            }
        }
        let mut v = Mentions {
            dotted,
            sizes: self.knowledge.vocab.queue_len_calls,
            found: false,
        };
        v.visit_expr(e);
        v.found
    }

    /// The container a call adds to (`batch.append(x)` adds to `batch`), as a dotted path.
    pub fn buffer_added_by(&self, call: &Call) -> Option<String> {
        let (recv, m) = call.func.as_method()?;
        if !self.knowledge.vocab.buffer_add_methods.contains(&m) || self.facts(call.id).is_some() {
            return None;
        }
        recv.dotted().map(|d| d.join("."))
    }

    // ----- checkpoints -----------------------------------------------------------------------

    /// Whether a name (a call's last name, an assignment target) advances a checkpoint,
    /// watermark or cursor, and which word made it one.
    pub fn advance_word(&self, name: &str) -> Option<&'static str> {
        let vocab = &self.knowledge.vocab;
        let lower = name.to_ascii_lowercase();
        let lower = lower.trim_start_matches('_');
        for (word, bare) in vocab.advance_words {
            if !lower.contains(word) {
                continue;
            }
            if lower == *word && !bare {
                return None;
            }
            let first = lower.split('_').next().unwrap_or("");
            if lower != *word && vocab.advance_read_prefixes.contains(&first) {
                return None;
            }
            return Some(word);
        }
        None
    }

    /// A call that advances a checkpoint: a Kafka commit, a configured checkpoint writer, or a
    /// call named like one (`save_checkpoint(..)`, `watermarks.advance(..)`).
    pub fn advance_call(&self, call: &Call) -> Option<String> {
        if let Some(f) = self.facts(call.id) {
            return is_commit(&f.op).then(|| f.method.clone());
        }
        // A configured checkpoint writer (OL301's `SinkSpec::Writer`).
        let dotted = call.func.dotted();
        for spec in &self.knowledge.sinks {
            if let (SinkSpec::Writer { suffix }, Some(d)) = (spec, &dotted) {
                if d.len() >= suffix.len()
                    && d[d.len() - suffix.len()..]
                        .iter()
                        .zip(suffix)
                        .all(|(a, b)| a == b)
                {
                    return Some(d.join("."));
                }
            }
        }
        let last = call.func.last_name()?;
        // `checkpoint.save(..)`: the receiver names it.
        let named = self.advance_word(last).is_some()
            || call.func.as_method().is_some_and(|(recv, m)| {
                !self.knowledge.vocab.advance_read_prefixes.contains(&m)
                    && recv
                        .last_name()
                        .is_some_and(|r| self.advance_word(r).is_some())
                    && self.knowledge.vocab.advance_methods.contains(&m)
            });
        named.then(|| match call.func.dotted() {
            Some(d) => d.join("."),
            None => last.to_string(),
        })
    }

    /// Assignments in `body` that advance a checkpoint, watermark or cursor
    /// (`self.checkpoint = offset`, `state["high_water"] = n`), with the name that made each
    /// one (not `self.cursor = conn.cursor()`, not a reset to a literal such as `None`).
    pub fn advance_assignments(&self, body: BodyId) -> Vec<(&'m Target, Pos, String)> {
        let mut out = Vec::new();
        for (target, value, pos) in &self.index.bodies[body.0 as usize].assign_sites {
            let name = match target {
                Target::Name(n, _) => n.as_str(),
                Target::Attr { attr, .. } => attr.as_str(),
                Target::Index { key, .. } => match key.as_str() {
                    Some(k) => k,
                    None => continue,
                },
                _ => continue,
            };
            let Some(word) = self.advance_word(name) else {
                continue;
            };
            let opens = match value {
                Expr::Call(c) => c
                    .func
                    .last_name()
                    .is_some_and(|n| n.to_ascii_lowercase().contains(word)),
                // A reset (`= None`, `= 0`) moves nothing forward.
                Expr::Lit { .. } => true,
                _ => false,
            };
            if !opens {
                out.push((*target, *pos, name.to_string()));
            }
        }
        out
    }

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
                Op::Send { awaits, raises } if !f.result.observes_outcome(*awaits, *raises) => {
                    Some(None)
                }
                Op::Send { awaits, .. } if f.result.handle_pending(*awaits) => {
                    match &f.result.end {
                        End::Bound(name) => Some(Some(name.clone())),
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
        out
    }

    /// Whether `name` is read by a statement that always runs after `produce` and before
    /// `at` (a kept delivery handle awaited or `.get()` before the advance; registering a
    /// callback on it is no confirmation).
    /// Whether `call` (in `body`) calls a function of this file that produces and returns
    /// with a delivery it did not confirm (catalog OL204, ADR-065 decisions 1 and 6).
    fn helper_leaves_unconfirmed(&self, call: &Call, body: BodyId, depth: u32) -> bool {
        const MAX_HELPER_DEPTH: u32 = 3;
        if depth >= MAX_HELPER_DEPTH {
            return false;
        }
        let Some(Value::Func(func)) = self.resolver.value(self.file, body, &call.func) else {
            return false;
        };
        if func.file != self.file || func.body == body {
            return false;
        }
        let control = self.control();
        let top = control.body_regions[func.body.0 as usize];
        let end = Pos {
            region: top,
            index: control.region(top).stmts.len() as u32,
        };
        self.unconfirmed_produces_within(func.body, depth + 1)
            .iter()
            .any(|(p, ppos, handle)| {
                !self.delivery_checked(p, *ppos, end)
                    && !handle
                        .as_deref()
                        .is_some_and(|h| self.read_between(h, p, *ppos, end))
            })
    }

    pub fn read_between(&self, name: &str, produce: &Call, produce_pos: Pos, at: Pos) -> bool {
        let control = self.control();
        let callbacks = self.knowledge.vocab.handle_callback_methods;
        control.chain(at).into_iter().any(|p| {
            control
                .region(p.region)
                .stmts
                .iter()
                .enumerate()
                .take(p.index as usize)
                .any(|(i, s)| {
                    let sp = Pos {
                        region: p.region,
                        index: i as u32,
                    };
                    control.follows(produce_pos, produce.range, sp, s.range)
                        && stmt_reads_name(s, name, callbacks)
                })
        })
    }

    /// Whether an advance at `at` is guarded by a check of the delivery outcome made after
    /// `produce`: a condition above it, or an earlier `if .. : raise` / `assert` that always
    /// runs before it, that reads delivery state (the delivery callback's error list, a name
    /// such as `failures` or `pending`).
    pub fn delivery_checked(&self, produce: &Call, produce_pos: Pos, at: Pos) -> bool {
        let control = self.control();
        let state = self.callback_state(produce);
        let after_produce = |p: Pos| {
            control
                .stmt(p)
                .is_some_and(|s| control.follows(produce_pos, produce.range, p, s.range))
        };
        for cond in control.conditions(at) {
            let (test, p) = match cond {
                super::control::Condition::Test { test, at, .. } => (test, at),
                super::control::Condition::Match { subject, at, .. } => (subject, at),
            };
            if after_produce(p) && self.refs_delivery_state(test, &state) {
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
                if guard && after_produce(sp) && self.refs_delivery_state(test, &state) {
                    return true;
                }
            }
        }
        false
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
        let super::facts::ArgPresence::Present(cb) = f.find_arg(callback) else {
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

    /// Whether a flush's result is re-checked by the code around it (OL202): it sits in a loop
    /// that re-reads the producer's queue (`while len(producer) > 0:`,
    /// `in_flight_count()`), or it is a back-pressure flush in a handler for a full queue
    /// (`except BufferError:`, `Err(KafkaError::MessageProduction(QueueFull))`) followed by
    /// a retry of the produce.
    pub fn flush_rechecked(&self, call: &Call, facts: &CallFacts) -> bool {
        let control = self.control();
        let Some(pos) = self.call_pos(call) else {
            return false;
        };
        let vocab = &self.knowledge.vocab;
        let receiver = facts.receiver.as_deref();
        let reads_queue = |c: &Call| {
            let Some(last) = c.func.last_name() else {
                return false;
            };
            if !vocab.queue_len_calls.contains(&last) {
                return false;
            }
            let on = match c.func.as_method() {
                Some((recv, _)) => recv,
                None => match c.positional().next() {
                    Some(a) => &a.value,
                    None => return false,
                },
            };
            let on = self.resolver.strip(self.file, on);
            on.dotted().map(|d| d.join(".")).as_deref() == receiver
                || self
                    .resolver
                    .client_of(self.file, facts.body, on)
                    .is_some_and(|c| c.role == Role::Producer)
        };
        if let Some(l) = control.enclosing_loop(pos) {
            let header = control.region(l).parent;
            let in_header = header
                .map(|h| self.calls_at(h).collect::<Vec<_>>())
                .unwrap_or_default();
            let range = match control.region(l).kind {
                RegionKind::Loop(lp) => lp.range,
                _ => TextRange::default(),
            };
            if self.region_calls(l).any(|(c, _)| reads_queue(c))
                || in_header.iter().any(|c| {
                    range.start <= c.range.start && c.range.end <= range.end && reads_queue(c)
                })
            {
                return true;
            }
        }
        if self.retried_after_backpressure(pos, call.range) {
            return true;
        }
        // A helper that holds the flush (`def _backoff(self): self.producer.flush(1)`), and
        // that every call of in this file is such a back-pressure flush.
        let callers = self.callers_in_file(facts.body);
        !callers.is_empty()
            && callers.iter().all(|c| {
                self.call_pos(c)
                    .is_some_and(|p| self.retried_after_backpressure(p, c.range))
            })
    }

    /// Whether the call at `pos` (`range`) sits in a handler of a back-pressure error
    /// (`BufferError`, `QueueFull`) and the produce that raised it is retried after it: in the
    /// handler, or by a retry loop around it that leaves once the produce went through.
    fn retried_after_backpressure(&self, pos: Pos, range: TextRange) -> bool {
        let control = self.control();
        let failure = &self.knowledge.failure;
        for r in control.failure_regions(pos) {
            let Some(path) = control.failure_path(r) else {
                continue;
            };
            let backpressure = match &path.catch {
                Catch::Types(ts) | Catch::Variants(ts) => ts
                    .iter()
                    .any(|t| failure.is_backpressure(&self.index.names.qualify(t))),
                Catch::Any => false,
            };
            if !backpressure {
                continue;
            }
            let produces = |c: &Call| self.facts(c.id).is_some_and(|f| is_produce(&f.op));
            // The produce retried after the flush, in the handler or round its loop.
            if self
                .region_calls(r)
                .any(|(c, p)| produces(c) && control.follows(pos, range, p, c.range))
            {
                return true;
            }
            // A retry loop: it produces, and leaves once the produce went through (`break`,
            // `return`); a loop over records that never leaves goes on to the next record.
            if let Some(at) = control.region(r).parent {
                if let Some(l) = control.enclosing_loop(at) {
                    let leaves = control
                        .region(l)
                        .exits
                        .any(Exits::BREAK.union(Exits::RETURN));
                    if leaves && self.region_calls(l).any(|(c, _)| produces(c)) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The calls in this file of the function that is body `b`.
    fn callers_in_file(&self, b: BodyId) -> Vec<&'m Call> {
        let name = self.index.body(b).name.as_str();
        (self.index.calls.iter())
            .filter(|(c, _)| c.func.last_name() == Some(name))
            .filter(|(c, cb)| {
                matches!(self.resolver.value(self.file, *cb, &c.func),
                    Some(Value::Func(f)) if f.file == self.file && f.body == b)
            })
            .map(|(c, _)| *c)
            .collect()
    }

    /// The timeout a flush waits for (OL202): its argument (`timeout=` or the first
    /// positional one), `None` when none is passed. Through a wrapper whose flush forwards a
    /// parameter (`def flush(self, timeout=-1): return self._p.flush(timeout)`), what the
    /// caller passes for that parameter, or its default.
    pub fn flush_timeout<'c, 'f: 'c>(
        &'c self,
        call: &'c Call,
        facts: &'c CallFacts<'f>,
    ) -> Option<&'c Expr> {
        let pick = |args: &mut dyn Iterator<Item = &'c Arg>| -> Option<&'c Arg> {
            let args: Vec<&Arg> = args.collect();
            args.iter()
                .find(|a| a.name.as_deref() == Some("timeout"))
                .or_else(|| {
                    args.iter()
                        .find(|a| a.name.is_none() && a.spread == Spread::None)
                })
                .copied()
        };
        let inner = pick(&mut facts.args.iter().copied())?;
        let (Some(w), Expr::Name { id, .. }) = (&facts.wrapper, &inner.value) else {
            return Some(&inner.value);
        };
        let Some(index) = self.program.index(w.at.file) else {
            return Some(&inner.value);
        };
        let Some(body) = index.module.bodies.iter().find(|b| b.range == w.at.range) else {
            return Some(&inner.value);
        };
        let Some(i) = body.params.iter().position(|p| &p.name == id) else {
            return Some(&inner.value);
        };
        let param = &body.params[i];
        let position = i.checked_sub(usize::from(body.self_name.is_some()));
        let passed = call
            .args
            .iter()
            .find(|a| a.name.as_deref() == Some(param.name.as_str()))
            .or_else(|| position.and_then(|p| call.positional().nth(p)));
        match passed {
            Some(a) => Some(&a.value),
            None => param.default.as_deref(),
        }
    }

    // ----- tasks -----------------------------------------------------------------------------

    /// Whether `call` spawns a background task (OL203), and which kind.
    pub fn task_spawn(&self, call: &Call, body: BodyId) -> Option<Spawn> {
        let tasks = &self.knowledge.tasks;
        // Cheap first: the callee's last name must be a spawn's.
        let last = call.func.last_name()?;
        let named =
            |paths: &[Vec<String>]| paths.iter().any(|p| p.last().is_some_and(|l| l == last));
        if !named(&tasks.kafka_only)
            && !named(&tasks.spawn_functions)
            && !tasks.loop_spawn_methods.iter().any(|m| m == last)
        {
            return None;
        }
        let q = self.index.names.qualify_expr(&call.func);
        let ends = |paths: &[Vec<String>]| {
            q.as_ref().is_some_and(|q| {
                paths.iter().any(|p| {
                    q.len() >= p.len() && q[q.len() - p.len()..].iter().zip(p).all(|(a, b)| a == b)
                })
            })
        };
        if ends(&tasks.kafka_only) {
            return Some(Spawn::KafkaOnly);
        }
        if ends(&tasks.spawn_functions) {
            return Some(Spawn::Any);
        }
        let (recv, m) = call.func.as_method()?;
        if !tasks.loop_spawn_methods.iter().any(|s| s == m) {
            return None;
        }
        // `asyncio.get_running_loop().create_task(..)`, `loop.create_task(..)`.
        let is_loop = |e: &Expr| match e {
            Expr::Call(c) => c
                .func
                .last_name()
                .is_some_and(|n| tasks.loop_factories.iter().any(|f| f == n)),
            _ => e
                .last_name()
                .is_some_and(|n| n.to_ascii_lowercase().contains(&tasks.loop_word)),
        };
        let bound_to_loop = match recv {
            Expr::Name { id, .. } => self.index.bodies[body.0 as usize]
                .assigns
                .get(id.as_str())
                .is_some_and(|vs| vs.iter().any(|(v, _)| is_loop(v))),
            _ => false,
        };
        (is_loop(recv) || bound_to_loop).then_some(Spawn::Any)
    }

    /// Whether `name` is read anywhere in the file's bodies (closures included): a task bound
    /// to it is kept. Other bodies count because of `nonlocal` and `global` names.
    pub fn reads_name_anywhere(&self, name: &str) -> bool {
        (0..self.module.bodies.len()).any(|b| self.reads_name(BodyId(b as u32), name))
    }

    /// Whether `call` sits in a `with self.assertRaises(..):` / `with pytest.raises(..):`
    /// block: a test expecting the call to raise.
    pub fn expects_raise(&self, call: &Call) -> bool {
        let Some(pos) = self.call_pos(call) else {
            return false;
        };
        let control = self.control();
        control.regions_above(pos).any(|r| {
            let region = control.region(r);
            matches!(region.kind, RegionKind::Plain)
                && region.stmts.first().is_some_and(|s| match &s.kind {
                    StmtKind::Assign {
                        value: Expr::Call(c),
                        ..
                    } => c
                        .func
                        .last_name()
                        .is_some_and(|n| self.knowledge.vocab.expect_raises.contains(&n)),
                    _ => false,
                })
        })
    }

    /// Whether `name` is read anywhere in `body` (closures included), not only assigned.
    pub fn reads_name(&self, body: BodyId, name: &str) -> bool {
        let mut v = Reads {
            name,
            skip: &[],
            found: false,
        };
        visit::walk_block(&mut v, &self.module.bodies[body.0 as usize].stmts);
        v.found
    }

    /// Whether the code a spawn runs produces to Kafka or commits: in its closure argument,
    /// or in a function of this file it calls there.
    pub fn spawn_touches_kafka(&self, call: &Call, body: BodyId) -> bool {
        let touches = |f: &CallFacts| is_commit(&f.op) || is_produce(&f.op);
        let control = self.control();
        let mut inner: Vec<&'m Call> = Vec::new();
        for (i, region) in control.regions.iter().enumerate() {
            if let RegionKind::Closure {
                call: Some(owner), ..
            } = region.kind
            {
                if owner == call.id {
                    inner.extend(self.region_calls(RegionId(i as u32)).map(|(c, _)| c));
                }
            }
        }
        // `tokio::spawn(run(consumer))`: the argument's own calls.
        if let Some(pos) = self.call_pos(call) {
            inner.extend(self.calls_at(pos).filter(|c| {
                c.id != call.id
                    && call.range.start <= c.range.start
                    && c.range.end <= call.range.end
            }));
        }
        for c in &inner {
            if self.facts(c.id).is_some_and(touches) {
                return true;
            }
        }
        for c in inner {
            if let Some(Value::Func(func)) = self.resolver.value(self.file, body, &c.func) {
                if func.file != self.file {
                    continue;
                }
                let found = self
                    .index
                    .calls
                    .iter()
                    .any(|(c2, b)| *b == func.body && self.facts(c2.id).is_some_and(touches));
                if found {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a consumer's visible, complete configuration leaves automatic commits on:
    /// a group, and neither auto-commit nor (for librdkafka) the automatic offset store off
    /// (OL105; OL103's "the next commit covers the failed offset").
    pub fn auto_commit_on(&self, client: &Client) -> bool {
        let ConfigView::Visible { open: false, .. } = &client.config else {
            return false;
        };
        let keys = &self.knowledge.lib(client.lib).auto_commit;
        let config = &client.config;
        // Without a group nothing is committed.
        match config.get(keys.group) {
            None | Some(ConfigValue::Null) => return false,
            Some(ConfigValue::Str(s)) if s.is_empty() => return false,
            Some(_) => {}
        }
        // On by default; a value that is not a literal is not visible.
        let on = |key: &str| match config.get(key) {
            None => Some(true),
            Some(
                ConfigValue::Int(_)
                | ConfigValue::Const(_)
                | ConfigValue::Other
                | ConfigValue::Null,
            ) => None,
            Some(v) => Some(!v.is_false()),
        };
        on(keys.commit) == Some(true) && keys.store.is_none_or(|store| on(store) == Some(true))
    }

    // ----- consumer constructions ------------------------------------------------------------

    /// Kafka clients of `role` constructed in this file, with the call that constructs each.
    pub fn constructions(&self, role: Role) -> Vec<(&'m Call, BodyId, Client)> {
        let all = self.constructions.get_or_init(|| {
            let mut out: Vec<(&'m Call, BodyId, Client)> = Vec::new();
            for (call, body) in &self.index.calls {
                let Some(client) = self.constructed_client(call, *body) else {
                    continue;
                };
                if !out.iter().any(|(c, _, _)| c.id == call.id) {
                    out.push((call, *body, client));
                }
            }
            out
        });
        all.iter()
            .filter(|(_, _, c)| c.role == role)
            .cloned()
            .collect()
    }

    /// Whether a construction's configuration can be judged whole, as OL105 judges it: visible,
    /// with no entries of unknown content, and built at the construction or in this file
    /// ([`FileAnalysis::config_is_local`]).
    pub fn config_is_complete(&self, call: &Call, body: BodyId, client: &Client) -> bool {
        matches!(client.config, ConfigView::Visible { open: false, .. })
            && self.config_is_local(call, body, client)
    }

    /// Whether a construction's configuration is built right here (OL105's "visible"): a
    /// literal, or a builder chain from `ClientConfig::new()`, written at the call or bound
    /// to a name of this file. A config returned by a helper, a shared base config
    /// (`create_config().set(..)`) or one imported from another module is not.
    pub fn config_is_local(&self, call: &Call, body: BodyId, client: &Client) -> bool {
        let r = &self.resolver;
        let style = self
            .knowledge
            .clients
            .iter()
            .find(|t| t.lib == client.lib && Some(t.name.as_str()) == client.ty.as_deref())
            .map(|t| t.config);
        let root = if r.is_builder_create(call) {
            match call.func.as_method() {
                Some((recv, _)) => self.chain_root(recv),
                None => return false,
            }
        } else if style == Some(ConfigStyle::DictAndKwargs) {
            match call.positional().next() {
                Some(a) => &a.value,
                None => return true,
            }
        } else if style == Some(ConfigStyle::Builder) {
            // `StreamConsumer::from_config(&cfg)`.
            match call.positional().next() {
                Some(a) => self.chain_root(&a.value),
                None => return false,
            }
        } else {
            // Keyword arguments (`KafkaConsumer("topic", group_id=..)`): at the call.
            return true;
        };
        self.local_config_expr(root, body, 0)
    }

    /// The expression a builder chain starts from: `ClientConfig::new()` for
    /// `ClientConfig::new().set(a, b).set(c, d)`, `config` for `config.set(a, b)`.
    fn chain_root<'e>(&self, e: &'e Expr) -> &'e Expr {
        let mut cur = e;
        for _ in 0..64 {
            match cur {
                Expr::Call(c) if self.is_fresh_builder(c) => return cur,
                Expr::Call(c) => match c.func.as_method() {
                    Some((recv, _)) => cur = recv,
                    None => return cur,
                },
                Expr::Await { value, .. } | Expr::Try { value, .. } => cur = value,
                _ => return cur,
            }
        }
        cur
    }

    /// `ClientConfig::new()` / `ClientConfig::default()`.
    fn is_fresh_builder(&self, c: &Call) -> bool {
        self.index.names.qualify_expr(&c.func).is_some_and(|q| {
            q.len() >= 2
                && self.knowledge.is_builder_type(&q[..q.len() - 1])
                && matches!(q.last().map(String::as_str), Some("new" | "default"))
        })
    }

    fn local_config_expr(&self, e: &Expr, body: BodyId, depth: u32) -> bool {
        if depth > 8 {
            return false;
        }
        match e {
            // A `**spread` is not visible (OL105): it may come from anywhere.
            Expr::Dict { items, .. } => items.iter().all(|(k, _)| k.is_some()),
            Expr::Record(_) => true,
            // `base | {..}`: every part.
            Expr::Derived { parts, .. } => parts
                .iter()
                .all(|p| self.local_config_expr(p, body, depth + 1)),
            Expr::Call(c) => {
                self.is_fresh_builder(c) || c.func.dotted().as_deref() == Some(&["dict"][..])
            }
            Expr::Name { id, .. } => match self.resolver.definition(self.file, body, id, 0) {
                Some((f, b, value)) if f == self.file => {
                    self.local_config_expr(self.chain_root(value), b, depth + 1)
                }
                _ => false,
            },
            _ => false,
        }
    }

    fn constructed_client(&self, call: &'m Call, body: BodyId) -> Option<Client> {
        constructed_client(&self.resolver, self.file, self.index, call, body)
    }
}

/// The Kafka client `call` (in body `body` of file `f`) constructs, if it is one: a client
/// type's constructor, a builder's `create`, `from_config`, a project subclass.
pub(crate) fn constructed_client(
    r: &Resolver,
    f: FileId,
    index: &FileIndex,
    call: &Call,
    body: BodyId,
) -> Option<Client> {
    // Cheap first: a client type's name, a builder's `create`, `from_config`, or a class-like
    // callee (a subclass of a client).
    let last = call.func.last_name()?;
    let candidate = r.is_builder_create(call)
        || last.starts_with("from_config")
        || r.knowledge.clients.iter().any(|t| t.name == last)
        || last.starts_with(char::is_uppercase);
    if !candidate {
        return None;
    }
    let here = |c: &Client| {
        c.origin()
            .is_some_and(|o| o.file == f && o.range == call.range)
    };
    if let Some(Value::Kafka(c)) = r.call_value(f, body, call) {
        return here(&c).then_some(c);
    }
    if !r.is_builder_create(call) {
        return None;
    }
    // `let c: StreamConsumer = ClientConfig::new()...create()?`: the annotation says.
    let bi = &index.bodies[body.0 as usize];
    let annotation = bi.assigns.values().flatten().find_map(|(v, a)| {
        matches!(r.strip(f, v), Expr::Call(c) if c.id == call.id).then_some(*a)?
    });
    let annotation = annotation.or_else(|| {
        let returned = index.uses[call.id.0 as usize].end == super::uses::End::Returned;
        returned
            .then(|| index.module.bodies[body.0 as usize].returns.as_ref())
            .flatten()
    })?;
    match r.type_value(f, annotation, call.range)? {
        Value::Kafka(mut c) => {
            c.config = r.config_reader(f, body).builder_create(call);
            Some(c)
        }
        _ => None,
    }
}

/// The names a target binds.
fn target_names<'m>(t: &'m Target, f: &mut impl FnMut(&'m str)) {
    match t {
        Target::Name(n, _) => f(n),
        Target::Tuple(ts, _) => ts.iter().for_each(|t| target_names(t, f)),
        _ => {}
    }
}

/// Last names of the calls along an expression's outer spine (outermost first), through
/// `await`, `?` and method receivers: `serde_json::from_slice(p).map_err(..)?` gives
/// `["map_err", "from_slice"]`.
fn call_spine(e: &Expr) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = e;
    for _ in 0..32 {
        cur = match cur {
            Expr::Await { value, .. } | Expr::Try { value, .. } => value,
            Expr::Call(c) => {
                if let Some(n) = c.func.last_name() {
                    out.push(n.to_string());
                }
                match c.func.as_method() {
                    Some((recv, _)) => recv,
                    None => break,
                }
            }
            _ => break,
        };
    }
    out
}

/// Finds a read of one name (closures included), except as the receiver of the `skip`
/// methods.
struct Reads<'a> {
    name: &'a str,
    skip: &'a [&'a str],
    found: bool,
}

impl<'x> Visitor<'x> for Reads<'_> {
    fn visit_expr(&mut self, e: &'x Expr) {
        match e {
            _ if self.found => {}
            Expr::Name { id, .. } if id == self.name => self.found = true,
            Expr::Call(call)
                if call.func.as_method().is_some_and(|(recv, m)| {
                    self.skip.contains(&m)
                        && matches!(recv, Expr::Name { id, .. } if id == self.name)
                }) =>
            {
                for a in &call.args {
                    self.visit_expr(&a.value);
                }
            }
            _ => visit::walk_expr(self, e),
        }
    }
}

/// Whether statement `s` reads `name` other than to register a callback on it (`skip`).
fn stmt_reads_name(s: &Stmt, name: &str, skip: &[&str]) -> bool {
    let mut v = Reads {
        name,
        skip,
        found: false,
    };
    visit::walk_stmt(&mut v, s);
    v.found
}
