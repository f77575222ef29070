//! Flushes (OL202): whether a flush result is re-checked, and the timeout it waits for.

use super::is_produce;
use crate::analysis::control::{Exits, Pos, RegionId, RegionKind};
use crate::analysis::resolve::Value;
use crate::analysis::CallFacts;
use crate::analysis::FileAnalysis;
use crate::knowledge::{Op, Role};
use crate::model::*;

impl<'p, 'm> FileAnalysis<'p, 'm> {
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
        // that every call of in this file is such a back-pressure flush; or one that retries
        // the produce itself after the flush (`except BufferError: self._on_full(msg)`).
        let produces = |c: &Call| self.facts(c.id).is_some_and(|f| is_produce(&f.op));
        let retries_itself = (self.region_calls(control.body_regions[facts.body.0 as usize]))
            .any(|(c, p)| produces(c) && control.follows(pos, call.range, p, c.range));
        let callers = self.callers_in_file(facts.body);
        !callers.is_empty()
            && callers.iter().all(|c| {
                self.call_pos(c).is_some_and(|p| {
                    self.retried_after_backpressure(p, c.range)
                        || retries_itself && self.in_backpressure_handler(p)
                })
            })
    }

    /// Whether `pos` is in a handler of a back-pressure error (`BufferError`, `QueueFull`).
    fn in_backpressure_handler(&self, pos: Pos) -> bool {
        (self.control().failure_regions(pos).into_iter()).any(|r| self.handles_backpressure(r, pos))
    }

    /// Whether handler `r` catches a back-pressure error, or `pos` sits in it under a test
    /// that selects one (`Err((e, _)) => if e == KafkaError::MessageProduction(
    /// RDKafkaErrorCode::QueueFull) { .. }`, `if matches!(e, ..)`).
    fn handles_backpressure(&self, r: RegionId, pos: Pos) -> bool {
        let failure = &self.knowledge.failure;
        let control = self.control();
        let caught = control
            .failure_path(r)
            .is_some_and(|path| match &path.catch {
                Catch::Types(ts) | Catch::Variants(ts) => ts
                    .iter()
                    .any(|t| failure.is_backpressure(&self.index.names.qualify(t))),
                Catch::Any => false,
            });
        if caught {
            return true;
        }
        let mut at = pos.region;
        for _ in 0..64 {
            if at == r {
                return false;
            }
            let region = control.region(at);
            if let RegionKind::Branch { test, taken: true } = region.kind {
                if self.names_backpressure(test, 0) {
                    return true;
                }
            }
            let Some(parent) = region.parent else {
                return false;
            };
            at = parent.region;
        }
        false
    }

    /// Whether an expression names a back-pressure error variant or type anywhere in it.
    fn names_backpressure(&self, e: &Expr, depth: u32) -> bool {
        if depth > 8 {
            return false;
        }
        let named = |e: &Expr| {
            (self.index.names.qualify_expr(e))
                .is_some_and(|path| self.knowledge.failure.is_backpressure(&path))
        };
        match e {
            Expr::Attr { .. } | Expr::Name { .. } => named(e),
            Expr::Call(c) => {
                named(&c.func)
                    || c.args
                        .iter()
                        .any(|a| self.names_backpressure(&a.value, depth + 1))
            }
            Expr::Derived { parts, .. } => {
                parts.iter().any(|p| self.names_backpressure(p, depth + 1))
            }
            _ => false,
        }
    }

    /// Whether the call at `pos` (`range`) sits in a handler of a back-pressure error
    /// (`BufferError`, `QueueFull`) and the produce that raised it is retried after it: in the
    /// handler, or by a retry loop around it that leaves once the produce went through.
    fn retried_after_backpressure(&self, pos: Pos, range: TextRange) -> bool {
        let control = self.control();
        for r in control.failure_regions(pos) {
            if !self.handles_backpressure(r, pos) {
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
            // The retry is the caller's: the function produces, and every call of it in this
            // file is retried by a loop (`while not try_send(p, r): pass`, `loop { if
            // try_send(..)? { break } }`).
            let body = control.region(r).body;
            let function_produces =
                (self.index.calls.iter()).any(|(c, b)| *b == body && produces(c));
            if function_produces {
                let callers = self.callers_in_file(body);
                if !callers.is_empty()
                    && callers
                        .iter()
                        .all(|c| self.call_pos(c).is_some_and(|p| self.in_retry_loop(p)))
                {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a call at `pos` is repeated by a loop until it succeeds: it is in the header
    /// of a loop (`while not f(..)`), or in a loop that leaves (`break`, `return`).
    fn in_retry_loop(&self, pos: Pos) -> bool {
        let control = self.control();
        let in_header = (control.regions.iter())
            .any(|region| matches!(region.kind, RegionKind::Loop(_)) && region.parent == Some(pos));
        in_header
            || control.enclosing_loop(pos).is_some_and(|l| {
                matches!(control.region(l).kind, RegionKind::Loop(_))
                    && control
                        .region(l)
                        .exits
                        .any(Exits::BREAK.union(Exits::RETURN))
            })
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
        let wrapper_body = || {
            let w = facts.wrapper.as_ref()?;
            let index = self.program.index(w.at.file)?;
            index.module.bodies.iter().find(|b| b.range == w.at.range)
        };
        let Some(inner) = pick(&mut facts.args.iter().copied()) else {
            // `def flush(self, *args, **kwargs): return self._p.flush(*args, **kwargs)`: the
            // caller's own arguments fill the slot through the splats.
            return through_splats(wrapper_body()?, &facts.args, call);
        };
        let (Some(body), Expr::Name { id, .. }) = (wrapper_body(), &inner.value) else {
            return Some(&inner.value);
        };
        let Some(i) = body.params.iter().position(|p| p.name == id) else {
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

    /// What becomes of a flush's result, as OL202 judges it.
    pub fn flush_check(&self, call: &Call, facts: &CallFacts) -> FlushCheck {
        if !matches!(
            facts.op,
            Op::Flush {
                returns_result: true
            }
        ) {
            return FlushCheck::NoResult;
        }
        if facts.result.observes_outcome(0, false) {
            return FlushCheck::Checked;
        }
        // A flush without a finite timeout blocks until the queue is empty: its result is
        // always 0 / `Ok` (whether each delivery succeeded is OL201's business).
        if !is_finite(self.flush_timeout(call, facts)) {
            return FlushCheck::Drains;
        }
        if self.flush_rechecked(call, facts) {
            return FlushCheck::Checked;
        }
        FlushCheck::Ignored
    }
}

/// The timeout a wrapper's caller passes through the wrapper's `*args` / `**kwargs` splats
/// into its inner flush (`inner`): a `timeout=` keyword no parameter of the wrapper takes, or
/// the first positional argument past the wrapper's own positional parameters.
fn through_splats<'c>(wrapper: &Body, inner: &[&Arg], call: &'c Call) -> Option<&'c Expr> {
    let forwards = |kind: ParamKind, spread: Spread| {
        let param = wrapper.params.iter().find(|p| p.kind == kind)?;
        inner
            .iter()
            .any(|a| {
                a.spread == spread && matches!(&a.value, Expr::Name { id, .. } if *id == param.name)
            })
            .then_some(())
    };
    if forwards(ParamKind::VarKwargs, Spread::DoubleStar).is_some()
        && !wrapper.params.iter().any(|p| p.name == "timeout")
    {
        if let Some(a) = call
            .args
            .iter()
            .find(|a| a.name.as_deref() == Some("timeout"))
        {
            return Some(&a.value);
        }
    }
    // Only a `*args` that fills the inner call's first positional place.
    let first_positional = inner.iter().find(|a| a.name.is_none());
    let star_first = first_positional.is_some_and(|a| a.spread == Spread::Star);
    if star_first && forwards(ParamKind::VarArgs, Spread::Star).is_some() {
        let own = (wrapper.params.iter())
            .skip(usize::from(wrapper.self_name.is_some()))
            .filter(|p| p.kind == ParamKind::Regular)
            .count();
        return call.positional().nth(own).map(|a| &a.value);
    }
    None
}

/// What becomes of a flush's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FlushCheck {
    /// The client's flush reports nothing.
    NoResult,
    /// Read, or re-checked by the code around it.
    Checked,
    /// No finite timeout: it waits until the queue is empty, so nothing is left to report.
    Drains,
    /// Thrown away (OL202).
    Ignored,
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
