//! Which binding of a name reaches a point of a body on every path: the suggestion rules name
//! only variables that hold their value there (catalog, "What a run promises"). A name bound
//! in a sibling branch or `select!` arm, in a loop body the point follows, or after the point
//! is not bound there. Approximate: it follows blocks, not data flow; what a nested block
//! binds (a `with` body, a Rust block) does not count after it, as in Rust.

use crate::model::Expr;
use crate::model::{Block, Stmt, StmtKind, Target, TextRange};

/// How the name got the value that reaches the point.
#[derive(Debug, Clone, Copy)]
pub enum Bound<'m> {
    /// `name = value` / `let name = value`.
    Assigned(&'m Expr),
    /// A loop target, a match arm's or `except` clause's name.
    Pattern,
}

/// The binding of `name` that holds at `at` (the start of a statement inside `stmts`).
pub fn binding_at<'m>(stmts: &'m Block, name: &str, at: TextRange) -> Option<Bound<'m>> {
    let mut found = None;
    walk(stmts, name, at, &mut found);
    found
}

fn contains(outer: TextRange, at: TextRange) -> bool {
    outer.start <= at.start && at.start < outer.end
}

fn walk<'m>(stmts: &'m [Stmt], name: &str, at: TextRange, found: &mut Option<Bound<'m>>) {
    for s in stmts {
        if s.range.end <= at.start {
            binds_after(s, name, found);
        } else if contains(s.range, at) {
            enter(s, name, at, found);
            return;
        }
    }
}

/// What a statement that ran before the point leaves bound: only its own assignment.
fn binds_after<'m>(s: &'m Stmt, name: &str, found: &mut Option<Bound<'m>>) {
    if let StmtKind::Assign { targets, value, .. } = &s.kind {
        if targets.iter().any(|t| target_binds(t, name)) {
            *found = Some(Bound::Assigned(value));
        }
    }
}

fn enter<'m>(s: &'m Stmt, name: &str, at: TextRange, found: &mut Option<Bound<'m>>) {
    let inside = |b: &[Stmt]| b.iter().any(|s| contains(s.range, at));
    match &s.kind {
        StmtKind::If { body, orelse, .. } => {
            for b in [body, orelse] {
                if inside(b) {
                    walk(b, name, at, found);
                }
            }
        }
        StmtKind::Match { arms, .. } => {
            for arm in arms.iter().filter(|a| inside(&a.body)) {
                if arm.bindings.iter().any(|b| b == name) {
                    *found = Some(Bound::Pattern);
                }
                walk(&arm.body, name, at, found);
            }
        }
        StmtKind::Loop {
            target,
            body,
            orelse,
            ..
        } => {
            if inside(body) {
                if target.as_deref().is_some_and(|t| target_binds(t, name)) {
                    *found = Some(Bound::Pattern);
                }
                walk(body, name, at, found);
            } else if inside(orelse) {
                walk(orelse, name, at, found);
            }
        }
        StmtKind::Try {
            body,
            handlers,
            orelse,
            finally,
        } => {
            if inside(body) {
                walk(body, name, at, found);
            } else if let Some(h) = handlers.iter().find(|h| inside(&h.body)) {
                if h.name.as_deref() == Some(name) {
                    *found = Some(Bound::Pattern);
                }
                walk(&h.body, name, at, found);
            } else if inside(orelse) {
                // `else` runs after the whole body.
                for s in body {
                    binds_after(s, name, found);
                }
                walk(orelse, name, at, found);
            } else if inside(finally) {
                walk(finally, name, at, found);
            }
        }
        StmtKind::Block(b) => walk(b, name, at, found),
        _ => {}
    }
}

fn target_binds(t: &Target, name: &str) -> bool {
    match t {
        Target::Name(n, _) => n == name,
        Target::Tuple(items, _) => items.iter().any(|t| target_binds(t, name)),
        _ => false,
    }
}

/// The target of the innermost `for NAME in iter_name` loop around `at`: inside a loop over a
/// batch, the loop's name is the message in hand.
pub fn loop_target_over<'m>(stmts: &'m [Stmt], iter_name: &str, at: TextRange) -> Option<&'m str> {
    let mut found = None;
    let mut block = stmts;
    while let Some(s) = block.iter().find(|s| contains(s.range, at)) {
        let inner: Vec<&[Stmt]> = match &s.kind {
            StmtKind::If { body, orelse, .. } => vec![body, orelse],
            StmtKind::Match { arms, .. } => arms.iter().map(|a| &a.body[..]).collect(),
            StmtKind::Loop {
                target,
                iter,
                body,
                orelse,
                ..
            } => {
                let over = matches!(iter, Some(Expr::Name { id, .. }) if id == iter_name);
                if let (true, Some(Target::Name(n, _))) = (over, target.as_deref()) {
                    if body.iter().any(|s| contains(s.range, at)) {
                        found = Some(n.as_str());
                    }
                }
                vec![body, orelse]
            }
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finally,
            } => {
                let mut v: Vec<&[Stmt]> = vec![body, orelse, finally];
                v.extend(handlers.iter().map(|h| &h.body[..]));
                v
            }
            StmtKind::Block(b) => vec![b],
            _ => break,
        };
        match inner
            .into_iter()
            .find(|b| b.iter().any(|s| contains(s.range, at)))
        {
            Some(b) => block = b,
            None => break,
        }
    }
    found
}
