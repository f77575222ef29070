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

/// Where each local name of one body gets its value. Kept for every indexed file until the
/// run ends, so it is built compact once the walk is done (`BodyLists::finish`): name tables
/// sorted in one slice each, lists as boxed slices.
#[derive(Debug, Default)]
pub struct BodyIndex<'m> {
    /// `x = value` (and `let x = value`, `with v as x`), in source order, with the annotation.
    pub assigns: NameMap<'m, (&'m Expr, Option<&'m TypeRef>)>,
    /// `a, b = value`: the name and its position in the tuple.
    pub tuple_assigns: NameMap<'m, (&'m Expr, usize)>,
    /// `x["key"] = value`.
    pub item_assigns: NameMap<'m, (&'m Expr, &'m Expr)>,
    /// `self.attr[key] = value`: the attribute, the key and the value.
    pub self_item_assigns: Box<[(&'m str, &'m Expr, &'m Expr)]>,
    /// Method calls on the name, directly or down a call chain: `x.update({..})`,
    /// `cfg.set(k, v).set(k2, v2)`.
    pub method_calls: NameMap<'m, &'m Call>,
    /// `self.attr = value` (Python) in this body, with its annotation (`self.x: T = v`).
    pub self_attr_assigns: Box<[(&'m str, &'m Expr, Option<&'m TypeRef>)]>,
    /// `a.b.attr = value` or `a.attr = value`, an attribute set on something other than the
    /// method's own `self` (`app.state.producer = ..`, `worker.producer = ..`): the holder, the
    /// attribute and the value.
    pub nested_attr_assigns: Box<[(&'m Expr, &'m str, &'m Expr)]>,
    /// `for target in iter` loops.
    pub for_loops: Box<[(&'m Target, &'m Expr)]>,
    /// Struct literals built in this body.
    pub records: Box<[Record<'m>]>,
    /// Values the body returns (`return x`, Rust tails).
    pub returns: Box<[&'m Expr]>,
    /// Values the body yields (a generator: `@contextmanager`, pytest fixtures).
    pub yields: Box<[&'m Expr]>,
    /// Every assignment with its position, in walk order.
    pub assign_sites: Box<[(&'m Target, &'m Expr, Pos)]>,
    /// Functions defined directly inside this body (not methods), by name.
    pub functions: Box<[(&'m str, BodyId)]>,
}

/// Names of one body and the values recorded for each, in walk order: the names sorted in one
/// slice, all values in another (a hash map of vectors was a table plus a list per name, for
/// every body of every indexed file). Iteration is by length, then bytes.
#[derive(Debug)]
pub struct NameMap<'m, V> {
    /// Each name with the end of its values in `values` (they start where the previous
    /// name's end).
    names: Box<[(&'m str, u32)]>,
    values: Box<[V]>,
}

impl<V> Default for NameMap<'_, V> {
    fn default() -> Self {
        NameMap {
            names: Box::default(),
            values: Box::default(),
        }
    }
}

impl<'m, V> NameMap<'m, V> {
    fn build(map: HashMap<&'m str, Vec<V>>) -> Self {
        let mut entries: Vec<_> = map.into_iter().collect();
        entries.sort_unstable_by(|(a, _), (b, _)| order(a).cmp(&order(b)));
        let mut names = Vec::with_capacity(entries.len());
        let mut values = Vec::with_capacity(entries.iter().map(|(_, vs)| vs.len()).sum());
        for (name, vs) in entries {
            values.extend(vs);
            names.push((name, values.len() as u32));
        }
        NameMap {
            names: names.into_boxed_slice(),
            values: values.into_boxed_slice(),
        }
    }

    fn values_at(&self, i: usize) -> &[V] {
        let start = if i == 0 { 0 } else { self.names[i - 1].1 };
        &self.values[start as usize..self.names[i].1 as usize]
    }

    /// Names are sorted by length, then bytes: most probes are settled by the length alone.
    #[inline]
    fn position(&self, name: &str) -> Option<usize> {
        // Most bodies' maps are empty, and some lookups ask every body of a file.
        if self.names.is_empty() {
            return None;
        }
        (self.names)
            .binary_search_by(|(n, _)| order(n).cmp(&order(name)))
            .ok()
    }

    /// The values recorded for `name`, in walk order.
    #[inline]
    pub fn get<Q: AsRef<str> + ?Sized>(&self, name: &Q) -> Option<&[V]> {
        self.position(name.as_ref()).map(|i| self.values_at(i))
    }

    #[inline]
    pub fn contains_key<Q: AsRef<str> + ?Sized>(&self, name: &Q) -> bool {
        self.position(name.as_ref()).is_some()
    }

    /// Each name with its values (by length, then bytes).
    pub fn iter(&self) -> Entries<'_, 'm, V> {
        self.into_iter()
    }

    pub fn keys(&self) -> impl Iterator<Item = &&'m str> {
        self.names.iter().map(|(n, _)| n)
    }

    pub fn values(&self) -> impl Iterator<Item = &[V]> {
        (0..self.names.len()).map(|i| self.values_at(i))
    }
}

impl<'a, 'm, V> IntoIterator for &'a NameMap<'m, V> {
    type Item = (&'a &'m str, &'a [V]);
    type IntoIter = Entries<'a, 'm, V>;
    fn into_iter(self) -> Entries<'a, 'm, V> {
        Entries { map: self, next: 0 }
    }
}

/// Each name of a `NameMap` with its values, in the map's order.
pub struct Entries<'a, 'm, V> {
    map: &'a NameMap<'m, V>,
    next: usize,
}

impl<'a, 'm, V> Iterator for Entries<'a, 'm, V> {
    type Item = (&'a &'m str, &'a [V]);
    fn next(&mut self) -> Option<Self::Item> {
        let i = self.next;
        let (name, _) = self.map.names.get(i)?;
        self.next += 1;
        Some((name, self.map.values_at(i)))
    }
}

/// The order of a `NameMap`'s names.
fn order(name: &str) -> (usize, &[u8]) {
    (name.len(), name.as_bytes())
}

/// A `BodyIndex` while the walk fills it.
#[derive(Default)]
struct BodyLists<'m> {
    assigns: HashMap<&'m str, Vec<(&'m Expr, Option<&'m TypeRef>)>>,
    tuple_assigns: HashMap<&'m str, Vec<(&'m Expr, usize)>>,
    item_assigns: HashMap<&'m str, Vec<(&'m Expr, &'m Expr)>>,
    self_item_assigns: Vec<(&'m str, &'m Expr, &'m Expr)>,
    method_calls: HashMap<&'m str, Vec<&'m Call>>,
    self_attr_assigns: Vec<(&'m str, &'m Expr, Option<&'m TypeRef>)>,
    nested_attr_assigns: Vec<(&'m Expr, &'m str, &'m Expr)>,
    for_loops: Vec<(&'m Target, &'m Expr)>,
    records: Vec<Record<'m>>,
    returns: Vec<&'m Expr>,
    yields: Vec<&'m Expr>,
    assign_sites: Vec<(&'m Target, &'m Expr, Pos)>,
    functions: Vec<(&'m str, BodyId)>,
}

impl<'m> BodyLists<'m> {
    fn finish(self) -> BodyIndex<'m> {
        BodyIndex {
            assigns: NameMap::build(self.assigns),
            tuple_assigns: NameMap::build(self.tuple_assigns),
            item_assigns: NameMap::build(self.item_assigns),
            self_item_assigns: self.self_item_assigns.into_boxed_slice(),
            method_calls: NameMap::build(self.method_calls),
            self_attr_assigns: self.self_attr_assigns.into_boxed_slice(),
            nested_attr_assigns: self.nested_attr_assigns.into_boxed_slice(),
            for_loops: self.for_loops.into_boxed_slice(),
            records: self.records.into_boxed_slice(),
            returns: self.returns.into_boxed_slice(),
            yields: self.yields.into_boxed_slice(),
            assign_sites: self.assign_sites.into_boxed_slice(),
            functions: self.functions.into_boxed_slice(),
        }
    }
}

/// Fills one `BodyIndex` per body and, for the whole file, the calls in walk order with the
/// use of each result.
struct Indexer<'m, 'a> {
    bodies: &'a [Body],
    indexes: Vec<BodyLists<'m>>,
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

    fn item_set(&mut self, name: &'m str, key: &'m Expr, value: &'m Expr, site: Site) {
        let index = &mut self.indexes[site.body.0 as usize];
        index
            .item_assigns
            .entry(name)
            .or_default()
            .push((key, value));
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
                Expr::Name { id, .. } => self.item_set(id, key, value, site),
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
    pub bodies: Box<[BodyIndex<'m>]>,
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
            indexes: module.bodies.iter().map(|_| BodyLists::default()).collect(),
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
        FileIndex {
            module,
            names,
            bodies: indexer.indexes.into_iter().map(BodyLists::finish).collect(),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A `NameMap` answers as the hash map of lists it is built from: each name's values in
    /// the order they were pushed, absent names absent, iteration by name.
    #[test]
    fn name_map_answers_as_its_hash_map() {
        let mut map: HashMap<&str, Vec<u32>> = HashMap::default();
        for (i, name) in ["c", "a", "b", "a", "c", "c", "aa"].into_iter().enumerate() {
            map.entry(name).or_default().push(i as u32);
        }
        let built = NameMap::build(map.clone());
        for (name, values) in &map {
            assert_eq!(built.get(*name), Some(values.as_slice()), "{name}");
            assert_eq!(built.get(name), Some(values.as_slice()), "{name} by &&str");
            assert!(built.contains_key(*name));
        }
        for absent in ["", "d", "ab", "A"] {
            assert_eq!(built.get(absent), None);
            assert!(!built.contains_key(absent));
        }
        let entries: Vec<(&str, Vec<u32>)> =
            (built.iter()).map(|(n, vs)| (*n, vs.to_vec())).collect();
        let want = [
            ("a", vec![1, 3]),
            ("b", vec![2]),
            ("c", vec![0, 4, 5]),
            ("aa", vec![6]),
        ];
        assert_eq!(entries, want.map(|(n, vs)| (n, vs)).to_vec());
        assert_eq!(
            built.keys().copied().collect::<Vec<_>>(),
            ["a", "b", "c", "aa"]
        );
        assert_eq!(built.values().map(<[u32]>::len).sum::<usize>(), 7);
        let empty = NameMap::<u32>::build(HashMap::default());
        assert_eq!(empty.get("a"), None);
        assert_eq!(empty.iter().count(), 0);
    }
}
