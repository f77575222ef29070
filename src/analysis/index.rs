//! Per-body index of what is assigned to each name, built once and shared by the binding and
//! configuration analyses.

use std::collections::HashMap;

use crate::model::visit::{self, Visitor};
use crate::model::*;

/// A struct literal: its type path and its field initialisers.
pub type Record<'m> = (&'m [String], &'m [(String, Expr)]);

/// Where each local name of one body gets its value.
#[derive(Debug, Default)]
pub struct BodyIndex<'m> {
    /// `x = value` (and `let x = value`, `with v as x`), in source order, with the annotation.
    pub assigns: HashMap<&'m str, Vec<(&'m Expr, Option<&'m TypeRef>)>>,
    /// `x["key"] = value`.
    pub item_assigns: HashMap<&'m str, Vec<(&'m Expr, &'m Expr)>>,
    /// Method calls on the name, directly or down a call chain: `x.update({..})`,
    /// `cfg.set(k, v).set(k2, v2)`.
    pub method_calls: HashMap<&'m str, Vec<&'m Call>>,
    /// `self.attr = value` (Python) in this body.
    pub self_attr_assigns: Vec<(&'m str, &'m Expr)>,
    /// `for target in iter` loops.
    pub for_loops: Vec<(&'m Target, &'m Expr)>,
    /// Struct literals built in this body.
    pub records: Vec<Record<'m>>,
}

impl<'m> BodyIndex<'m> {
    pub fn new(body: &'m Body) -> Self {
        let mut v = IndexVisitor {
            index: BodyIndex::default(),
            self_name: body.self_name.as_deref(),
        };
        visit::walk_block(&mut v, &body.stmts);
        v.index
    }
}

struct IndexVisitor<'m, 's> {
    index: BodyIndex<'m>,
    self_name: Option<&'s str>,
}

impl<'m> IndexVisitor<'m, '_> {
    fn target(&mut self, target: &'m Target, value: &'m Expr, annotation: Option<&'m TypeRef>) {
        match target {
            Target::Name(name, _) => self
                .index
                .assigns
                .entry(name)
                .or_default()
                .push((value, annotation)),
            Target::Index {
                value: Expr::Name { id, .. },
                key,
                ..
            } => self
                .index
                .item_assigns
                .entry(id)
                .or_default()
                .push((key, value)),
            Target::Attr {
                value: Expr::Name { id, .. },
                attr,
                ..
            } if Some(id.as_str()) == self.self_name => {
                self.index.self_attr_assigns.push((attr, value))
            }
            _ => {}
        }
    }
}

impl<'m> Visitor<'m> for IndexVisitor<'m, '_> {
    fn visit_stmt(&mut self, stmt: &'m Stmt) {
        match &stmt.kind {
            StmtKind::Assign {
                targets,
                value,
                annotation,
                ..
            } => {
                for t in targets {
                    self.target(t, value, annotation.as_ref());
                }
            }
            StmtKind::Loop {
                target: Some(t),
                iter: Some(iter),
                ..
            } => self.index.for_loops.push((t, iter)),
            _ => {}
        }
        visit::walk_stmt(self, stmt);
    }

    fn visit_expr(&mut self, expr: &'m Expr) {
        match expr {
            Expr::Call(call) => {
                if let Some(root) = chain_root(&call.func) {
                    self.index.method_calls.entry(root).or_default().push(call);
                }
            }
            Expr::Record { ty, fields, .. } => self.index.records.push((ty, fields)),
            _ => {}
        }
        visit::walk_expr(self, expr);
    }
}

/// The name a method-call chain starts from: `cfg` for `cfg.set(a, b).set(c, d)`.
pub fn chain_root(func: &Expr) -> Option<&str> {
    let mut e = func.as_method()?.0;
    for _ in 0..64 {
        match e {
            Expr::Name { id, .. } => return Some(id),
            Expr::Call(c) => e = c.func.as_method()?.0,
            _ => return None,
        }
    }
    None
}
