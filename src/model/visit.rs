//! Read-only traversal of the model. Analyses implement the hooks they need; the default
//! methods walk into children, so an override that still wants children calls `walk_*`.

use super::*;

pub trait Visitor<'m> {
    fn visit_stmt(&mut self, stmt: &'m Stmt) {
        walk_stmt(self, stmt);
    }
    fn visit_expr(&mut self, expr: &'m Expr) {
        walk_expr(self, expr);
    }
    fn visit_target(&mut self, target: &'m Target) {
        walk_target(self, target);
    }
}

pub fn walk_block<'m, V: Visitor<'m> + ?Sized>(v: &mut V, block: &'m [Stmt]) {
    for stmt in block {
        v.visit_stmt(stmt);
    }
}

pub fn walk_stmt<'m, V: Visitor<'m> + ?Sized>(v: &mut V, stmt: &'m Stmt) {
    match &stmt.kind {
        StmtKind::Expr(e) => v.visit_expr(e),
        StmtKind::Assign { targets, value, .. } => {
            v.visit_expr(value);
            for t in targets {
                v.visit_target(t);
            }
        }
        StmtKind::If { test, body, orelse } => {
            v.visit_expr(test);
            walk_block(v, body);
            walk_block(v, orelse);
        }
        StmtKind::Match { subject, arms } => {
            v.visit_expr(subject);
            for arm in arms {
                walk_block(v, &arm.body);
            }
        }
        StmtKind::Loop {
            target,
            iter,
            body,
            orelse,
            ..
        } => {
            if let Some(iter) = iter {
                v.visit_expr(iter);
            }
            if let Some(t) = target {
                v.visit_target(t);
            }
            walk_block(v, body);
            walk_block(v, orelse);
        }
        StmtKind::Try {
            body,
            handlers,
            orelse,
            finally,
        } => {
            walk_block(v, body);
            for h in handlers {
                for t in &h.types {
                    v.visit_expr(t);
                }
                walk_block(v, &h.body);
            }
            walk_block(v, orelse);
            walk_block(v, finally);
        }
        StmtKind::Exit { value, .. } => {
            if let Some(e) = value {
                v.visit_expr(e);
            }
        }
        StmtKind::Block(b) => walk_block(v, b),
    }
}

pub fn walk_target<'m, V: Visitor<'m> + ?Sized>(v: &mut V, target: &'m Target) {
    match target {
        Target::Attr { value, .. } => v.visit_expr(value),
        Target::Index { value, key, .. } => {
            v.visit_expr(value);
            v.visit_expr(key);
        }
        Target::Tuple(ts, _) => {
            for t in ts {
                v.visit_target(t);
            }
        }
        Target::Name(..) | Target::Underscore(_) | Target::Other(_) => {}
    }
}

pub fn walk_expr<'m, V: Visitor<'m> + ?Sized>(v: &mut V, expr: &'m Expr) {
    match expr {
        Expr::Name { .. } | Expr::Lit { .. } | Expr::Opaque { .. } => {}
        Expr::Attr { value, .. } | Expr::Await { value, .. } | Expr::Try { value, .. } => {
            v.visit_expr(value)
        }
        Expr::Call(call) => {
            v.visit_expr(&call.func);
            for a in &call.args {
                v.visit_expr(&a.value);
            }
        }
        Expr::Dict { items, .. } => {
            for (k, val) in items {
                if let Some(k) = k {
                    v.visit_expr(k);
                }
                v.visit_expr(val);
            }
        }
        Expr::Seq { elts: parts, .. } | Expr::Derived { parts, .. } => {
            for p in parts {
                v.visit_expr(p);
            }
        }
        Expr::Record(r) => {
            for (_, e) in &r.fields {
                v.visit_expr(e);
            }
        }
        Expr::Closure(c) => walk_block(v, &c.body),
    }
}

/// Whether `name` is read anywhere in `block` (a name expression; a nested closure's own
/// parameter of that name is not told apart).
pub fn reads_name(block: &[Stmt], name: &str) -> bool {
    struct Reads<'a> {
        name: &'a str,
        found: bool,
    }
    impl<'m> Visitor<'m> for Reads<'_> {
        fn visit_expr(&mut self, expr: &'m Expr) {
            if self.found {
                return;
            }
            match expr {
                Expr::Name { id, .. } if id == self.name => self.found = true,
                _ => walk_expr(self, expr),
            }
        }
    }
    let mut v = Reads { name, found: false };
    walk_block(&mut v, block);
    v.found
}
