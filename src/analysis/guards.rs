//! Branches a function's own parameters decide: the catalog's "a wrapper (or a subclass
//! override) whose own `message`/`offsets` parameters decide whether it commits a message or
//! the position is not a finding itself". `if message is None: return self._c.commit()`
//! beside `self._c.commit(message=message)`: the position branch is taken only when the
//! caller passed no message, so the callers are judged (through the forwarded slot), not the
//! wrapper.

use super::facts::forwarded_params;
use super::FileAnalysis;
use crate::knowledge::Op;
use crate::model::visit::{self, Visitor};
use crate::model::*;

/// The tests (`if` conditions, `match` subjects) of the branches that enclose `at` in
/// `block`, outermost first. Closures are not entered: their statements run elsewhere.
pub fn enclosing_tests(block: &[Stmt], at: TextRange) -> Vec<&Expr> {
    let mut tests = Vec::new();
    let mut block = block;
    'descend: loop {
        let Some(stmt) = block.iter().find(|s| contains(s.range, at)) else {
            return tests;
        };
        let inner: &[&Block] = match &stmt.kind {
            StmtKind::If { test, body, orelse } => {
                tests.push(test);
                &[body, orelse]
            }
            StmtKind::Match { subject, arms } => {
                tests.push(subject);
                for arm in arms {
                    if contains(arm.range, at) {
                        block = &arm.body;
                        continue 'descend;
                    }
                }
                return tests;
            }
            StmtKind::Loop { body, orelse, .. } => &[body, orelse],
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finally,
            } => {
                if let Some(h) = handlers.iter().find(|h| contains(h.range, at)) {
                    block = &h.body;
                    continue 'descend;
                }
                &[body, orelse, finally]
            }
            StmtKind::Block(b) => &[b],
            _ => return tests,
        };
        match inner
            .iter()
            .find(|b| b.iter().any(|s| contains(s.range, at)))
        {
            Some(b) => block = b,
            None => return tests,
        }
    }
}

/// Whether `e` reads one of `names` (a bare name, or the root of an attribute or call).
pub fn reads_any(e: &Expr, names: &[&str]) -> bool {
    struct Reads<'a> {
        names: &'a [&'a str],
        found: bool,
    }
    impl<'x> Visitor<'x> for Reads<'_> {
        fn visit_expr(&mut self, e: &'x Expr) {
            if self.found {
                return;
            }
            match e {
                Expr::Name { id, .. } if self.names.contains(&id.as_str()) => self.found = true,
                Expr::Closure(_) => {}
                _ => visit::walk_expr(self, e),
            }
        }
    }
    let mut v = Reads {
        names,
        found: false,
    };
    v.visit_expr(e);
    v.found
}

fn contains(outer: TextRange, inner: TextRange) -> bool {
    outer.start <= inner.start && inner.end <= outer.end
}

impl FileAnalysis<'_, '_> {
    /// Whether the position-wide commit `call` in `body` is a wrapper's branch for callers
    /// that pass nothing: a test above it reads a parameter that another commit of the same
    /// function passes as its message or offsets. Its callers are judged instead.
    pub fn commit_decided_by_params(&self, call: &Call, body: BodyId) -> bool {
        let b = self.index.body(body);
        let params: Vec<&str> = self
            .index
            .calls
            .iter()
            .filter(|(c, cb)| *cb == body && c.id != call.id)
            .filter_map(|(c, _)| self.facts(c.id))
            .filter_map(|f| match &f.op {
                Op::Commit { offsets } => Some(forwarded_params(b, &f.args, offsets)),
                _ => None,
            })
            .flatten()
            .map(|(_, p)| p.name.as_str())
            .collect();
        !params.is_empty()
            && enclosing_tests(&b.stmts, call.range)
                .iter()
                .any(|t| reads_any(t, &params))
    }
}
