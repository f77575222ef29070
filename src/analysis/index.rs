//! Per-body index of what is assigned to each name, filled by the shared walk and read by the
//! binding and configuration analyses.

use std::collections::HashMap;

use super::uses::ResultUse;
use super::walk::{Hooks, Site};
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

/// Fills one `BodyIndex` per body and, for the whole file, the calls in walk order with the
/// use of each result.
pub struct Indexer<'m, 'a> {
    pub bodies: &'a [Body],
    pub indexes: Vec<BodyIndex<'m>>,
    /// Every call, in walk order, with the body it is in.
    pub calls: Vec<(&'m Call, BodyId)>,
    /// Indexed by `CallId`.
    pub uses: Vec<ResultUse>,
}

impl<'m> Hooks<'m> for Indexer<'m, '_> {
    fn call(&mut self, call: &'m Call, result: &ResultUse, site: Site) {
        self.calls.push((call, site.body));
        if let Some(slot) = self.uses.get_mut(call.id.0 as usize) {
            *slot = result.clone();
        }
        if let Some(root) = chain_root(&call.func) {
            let index = &mut self.indexes[site.body.0 as usize];
            index.method_calls.entry(root).or_default().push(call);
        }
    }

    fn assign(
        &mut self,
        target: &'m Target,
        value: &'m Expr,
        annotation: Option<&'m TypeRef>,
        site: Site,
    ) {
        let self_name = self.bodies[site.body.0 as usize].self_name.as_deref();
        let index = &mut self.indexes[site.body.0 as usize];
        match target {
            Target::Name(name, _) => index
                .assigns
                .entry(name)
                .or_default()
                .push((value, annotation)),
            Target::Index {
                value: Expr::Name { id, .. },
                key,
                ..
            } => index.item_assigns.entry(id).or_default().push((key, value)),
            Target::Attr {
                value: Expr::Name { id, .. },
                attr,
                ..
            } if Some(id.as_str()) == self_name => index.self_attr_assigns.push((attr, value)),
            _ => {}
        }
    }

    fn for_loop(&mut self, target: &'m Target, iter: &'m Expr, site: Site) {
        self.indexes[site.body.0 as usize]
            .for_loops
            .push((target, iter));
    }

    fn record(&mut self, ty: &'m [String], fields: &'m [(String, Expr)], site: Site) {
        self.indexes[site.body.0 as usize]
            .records
            .push((ty, fields));
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
