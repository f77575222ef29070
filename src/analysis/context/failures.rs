//! Failure paths: the failure each handles, the code it protects, whether it handles the message.

use super::{call_spine, is_commit, is_produce, FailureSite};
use crate::analysis::bound::{binding_at, Bound};
use crate::analysis::control::{Pos, RegionId, RegionKind};
use crate::analysis::resolve::{FuncRef, Value};
use crate::analysis::FileAnalysis;
use crate::knowledge::failure::FailureKind;
use crate::knowledge::Op;
use crate::model::*;
use std::collections::HashSet;

impl<'p, 'm> FileAnalysis<'p, 'm> {
    /// Every failure path of the file, classified, in walk order.
    pub fn failure_sites(&self) -> Vec<FailureSite> {
        let control = self.control();
        (0..control.regions.len() as u32)
            .map(RegionId)
            .filter(|r| control.is_failure_region(*r))
            .filter_map(|r| self.failure_site(r))
            .collect()
    }

    /// Whether a failure path of body `b` in the loop around `call` handles the call's failure
    /// (`if let Err(e) = call`, `match call { Err(..) => .. }`, a `try` around it in the
    /// loop's body): each pass tests it.
    pub fn error_tested(&self, b: BodyId, call: &Call) -> bool {
        let control = self.control();
        let Some(l) = control.pos(call.id).and_then(|p| control.enclosing_loop(p)) else {
            return false;
        };
        (0..control.regions.len() as u32)
            .map(RegionId)
            .filter(|&r| control.region(r).body == b && control.is_failure_region(r))
            .filter(|&r| (control.region(r).parent).is_some_and(|at| control.contains(l, at)))
            .any(|r| self.protected_calls(r).iter().any(|c| c.id == call.id))
    }

    /// The failure paths enclosing `pos`, innermost first.
    pub fn enclosing_failures(&self, pos: Pos) -> Vec<FailureSite> {
        self.control()
            .failure_regions(pos)
            .filter_map(|r| self.failure_site(r))
            .collect()
    }

    pub(super) fn failure_site(&self, r: RegionId) -> Option<FailureSite> {
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
        self.subject_assignment(r)
            .map(call_spine)
            .unwrap_or_default()
    }

    /// For an arm of a `match` on a name (`let result = handle(&m).await; match result`),
    /// the value the name was assigned that holds at the `match` (`bound::binding_at`: none
    /// when a pattern bound it).
    fn subject_assignment(&self, r: RegionId) -> Option<&'m Expr> {
        let control = self.control();
        let region = control.region(r);
        let RegionKind::Arm { subject, .. } = region.kind else {
            return None;
        };
        let id = matched_name(subject)?;
        let parent = region.parent?;
        let at = control
            .region(parent.region)
            .stmts
            .get(parent.index as usize)?
            .range;
        match binding_at(&self.index.body(region.body).stmts, id, at)? {
            Bound::Assigned(value) => Some(value),
            Bound::Pattern => None,
        }
    }

    /// Whether the code a failure path protects is only Kafka client housekeeping: a fetch
    /// (`poll()`: no message was received, so nothing about a message failed) or a commit
    /// (`try: consumer.commit(..) except KafkaException: consumer.commit(..)` retries the
    /// commit; no processing failed), with logging around it and the offsets it commits
    /// built there (`TopicPartition(msg.topic(), msg.partition(), msg.offset() + 1)`: a
    /// message's metadata, pure calls, the client library's offset types). A produce is
    /// processing.
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
                    || c.func.last_name().is_some_and(|n| {
                        vocab.log_methods.contains(&n)
                            || vocab.pure_calls.contains(&n)
                            || vocab.offset_types.contains(&n)
                            || vocab.message_metadata.contains(&n) && c.func.as_method().is_some()
                    })
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
            // `let result = handle(&m).await; match result { Err(e) => .. }`: the protected
            // code is the nearest earlier assignment of the matched name.
            RegionKind::Arm { subject, .. } if matched_name(subject).is_some() => {
                match self.subject_assignment(r) {
                    Some(value) => {
                        let within = value.range();
                        (self.index.calls.iter())
                            .filter(|(c, b)| {
                                *b == region.body
                                    && within.start <= c.range.start
                                    && c.range.end <= within.end
                            })
                            .map(|&(c, _)| c)
                            .collect()
                    }
                    None => Vec::new(),
                }
            }
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
        let dropped = self.dropped_batches(r);
        self.protected_calls(r)
            .iter()
            .filter(|c| !self.notifies_observer(c, r))
            .any(|c| {
                // A batch the loop collected, handed to a program function (one that also
                // commits it, too): emptied whatever happened, so a failure drops it
                // (`process_batch(&batch)`, then `batch.clear()`).
                self.facts(c.id).is_none_or(|f| f.wrapper.is_some())
                    && (c.args.iter()).any(|a| self.refs_message_data(&a.value, &dropped))
                    || !self.is_commit_call(c, body) && self.is_effect_on_message(c, body)
                    || self.facts(c.id).is_none()
                        // The message handed over as it is received (`handle(consumer.recv()
                        // .await)`): the callee's failures are the message's processing too.
                        && (c.args.iter().any(|a| self.receives(body, &a.value, true))
                            || c.func.as_method().is_some_and(|(recv, m)| {
                                !self.knowledge.vocab.message_metadata.contains(&m)
                                    && self.refs_message_data(recv, names)
                            }))
            })
    }

    /// The collections of message data (`batch`) that the code after handler `r`'s statement
    /// empties whether or not the protected code failed: a failure there loses their data.
    /// One emptied only inside the protected code is kept for the next try.
    fn dropped_batches(&self, r: RegionId) -> HashSet<&'m str> {
        let control = self.control();
        let region = control.region(r);
        let Some(stmt) = region.parent.and_then(|at| control.stmt(at)) else {
            return HashSet::new();
        };
        let within = |c: &Call| stmt.range.start <= c.range.start && c.range.end <= stmt.range.end;
        (self.message_collections(region.body).into_iter())
            .filter(|(_, empties)| empties.iter().any(|c| !within(c)))
            .map(|(n, _)| n)
            .collect()
    }

    /// Whether `c`, protected by handler `r`, tells observers about a message the code before
    /// the handler's `try` already handled (`self._handlers[t](msg.value)`, then `for callback
    /// in callbacks: callback(msg)`): a failure there is the observer's, not the message's.
    /// A callback that is the only code handed the message (`consume_messages(callback)`)
    /// is its processing.
    pub fn notifies_observer(&self, c: &Call, r: RegionId) -> bool {
        if !named_notification(c) {
            return false;
        }
        let control = self.control();
        let Some(at) = control.region(r).parent else {
            return false;
        };
        let Some(stmt) = control.stmt(at) else {
            return false;
        };
        let names = self.message_names(control.region(r).body);
        let log_methods = self.knowledge.vocab.log_methods;
        let handled = |(c, p): (&Call, Pos)| {
            control.follows(p, c.range, at, stmt.range)
                && self.facts(c.id).is_none()
                && !named_notification(c)
                && !c.func.last_name().is_some_and(|m| log_methods.contains(&m))
                && c.args
                    .iter()
                    .any(|a| self.refs_message_data(&a.value, names))
        };
        // The loops around the `try` (the message's loop may be outside the observers'). A
        // function with no loop, called once per message, that runs the callback is told
        // after its caller handled the message (`self._execute_callback(status, msg, ..)`
        // after the job ran).
        match control.enclosing_loop(at) {
            Some(l) => std::iter::successors(Some(l), |l| {
                let at = control.region(*l).parent?;
                control.enclosing_loop(at)
            })
            .any(|l| self.region_calls(l).any(handled)),
            None => true,
        }
    }

    /// Whether `c` (in `body`) calls a program function whose commits all sit in its failure
    /// handlers (a poison path: `except Exception: consumer.commit(message=msg); return
    /// None`): it commits only when its own work failed, and otherwise returns normally with
    /// nothing committed.
    pub fn commits_only_on_failure(&self, c: &Call, body: BodyId) -> bool {
        self.in_callee(c, body, |a, func| {
            let control = a.control();
            let on_failure = |p| {
                control
                    .failure_regions(p)
                    .any(|r| !matches!(control.region(r).kind, RegionKind::Finally))
            };
            let mut commits = (a.calls_of(func, false))
                .filter(|(c, _)| a.facts(c.id).is_some_and(|f| is_commit(&f.op)))
                .peekable();
            commits.peek().is_some()
                && commits.all(|(c, _)| control.pos(c.id).is_some_and(on_failure))
        })
        .unwrap_or(false)
    }

    /// Whether `c` (in `body`) commits or stores offsets: a client's commit, or a program
    /// function that commits and otherwise only logs or converts (`fn commit_message(&self,
    /// msg) { self.consumer.commit_message(msg, ..).map_err(..) }`). A failure of it is the
    /// commit's own, not one of processing the message.
    pub fn is_commit_call(&self, c: &Call, body: BodyId) -> bool {
        if let Some(f) = self.facts(c.id) {
            return is_commit(&f.op);
        }
        let vocab = &self.knowledge.vocab;
        self.in_callee(c, body, |a, func| {
            (a.calls_of(func, false)).any(|(c, _)| a.facts(c.id).is_some_and(|f| is_commit(&f.op)))
                && a.calls_of(func, false).all(|(c, _)| {
                    a.facts(c.id).is_some()
                        || c.func.last_name().is_some_and(|n| {
                            vocab.log_methods.contains(&n)
                                || vocab.pure_calls.contains(&n)
                                || vocab.passthrough_methods.contains(&n)
                                // An error value built for the caller (`MyError::Queue(..)`).
                                || n.starts_with(char::is_uppercase)
                        })
                })
        })
        .unwrap_or(false)
    }

    /// Whether a failure path's own code commits, stores, seeks, or routes the message
    /// elsewhere (a produce): it handles the message as poison rather than skipping it.
    pub fn failure_handles_message(&self, r: RegionId) -> bool {
        let body = self.control().region(r).body;
        let names = self.message_names(body);
        self.region_calls(r).any(|(c, _)| {
            self.facts(c.id)
                .is_some_and(|f| is_commit(&f.op) || is_produce(&f.op) || matches!(f.op, Op::Seek))
                || self.facts(c.id).is_none()
                    && self.helper_handles(c, body, || {
                        c.args
                            .iter()
                            .any(|a| self.refs_message_data(&a.value, names))
                    })
        })
    }

    /// Whether `c` (in `body`) calls a program function that seeks the consumer back
    /// (`resetToLastCommittedPositions(consumer)` after an aborted transaction, as in the
    /// exactly-once examples: the records are delivered again) or commits, on some path
    /// (`await self._maybe_commit()`, which commits every n-th call: the message as poison);
    /// or, when `given` (the call passes it the message's data), produces: a dead-letter
    /// helper (`self.handle_dlq_push(record.key, record.value, ..)`).
    fn helper_handles(&self, c: &Call, body: BodyId, given: impl Fn() -> bool) -> bool {
        // One walk of the helper, with the produce counted only when it is given the message.
        let handles: fn(&Op) -> bool = match given() {
            true => |op| matches!(op, Op::Seek) || is_commit(op) || is_produce(op),
            false => |op| matches!(op, Op::Seek) || is_commit(op),
        };
        self.helper_calls_op(c, body, handles)
    }

    /// Whether `c` (in `body`) calls a program function that makes a Kafka call whose `Op`
    /// satisfies `wanted` on some path: itself, in the closures it runs, or through the
    /// program functions it calls, one level more (`abortTransactionAndResetPosition`
    /// calling `resetToLastCommittedPositions`; a dead-letter helper handing the record to a
    /// writer class's `write`).
    pub(super) fn helper_calls_op(&self, c: &Call, body: BodyId, wanted: fn(&Op) -> bool) -> bool {
        self.calls_op_within(c, body, wanted, 1)
    }

    fn calls_op_within(&self, c: &Call, body: BodyId, wanted: fn(&Op) -> bool, depth: u32) -> bool {
        self.in_callee(c, body, |a, func| {
            a.calls_of(func, true).any(|(c, b)| match a.facts(c.id) {
                Some(f) => wanted(&f.op),
                None => depth > 0 && a.calls_op_within(c, b, wanted, depth - 1),
            })
        })
        .unwrap_or(false)
    }

    /// Runs `f` in the file of the program function `c` (in `body`) calls, if it calls one.
    fn in_callee<T>(
        &self,
        c: &Call,
        body: BodyId,
        f: impl FnOnce(&FileAnalysis<'p, 'm>, FuncRef) -> T,
    ) -> Option<T> {
        let Some(Value::Func(func)) = self.resolver.value(self.file, body, &c.func) else {
            return None;
        };
        self.in_file(func.file, |a| f(a, func))
    }

    /// The calls of this file's function `func`; with `closures`, also those of the closures
    /// it defines (`forEach(tp -> seek(..))`).
    fn calls_of(
        &self,
        func: FuncRef,
        closures: bool,
    ) -> impl Iterator<Item = (&'m Call, BodyId)> + '_ {
        let bodies = &self.index.module.bodies;
        let within = move |b: BodyId| {
            b == func.body || closures && bodies[b.0 as usize].parent == Some(func.body)
        };
        (self.index.calls.iter())
            .filter(move |(_, b)| within(*b))
            .copied()
    }
}

/// The name a `match` tests: `match result`, or a future bound earlier and awaited there
/// (`let fut = producer.send(..); match fut.await`).
fn matched_name(subject: &Expr) -> Option<&str> {
    match subject {
        Expr::Name { id, .. } => Some(id),
        Expr::Await { value, .. } => match &**value {
            Expr::Name { id, .. } => Some(id),
            _ => None,
        },
        _ => None,
    }
}

/// A callable named as a notification (`callback(msg, elapsed)`).
fn named_notification(c: &Call) -> bool {
    c.func.last_name().is_some_and(|n| {
        let n = n.to_ascii_lowercase();
        crate::knowledge::vocab::NOTIFICATION_CALLABLES
            .iter()
            .any(|w| n.contains(w))
    })
}
