//! What happens to each call's result: thrown away, bound, awaited, unwrapped, passed on.
//! OL201/OL202 (and later OL203) read this instead of looking at statements themselves, so
//! Python's `_ = producer.flush()` and Rust's `let _ = producer.flush(t);` are one case.

use crate::knowledge::vocab::Vocabulary;
use crate::model::*;

/// A step applied to a value before it reaches its final use, innermost first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Adapter {
    Await,
    /// `?`, `.unwrap()`, `.expect(..)`: the error is observed (propagated or panics).
    Unwrap,
    /// `.ok()`, `.unwrap_or(..)`, `.unwrap_or_default()`: the error is thrown away.
    Discard,
}

/// Where a value ends up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// An expression statement: the value is dropped.
    Discarded,
    /// `_ = x` / `let _ = x`, or `drop(x)`.
    Underscore,
    /// Bound to a name.
    Bound(String),
    /// A method is called on it (`.get()`, `.add_callback(..)`, `.map(..)`).
    Method(String),
    /// Passed on: an argument, returned, compared, stored in a structure, a condition.
    Used,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultUse {
    pub adapters: Vec<Adapter>,
    pub end: End,
}

impl ResultUse {
    fn new(end: End) -> Self {
        ResultUse {
            adapters: Vec::new(),
            end,
        }
    }

    fn through(&self, adapter: Adapter) -> Self {
        let mut adapters = Vec::with_capacity(self.adapters.len() + 1);
        adapters.push(adapter);
        adapters.extend_from_slice(&self.adapters);
        ResultUse {
            adapters,
            end: self.end.clone(),
        }
    }

    /// Whether the outcome of an operation is observed, given that the outcome is reached
    /// after `awaits` awaits and that a failed outcome `raises` (Python) rather than being
    /// a value (Rust `Result`). Before the outcome the value is a handle (a future, a
    /// `Result<DeliveryFuture, _>`): unwrapping or discarding its error passes it through.
    pub fn observes_outcome(&self, awaits: u8, raises: bool) -> bool {
        let mut pending = awaits;
        for adapter in &self.adapters {
            match adapter {
                Adapter::Await => pending = pending.saturating_sub(1),
                Adapter::Unwrap if pending == 0 => return true,
                Adapter::Discard if pending == 0 => return false,
                Adapter::Unwrap | Adapter::Discard => {}
            }
        }
        match &self.end {
            End::Discarded | End::Underscore => pending == 0 && raises,
            End::Bound(_) | End::Method(_) | End::Used => true,
        }
    }
}

/// Computes the use of every call's result in a module.
pub fn compute(module: &Module, vocab: &Vocabulary) -> Vec<ResultUse> {
    let mut uses = vec![ResultUse::new(End::Used); module.call_count as usize];
    let mut w = UseWalker {
        uses: &mut uses,
        vocab,
    };
    for body in &module.bodies {
        w.block(&body.stmts);
    }
    uses
}

struct UseWalker<'u> {
    uses: &'u mut Vec<ResultUse>,
    vocab: &'u Vocabulary,
}

impl UseWalker<'_> {
    fn block(&mut self, stmts: &[Stmt]) {
        for s in stmts {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, stmt: &Stmt) {
        let used = ResultUse::new(End::Used);
        match &stmt.kind {
            StmtKind::Expr(e) => self.expr(e, ResultUse::new(End::Discarded)),
            StmtKind::Assign { targets, value, .. } => {
                let end = match targets.as_slice() {
                    [Target::Underscore(_)] => End::Underscore,
                    [Target::Name(n, _)] => End::Bound(n.clone()),
                    _ => End::Used,
                };
                self.expr(value, ResultUse::new(end));
                for t in targets {
                    self.target(t);
                }
            }
            StmtKind::If { test, body, orelse } => {
                self.expr(test, used);
                self.block(body);
                self.block(orelse);
            }
            StmtKind::Match { subject, arms } => {
                self.expr(subject, used);
                for arm in arms {
                    self.block(&arm.body);
                }
            }
            StmtKind::Loop {
                target,
                iter,
                body,
                orelse,
                ..
            } => {
                if let Some(i) = iter {
                    self.expr(i, used);
                }
                if let Some(t) = target {
                    self.target(t);
                }
                self.block(body);
                self.block(orelse);
            }
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finally,
            } => {
                self.block(body);
                for h in handlers {
                    for t in &h.types {
                        self.expr(t, used.clone());
                    }
                    self.block(&h.body);
                }
                self.block(orelse);
                self.block(finally);
            }
            StmtKind::Exit { value, .. } => {
                if let Some(v) = value {
                    self.expr(v, used);
                }
            }
            StmtKind::Block(b) => self.block(b),
        }
    }

    fn target(&mut self, t: &Target) {
        match t {
            Target::Attr { value, .. } => self.expr(value, ResultUse::new(End::Used)),
            Target::Index { value, key, .. } => {
                self.expr(value, ResultUse::new(End::Used));
                self.expr(key, ResultUse::new(End::Used));
            }
            Target::Tuple(ts, _) => ts.iter().for_each(|t| self.target(t)),
            _ => {}
        }
    }

    fn expr(&mut self, e: &Expr, u: ResultUse) {
        let used = || ResultUse::new(End::Used);
        match e {
            Expr::Call(call) => {
                if let Some(slot) = self.uses.get_mut(call.id.0 as usize) {
                    *slot = u;
                }
                let drop_call = matches!(
                    call.func.dotted().as_deref(),
                    Some(["drop"]) | Some([.., "mem", "drop"])
                );
                match call.func.as_method() {
                    Some((recv, m)) => {
                        let recv_use = if self.vocab.unwrap_methods.contains(&m) {
                            self.uses[call.id.0 as usize].through(Adapter::Unwrap)
                        } else if self.vocab.discard_methods.contains(&m) {
                            self.uses[call.id.0 as usize].through(Adapter::Discard)
                        } else if self.vocab.passthrough_methods.contains(&m) {
                            self.uses[call.id.0 as usize].clone()
                        } else {
                            ResultUse::new(End::Method(m.to_string()))
                        };
                        self.expr(recv, recv_use);
                    }
                    None => self.expr(&call.func, used()),
                }
                for a in &call.args {
                    let arg_use = if drop_call {
                        ResultUse::new(End::Underscore)
                    } else {
                        used()
                    };
                    self.expr(&a.value, arg_use);
                }
            }
            Expr::Await { value, .. } => self.expr(value, u.through(Adapter::Await)),
            Expr::Try { value, .. } => self.expr(value, u.through(Adapter::Unwrap)),
            Expr::Attr { value, .. } => self.expr(value, used()),
            Expr::Dict { items, .. } => {
                for (k, v) in items {
                    if let Some(k) = k {
                        self.expr(k, used());
                    }
                    self.expr(v, used());
                }
            }
            Expr::Seq { elts: parts, .. } | Expr::Derived { parts, .. } => {
                parts.iter().for_each(|p| self.expr(p, used()))
            }
            Expr::Record { fields, .. } => fields.iter().for_each(|(_, v)| self.expr(v, used())),
            Expr::Closure { body, .. } => self.block(body),
            Expr::Name { .. } | Expr::Lit { .. } | Expr::Opaque { .. } => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Adapter::*;
    use super::*;

    fn u(adapters: &[Adapter], end: End) -> ResultUse {
        ResultUse {
            adapters: adapters.to_vec(),
            end,
        }
    }

    #[test]
    fn delivery_outcomes() {
        // kafka-python `producer.send(..)` / `.get()` / `fut = ..`
        assert!(!u(&[], End::Discarded).observes_outcome(1, true));
        assert!(u(&[], End::Method("get".into())).observes_outcome(1, true));
        assert!(u(&[], End::Bound("fut".into())).observes_outcome(1, true));
        // aiokafka: `await producer.send(..)` leaves the delivery future unobserved;
        // `await (await producer.send(..))` raises on failure.
        assert!(!u(&[Await], End::Discarded).observes_outcome(2, true));
        assert!(u(&[Await, Await], End::Discarded).observes_outcome(2, true));
        // rdkafka FutureProducer: `.await;`, `let _ = ..await`, `.await.ok()` lose the error;
        // `.await?` and `.await.unwrap()` observe it.
        assert!(!u(&[Await], End::Discarded).observes_outcome(1, false));
        assert!(!u(&[Await], End::Underscore).observes_outcome(1, false));
        assert!(!u(&[Await, Discard], End::Discarded).observes_outcome(1, false));
        assert!(u(&[Await, Unwrap], End::Discarded).observes_outcome(1, false));
        // send_result: `?` on the Result<DeliveryFuture> still drops the future.
        assert!(!u(&[Unwrap], End::Discarded).observes_outcome(1, false));
        assert!(u(&[Unwrap, Await, Unwrap], End::Discarded).observes_outcome(1, false));
        // flush: `producer.flush(t);`, `_ = producer.flush()`, `.ok()` vs `?` and a binding.
        assert!(!u(&[], End::Discarded).observes_outcome(0, false));
        assert!(!u(&[], End::Underscore).observes_outcome(0, false));
        assert!(!u(&[Discard], End::Discarded).observes_outcome(0, false));
        assert!(u(&[Unwrap], End::Discarded).observes_outcome(0, false));
        assert!(u(&[], End::Bound("remaining".into())).observes_outcome(0, false));
        assert!(u(&[], End::Used).observes_outcome(0, false));
    }
}
