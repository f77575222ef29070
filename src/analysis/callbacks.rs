//! What a delivery callback does with a delivery report (the inventory's "delivery callback"):
//! records it (writes state, raises, calls something that is not logging), only logs it, or
//! nothing at all. A callback that only logs is not a check: nothing downstream can see the
//! failure.

use crate::knowledge::vocab::Vocabulary;
use crate::model::visit::{self, Visitor};
use crate::model::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallbackKind {
    RecordsFailures,
    OnlyLogs,
    Empty,
}

impl CallbackKind {
    pub fn describe(self) -> &'static str {
        match self {
            CallbackKind::RecordsFailures => "records failures",
            CallbackKind::OnlyLogs => "only logs",
            CallbackKind::Empty => "empty",
        }
    }
}

/// Classifies a callback's body (a function's statements, or a lambda's) with its parameters
/// (reading the report, `msg.topic()`, `err.str()`, records nothing).
pub fn classify(block: &[Stmt], params: &[Param], vocab: &Vocabulary) -> CallbackKind {
    let mut effects = Effects {
        vocab,
        // The receiver of a method callback is where failures are recorded, not the report.
        params: (params.iter().map(|p| p.name.as_str()))
            .filter(|p| !matches!(*p, "self" | "cls"))
            .collect(),
        logs: false,
        records: false,
    };
    visit::walk_block(&mut effects, block);
    match (effects.records, effects.logs) {
        (true, _) => CallbackKind::RecordsFailures,
        (false, true) => CallbackKind::OnlyLogs,
        (false, false) => CallbackKind::Empty,
    }
}

struct Effects<'v> {
    vocab: &'v Vocabulary,
    params: Vec<&'v str>,
    logs: bool,
    records: bool,
}

impl Effects<'_> {
    /// A method of one of the callback's parameters (`msg.topic()`, `err.str()`).
    fn reads_param(&self, func: &Expr) -> bool {
        let Some((mut recv, _)) = func.as_method() else {
            return false;
        };
        loop {
            match recv {
                Expr::Name { id, .. } => return self.params.contains(&id.as_str()),
                Expr::Attr { value, .. } => recv = value,
                Expr::Call(c) => match c.func.as_method() {
                    Some((r, _)) => recv = r,
                    None => return false,
                },
                _ => return false,
            }
        }
    }
}

impl<'m> Visitor<'m> for Effects<'_> {
    fn visit_stmt(&mut self, stmt: &'m Stmt) {
        match &stmt.kind {
            // A local binding records nothing; a field, an item, or a counter (`failed += 1`,
            // which needs `global`/`nonlocal` in a callback) does.
            StmtKind::Assign {
                targets, augmented, ..
            } => {
                let local = |t: &Target| matches!(t, Target::Name(..) | Target::Underscore(_));
                if *augmented || !targets.iter().all(local) {
                    self.records = true;
                }
            }
            StmtKind::Exit {
                kind: ExitKind::Raise | ExitKind::Panic,
                ..
            } => self.records = true,
            // Rust's logging macros (`error!(..)`, `eprintln!(..)`) lower to a formatted value.
            StmtKind::Expr(Expr::Derived {
                hop: Hop::Format, ..
            }) => self.logs = true,
            _ => {}
        }
        visit::walk_stmt(self, stmt);
    }

    fn visit_expr(&mut self, e: &'m Expr) {
        if let Expr::Call(call) = e {
            match call.func.last_name() {
                // What a log line formats is not an effect.
                Some(n) if self.vocab.log_methods.contains(&n) => {
                    self.logs = true;
                    return;
                }
                Some(n) if self.vocab.pure_calls.contains(&n) => {}
                _ if self.reads_param(&call.func) => {}
                _ => self.records = true,
            }
        }
        // A lambda's body runs later, not as part of this one.
        if !matches!(e, Expr::Closure(_)) {
            visit::walk_expr(self, e);
        }
    }
}
