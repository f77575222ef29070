//! Per-body index of what is assigned to each name, filled by the shared walk and read by the
//! binding and configuration analyses; and the file's control context (`control.rs`), built
//! by the same walk.

use foldhash::HashMap;

use super::control::{Control, Pos};
use super::names::Names;
use super::uses::{End, ResultUse};
use super::walk::{Hooks, Site};
use crate::knowledge::vocab::Vocabulary;
use crate::model::*;

/// A struct literal: its type path and its field initialisers.
pub type Record<'m> = (&'m [String], &'m [(String, Expr)]);

/// Where each local name of one body gets its value.
#[derive(Debug, Default)]
pub struct BodyIndex<'m> {
    /// `x = value` (and `let x = value`, `with v as x`), in source order, with the annotation.
    pub assigns: HashMap<&'m str, Vec<(&'m Expr, Option<&'m TypeRef>)>>,
    /// `a, b = value`: the name and its position in the tuple.
    pub tuple_assigns: HashMap<&'m str, Vec<(&'m Expr, usize)>>,
    /// `x["key"] = value`.
    pub item_assigns: HashMap<&'m str, Vec<(&'m Expr, &'m Expr)>>,
    /// `self.attr[key] = value` (Python): the field and the value.
    /// `self.attr[key] = value`: the attribute, the key and the value.
    pub self_item_assigns: Vec<(&'m str, &'m Expr, &'m Expr)>,
    /// Method calls on the name, directly or down a call chain: `x.update({..})`,
    /// `cfg.set(k, v).set(k2, v2)`.
    pub method_calls: HashMap<&'m str, Vec<&'m Call>>,
    /// `self.attr = value` (Python) in this body, with its annotation (`self.x: T = v`).
    pub self_attr_assigns: Vec<(&'m str, &'m Expr, Option<&'m TypeRef>)>,
    /// `a.b.attr = value` or `a.attr = value`, an attribute set on something other than the
    /// method's own `self` (`app.state.producer = ..`, `worker.producer = ..`): the holder, the
    /// attribute and the value.
    pub nested_attr_assigns: Vec<(&'m Expr, &'m str, &'m Expr)>,
    /// `for target in iter` loops.
    pub for_loops: Vec<(&'m Target, &'m Expr)>,
    /// Struct literals built in this body.
    pub records: Vec<Record<'m>>,
    /// Values the body returns (`return x`, Rust tails).
    pub returns: Vec<&'m Expr>,
    /// Values the body yields (a generator: `@contextmanager`, pytest fixtures).
    pub yields: Vec<&'m Expr>,
    /// Every assignment with its position, in walk order.
    pub assign_sites: Vec<(&'m Target, &'m Expr, Pos)>,
    /// Functions defined directly inside this body (not methods), by name.
    pub functions: Vec<(&'m str, BodyId)>,
}

impl BodyIndex<'_> {
    /// Gives back what the walk's pushes reserved beyond the entries (a vector grows to 4
    /// entries at its first push, then doubles): indexes are kept for every indexed file
    /// until the run ends.
    fn shrink(&mut self) {
        fn lists<K: std::hash::Hash + Eq, V>(map: &mut HashMap<K, Vec<V>>) {
            map.values_mut().for_each(Vec::shrink_to_fit);
            map.shrink_to_fit();
        }
        lists(&mut self.assigns);
        lists(&mut self.tuple_assigns);
        lists(&mut self.item_assigns);
        lists(&mut self.method_calls);
        self.self_item_assigns.shrink_to_fit();
        self.self_attr_assigns.shrink_to_fit();
        self.nested_attr_assigns.shrink_to_fit();
        self.for_loops.shrink_to_fit();
        self.records.shrink_to_fit();
        self.returns.shrink_to_fit();
        self.yields.shrink_to_fit();
        self.assign_sites.shrink_to_fit();
        self.functions.shrink_to_fit();
    }
}

/// Fills one `BodyIndex` per body and, for the whole file, the calls in walk order with the
/// use of each result.
struct Indexer<'m, 'a> {
    bodies: &'a [Body],
    indexes: Vec<BodyIndex<'m>>,
    calls: Vec<(&'m Call, BodyId)>,
    uses: Vec<ResultUse>,
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
        index.assign_sites.push((target, value, site.pos));
        match target {
            Target::Name(name, _) => index
                .assigns
                .entry(name)
                .or_default()
                .push((value, annotation)),
            Target::Index {
                value: base, key, ..
            } => match &**base {
                Expr::Name { id, .. } => {
                    index.item_assigns.entry(id).or_default().push((key, value))
                }
                Expr::Attr {
                    value: holder,
                    attr,
                    ..
                } if matches!(&**holder, Expr::Name { id, .. } if Some(id.as_str()) == self_name) => {
                    index.self_item_assigns.push((attr, key, value))
                }
                _ => {}
            },
            Target::Attr {
                value: base, attr, ..
            } => {
                if matches!(&**base, Expr::Name { id, .. } if Some(id.as_str()) == self_name) {
                    index.self_attr_assigns.push((attr, value, annotation));
                } else if matches!(&**base, Expr::Attr { .. } | Expr::Name { .. }) {
                    index.nested_attr_assigns.push((base, attr, value));
                }
            }
            Target::Tuple(elts, _) => {
                for (i, t) in elts.iter().enumerate() {
                    if let Target::Name(name, _) = t {
                        index
                            .tuple_assigns
                            .entry(name)
                            .or_default()
                            .push((value, i));
                    }
                }
            }
            _ => {}
        }
    }

    fn bind(&mut self, name: &'m str, value: &'m Expr, site: Site) {
        let index = &mut self.indexes[site.body.0 as usize];
        index.assigns.entry(name).or_default().push((value, None));
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

    fn output(&mut self, value: &'m Expr, yielded: bool, site: Site) {
        let index = &mut self.indexes[site.body.0 as usize];
        if yielded {
            index.yields.push(value);
        } else {
            index.returns.push(value);
        }
    }
}

/// Everything the shared walk learns about one file, computed once (in parallel, in the
/// engine's first phase) and read by this file's analysis and by other files' resolution.
pub struct FileIndex<'m> {
    pub module: &'m Module,
    pub names: Names,
    pub bodies: Vec<BodyIndex<'m>>,
    /// Every call, in walk order, with the body it is in.
    pub calls: Vec<(&'m Call, BodyId)>,
    /// Indexed by `CallId`: where each call's result goes.
    pub uses: Vec<ResultUse>,
    /// Indexed by `CallId`: the position of the call in `calls`.
    by_id: Vec<u32>,
    /// Regions, call positions and exits.
    pub control: Control<'m>,
}

impl<'m> FileIndex<'m> {
    pub fn new(module: &'m Module, vocab: &Vocabulary) -> Self {
        let count = module.call_count as usize;
        let mut indexer = Indexer {
            bodies: &module.bodies,
            indexes: module.bodies.iter().map(|_| BodyIndex::default()).collect(),
            calls: Vec::with_capacity(count),
            uses: vec![ResultUse::new(End::Used); count],
        };
        let mut control = Control::new(module.call_count, module.bodies.len());
        for (i, body) in module.bodies.iter().enumerate() {
            super::walk::walk_body(body, BodyId(i as u32), vocab, &mut control, &mut indexer);
        }
        for (i, body) in module.bodies.iter().enumerate() {
            if let (Some(parent), None) = (body.parent, &body.class) {
                let nested = (body.name.as_str(), BodyId(i as u32));
                indexer.indexes[parent.0 as usize].functions.push(nested);
            }
        }
        let mut by_id = vec![u32::MAX; count];
        for (i, (call, _)) in indexer.calls.iter().enumerate() {
            if let Some(slot) = by_id.get_mut(call.id.0 as usize) {
                *slot = i as u32;
            }
        }
        let names = Names::new(module);
        // `sys.exit(..)`, `std::process::exit(..)`: exits, known once names are.
        for (call, _) in &indexer.calls {
            if is_process_exit(&names, vocab, call) {
                control.process_exit(call.id);
            }
        }
        control.finish();
        indexer.indexes.iter_mut().for_each(BodyIndex::shrink);
        FileIndex {
            module,
            names,
            bodies: indexer.indexes,
            calls: indexer.calls,
            uses: indexer.uses,
            by_id,
            control,
        }
    }

    /// A call of this file by id.
    pub fn call(&self, id: CallId) -> Option<&'m Call> {
        let i = *self.by_id.get(id.0 as usize)?;
        self.calls.get(i as usize).map(|(c, _)| *c)
    }

    pub fn body(&self, id: BodyId) -> &'m Body {
        &self.module.bodies[id.0 as usize]
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

/// Whether `call` ends the process (`sys.exit(1)`, `os._exit(0)`, `std::process::exit(1)`).
fn is_process_exit(names: &Names, vocab: &Vocabulary, call: &Call) -> bool {
    // Most calls are method calls, ruled out by their attribute before qualifying (which
    // allocates); a bare name may be an alias (`from sys import exit as quit`). Each call of
    // every indexed file comes here: the dotted names are compared in place, not split.
    if let Expr::Attr { attr, .. } = &call.func {
        if !(vocab.process_exits.iter()).any(|p| ends_with_part(p, attr)) {
            return false;
        }
    }
    let Some(q) = names.qualify_expr(&call.func) else {
        return false;
    };
    vocab.process_exits.iter().any(|p| {
        let parts = p.split('.').count();
        q.len() >= parts
            && (parts > 1 || q.len() == 1)
            && q[q.len() - parts..]
                .iter()
                .map(String::as_str)
                .eq(p.split('.'))
    })
}

/// Whether the dotted name `dotted` ends with the part `part` (`sys.exit`, `exit`).
fn ends_with_part(dotted: &str, part: &str) -> bool {
    dotted
        .strip_suffix(part)
        .is_some_and(|rest| rest.is_empty() || rest.ends_with('.'))
}
