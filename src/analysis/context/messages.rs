//! Message flow: names holding polled message data, and calls that are effects on it.

use super::{is_produce, target_names};
use crate::analysis::control::RegionKind;
use crate::analysis::FileAnalysis;
use crate::knowledge::{Op, Role};
use crate::model::visit::{self, Visitor};
use crate::model::*;
use std::borrow::Cow;
use std::collections::HashSet;

/// Methods that add an item to a collection (Python lists and sets, Rust and Java vectors).
const COLLECTS: &[&str] = &["append", "extend", "insert", "add", "push", "push_back"];

impl<'p, 'm> FileAnalysis<'p, 'm> {
    /// Names in `body` that hold a polled message or data derived from one: bound from a poll
    /// (`msg = consumer.poll(1)`, `batch = await c.getmany()`), iterated from a consumer or a
    /// batch (`for msg in consumer`, `for m in msgs`), bound by a `match` arm on one, or
    /// assigned from an expression using one (`payload = json.loads(msg.value())`). Reading
    /// only a message's metadata (`msg.offset()`) derives nothing.
    ///
    /// A value taken off a channel that a consume loop sends its messages into
    /// (`m = rx.recv().await`, `msg = q.get()`) is a polled message too (`channels.rs`).
    pub fn message_names(&self, body: BodyId) -> &HashSet<&'m str> {
        self.messages[body.0 as usize].get_or_init(|| self.compute_message_names(body, true))
    }

    /// Message names as [`FileAnalysis::message_names`] finds them, or (without `channels`)
    /// from polls alone, which is how the channels that are fed are decided.
    pub(super) fn names_for(&self, body: BodyId, channels: bool) -> Cow<'_, HashSet<&'m str>> {
        match channels {
            true => Cow::Borrowed(self.message_names(body)),
            false => Cow::Owned(self.compute_message_names(body, false)),
        }
    }

    /// Whether `e` polls a consumer or (with `channels`) receives from a fed channel.
    pub(super) fn receives(&self, body: BodyId, e: &Expr, channels: bool) -> bool {
        self.polls(e) || channels && self.receives_fed(body, e)
    }

    pub(super) fn compute_message_names(&self, body: BodyId, channels: bool) -> HashSet<&'m str> {
        let bi = &self.index.bodies[body.0 as usize];
        let mut names: HashSet<&'m str> = HashSet::new();
        let polls = |e: &Expr| self.receives(body, e, channels);
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
            if over_consumer
                || polls(iter)
                || self.iterates_polling_object(iter, body)
                || self.iterates_polled_param(iter, body)
            {
                bind(target, &mut names);
            }
        }
        self.close_message_names(body, &mut names, &polls, false);
        names
    }

    /// The names of `body` holding data of one message, `seed` (a per-message function's
    /// parameter) among them.
    pub fn message_names_from(&self, body: BodyId, seed: &'m str) -> HashSet<&'m str> {
        self.names_from(body, Some(seed), false)
    }

    /// [`message_names_from`](Self::message_names_from), and the collections the messages'
    /// data is put into (`out.append(json.loads(m.value()))`): what a failure of code using
    /// them is a failure of (OL103). (OL104 tells such a buffer apart from an effect.)
    pub fn message_data_from(&self, body: BodyId, seed: &'m str) -> HashSet<&'m str> {
        self.names_from(body, Some(seed), true)
    }

    /// The collections `body` puts its messages' data into (`batch.append(msg.value())`,
    /// `batch.push(t)`), each with the calls that empty it (`batch.clear()`).
    pub fn message_collections(&self, body: BodyId) -> Vec<(&'m str, Vec<&'m Call>)> {
        let names = self.message_names(body);
        let data = self.names_from(body, None, true);
        let bi = &self.index.bodies[body.0 as usize];
        (data.into_iter())
            .filter(|n| !names.contains(n))
            .filter_map(|n| {
                let calls = bi.method_calls.get(n)?;
                let empties = (calls.iter())
                    .filter(|c| c.func.last_name() == Some("clear"))
                    .copied()
                    .collect();
                Some((n, empties))
            })
            .collect()
    }

    fn names_from(
        &self,
        body: BodyId,
        seed: Option<&'m str>,
        collections: bool,
    ) -> HashSet<&'m str> {
        let mut names = self.message_names(body).clone();
        names.extend(seed);
        let polls = |e: &Expr| self.receives(body, e, true);
        self.close_message_names(body, &mut names, &polls, collections);
        names
    }

    /// Adds to `names` every name of `body` bound from them (assignments, loop targets, match
    /// bindings, per-item closure parameters; with `collections`, lists they are appended to)
    /// until nothing changes.
    fn close_message_names(
        &self,
        body: BodyId,
        names: &mut HashSet<&'m str>,
        polls: &dyn Fn(&Expr) -> bool,
        collections: bool,
    ) {
        let bi = &self.index.bodies[body.0 as usize];
        let control = self.control();
        let bind = |t: &'m Target, names: &mut HashSet<&'m str>| -> bool {
            let mut changed = false;
            target_names(t, &mut |n| changed |= names.insert(n));
            changed
        };
        let arms: Vec<(&'m Expr, &'m Arm)> = control
            .regions
            .iter()
            .filter(|r| r.body == body)
            .filter_map(|r| match r.kind {
                RegionKind::Arm { subject, arm } => Some((subject, arm)),
                _ => None,
            })
            .collect();
        let each: Vec<(&'m Expr, &'m [Param])> = (control.regions.iter())
            .filter(|r| r.body == body)
            .filter_map(|r| self.each_stream(r.kind))
            .collect();
        for _ in 0..16 {
            let mut changed = false;
            for (name, values) in &bi.assigns {
                if !names.contains(name)
                    && values.iter().any(|(v, _)| self.refs_message_data(v, names))
                {
                    names.insert(name);
                    changed = true;
                }
            }
            for (name, values) in &bi.tuple_assigns {
                if !names.contains(name)
                    && values.iter().any(|(v, _)| self.refs_message_data(v, names))
                {
                    names.insert(name);
                    changed = true;
                }
            }
            for (target, iter) in &bi.for_loops {
                if self.refs_message_data(iter, names) {
                    changed |= bind(target, names);
                }
            }
            // A collection the messages' data is put into (`out.append(json.loads(m.value()))`).
            for (name, calls) in (bi.method_calls.iter()).filter(|_| collections) {
                if !names.contains(name)
                    && calls.iter().any(|c| {
                        c.func.last_name().is_some_and(|m| COLLECTS.contains(&m))
                            && c.args
                                .iter()
                                .any(|a| self.refs_message_data(&a.value, names))
                    })
                {
                    names.insert(name);
                    changed = true;
                }
            }
            for (subject, arm) in &arms {
                if polls(subject) || self.refs_message_data(subject, names) {
                    for b in &arm.bindings {
                        changed |= names.insert(b.as_str());
                    }
                }
            }
            // `consumer.stream().for_each(|msg| ..)`: the closure's parameter is each item.
            for (stream, params) in &each {
                if polls(stream) || self.refs_message_data(stream, names) {
                    for p in *params {
                        changed |= names.insert(p.name.as_str());
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// `for (ConsumerRecord<K, V> r : records)` over a parameter declared as what a poll
    /// returns (`ConsumerRecords<K, V> records`): the messages of the caller's poll. Only the
    /// loop directly over it: what else the function does with the batch is not followed.
    pub(super) fn iterates_polled_param(&self, iter: &Expr, body: BodyId) -> bool {
        let Expr::Name { id, .. } = iter else {
            return false;
        };
        (self.index.body(body).params.iter()).any(|p| {
            p.name == *id
                && ((p.annotation.as_ref()).is_some_and(|t| self.is_polled_batch(body, t))
                    || self.passed_polled(body, &p.name))
        })
    }

    /// Whether every caller of `body` (at least one) passes as its parameter `param` what a
    /// poll returned (`batch = consumer.consume(100)` then `self.process(batch)`): a function
    /// called once per poll with the batch, whose loop over it goes through the messages.
    fn passed_polled(&self, body: BodyId, param: &str) -> bool {
        let (mut any, mut all) = (false, true);
        self.resolver
            .passed_as(self.file, body, param, |g, cb, arg| {
                any = true;
                all &= self.in_file(g, |a| a.holds_poll(cb, arg)) == Some(true);
                all
            });
        any && all
    }

    /// Whether `e` in `body` is a poll's result: the poll itself, a name only ever bound from
    /// polls, or a loop's name over one (`for records in batch.values()`, kafka-python's
    /// records of each partition). Polls alone, not derived data: this is asked while message
    /// names are being computed, and a caller's names may depend on the callee's.
    fn holds_poll(&self, body: BodyId, e: &Expr) -> bool {
        self.holds_poll_depth(body, e, 2)
    }

    fn holds_poll_depth(&self, body: BodyId, e: &Expr, depth: u32) -> bool {
        let bi = &self.index.bodies[body.0 as usize];
        match e {
            Expr::Await { value, .. } => self.holds_poll_depth(body, value, depth),
            Expr::Name { id, .. } => {
                let assigned = bi.assigns.get(id.as_str()).unwrap_or_default();
                let looped = (bi.for_loops.iter())
                    .filter(|(t, _)| matches!(t, Target::Name(n, _) if n == id))
                    .map(|(_, iter)| *iter)
                    .collect::<Vec<_>>();
                match (assigned.is_empty(), looped.is_empty()) {
                    (false, true) => assigned.iter().all(|(v, _)| self.polls(v)),
                    (true, false) => {
                        depth > 0
                            && looped.iter().all(|iter| {
                                let iter = match iter {
                                    Expr::Call(c) if c.args.is_empty() => {
                                        match c.func.as_method() {
                                            Some((recv, "values")) => recv,
                                            _ => iter,
                                        }
                                    }
                                    iter => iter,
                                };
                                self.holds_poll_depth(body, iter, depth - 1)
                            })
                    }
                    _ => false,
                }
            }
            e => self.polls(e),
        }
    }

    /// Whether declared type `ty` is what a poll returns (`polled_batch_types`).
    fn is_polled_batch(&self, body: BodyId, ty: &TypeRef) -> bool {
        let batches = self.knowledge.vocab.polled_batch_types;
        let is_batch =
            |package: &str, class: &str| batches.iter().any(|(p, c)| *p == package && *c == class);
        ty.paths.iter().any(|path| {
            let e = crate::analysis::resolve::path_expr(path);
            (self.resolver.external_path(self.file, body, &e, 0)).is_some_and(
                |q| matches!(q.as_slice(), [package, class] if is_batch(package, class)),
            )
                // A class of a package imported on demand (`import ...consumer.*;`), which
                // the path above takes for one of the file's own package.
                || matches!(path.as_slice(), [class] if self.index.names.globs.iter().any(
                    |(glob, level)| *level == 0
                        && matches!(glob.as_slice(), [package] if is_batch(package, class))
                ))
        })
    }

    /// Whether `e` polls a consumer (a call of `Op::Poll` in it, closures aside).
    pub fn polls(&self, e: &Expr) -> bool {
        struct Polls<'a, 'p, 'm> {
            a: &'a FileAnalysis<'p, 'm>,
            found: bool,
        }
        impl<'x> Visitor<'x> for Polls<'_, '_, '_> {
            fn visit_expr(&mut self, e: &'x Expr) {
                match e {
                    Expr::Call(c)
                        if matches!(self.a.facts(c.id).map(|f| &f.op), Some(Op::Poll { .. })) =>
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
    }

    /// For a per-item closure region (`stream.for_each(|m| ..)`), the stream it runs over and
    /// the closure's parameters.
    pub fn each_stream(&self, kind: RegionKind<'m>) -> Option<(&'m Expr, &'m [Param])> {
        let RegionKind::Closure {
            call: Some(call),
            each: Some(_),
            ..
        } = kind
        else {
            return None;
        };
        let call = self.call_by_id(call)?;
        let (stream, _) = call.func.as_method()?;
        let params = call.args.iter().find_map(|a| match &a.value {
            Expr::Closure(c) => Some(c.params.as_slice()),
            _ => None,
        })?;
        Some((stream, params))
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
        self.is_effect_on(call, self.message_names(body))
    }

    /// [`FileAnalysis::is_effect_on_message`], the message's data held by `names`.
    pub fn is_effect_on(&self, call: &Call, names: &HashSet<&'m str>) -> bool {
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
        let console = (call.func.as_method())
            .and_then(|(recv, _)| recv.dotted())
            .is_some_and(|d| crate::knowledge::vocab::is_console_stream(&d));
        if console {
            return false;
        }
        call.args
            .iter()
            .any(|a| self.refs_message_data(&a.value, names))
    }
}
