//! A delivery callback whose only effect is to complete a future (or a result object) that
//! the wrapper returns, as kafka-python's own `send` is built: the outcome reaches the caller
//! through that future only, so the wrapper's callers inherit the obligation to look at it
//! (catalog, "Obligations pass through wrappers").

use crate::knowledge::vocab::Vocabulary;
use crate::model::visit::{walk_block, walk_expr, walk_target, Visitor};
use crate::model::*;

/// Methods that complete a future with the delivery's outcome: `asyncio`/`concurrent.futures`
/// (`set_result`, `set_exception`), kafka-python's `FutureProduceResult` (`success`,
/// `failure`).
const COMPLETIONS: &[&str] = &["set_result", "set_exception", "success", "failure"];

/// The future that a delivery callback (its statements `block`: a lambda's, or a function's)
/// only completes: every call it makes completes that one future (`fut.set_result(msg)`,
/// `loop.call_soon_threadsafe(fut.set_exception, exc)`), logs, or builds a value (an
/// exception). `None` when it does anything else (records the failure, raises, retries).
pub fn completed_future(block: &[Stmt], vocab: &Vocabulary) -> Option<String> {
    let mut calls = Calls {
        calls: Vec::new(),
        stores: false,
    };
    walk_block(&mut calls, block);
    // A callback that stores something (`self.failed = err`, `errors[k] = ..`) records the
    // outcome where the caller can see it without the future.
    if calls.stores {
        return None;
    }
    let mut future: Option<String> = None;
    for call in calls.calls {
        let completed = completion_target(&call.func).or_else(|| {
            // `loop.call_soon_threadsafe(fut.set_result, msg)`: completed on the loop's thread.
            (call.func.last_name() == Some("call_soon_threadsafe"))
                .then(|| call.args.first())
                .flatten()
                .and_then(|a| completion_target(&a.value))
        });
        match completed {
            Some(name) if future.as_deref().is_none_or(|f| f == name) => {
                future = Some(name.to_string())
            }
            Some(_) => return None,
            None if harmless(call, vocab) => {}
            None => return None,
        }
    }
    future
}

/// `fut.set_result` (as a callee or a callable): the future's name.
fn completion_target(func: &Expr) -> Option<&str> {
    let (recv, m) = func.as_method()?;
    match recv {
        Expr::Name { id, .. } if COMPLETIONS.contains(&m) => Some(id),
        _ => None,
    }
}

/// A call that neither acts on the delivery's outcome nor hides it: a log line, a pure
/// builtin, the construction of a value (`KafkaException(err)`).
fn harmless(call: &Call, vocab: &Vocabulary) -> bool {
    match &call.func {
        Expr::Name { id, .. } => {
            vocab.pure_calls.contains(&id.as_str())
                || id.starts_with(|c: char| c.is_ascii_uppercase())
        }
        func => {
            let is_log = func
                .last_name()
                .is_some_and(|m| vocab.log_methods.contains(&m));
            let on_logger = func.as_method().is_some_and(|(recv, _)| {
                recv.last_name()
                    .is_some_and(|n| n.to_ascii_lowercase().contains("log"))
            });
            is_log && on_logger
        }
    }
}

/// The calls a callback makes, and whether it stores into anything but a local.
struct Calls<'m> {
    calls: Vec<&'m Call>,
    stores: bool,
}

impl<'m> Visitor<'m> for Calls<'m> {
    fn visit_expr(&mut self, expr: &'m Expr) {
        if let Expr::Call(c) = expr {
            self.calls.push(c);
        }
        walk_expr(self, expr);
    }

    fn visit_target(&mut self, target: &'m Target) {
        if matches!(target, Target::Attr { .. } | Target::Index { .. }) {
            self.stores = true;
        }
        walk_target(self, target);
    }
}
