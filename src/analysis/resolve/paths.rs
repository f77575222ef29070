//! Library paths: which library thing a dotted expression stands for (through imports,
//! aliases and re-exports), and which client type a class or path is.

use super::values::{ClassRef, Value};
use super::{path_expr, Resolver};
use crate::analysis::program::{FileId, ImportTarget};
use crate::knowledge::ClientType;
use crate::model::*;

impl<'p, 'm> Resolver<'p, 'm> {
    /// The library path a dotted expression stands for, through imports, module-level
    /// aliases (`Sink = Producer`) and re-exports by program modules. `None` when it names
    /// something of the program (or nothing).
    pub fn external_path(&self, f: FileId, b: BodyId, e: &Expr, depth: u32) -> Option<Vec<String>> {
        if depth > 8 {
            return None;
        }
        let dotted = e.dotted()?;
        let index = self.index(f)?;
        let first = dotted[0];
        if let Some(imp) = index.names.imported(first) {
            return match self.program.resolve(f, &imp.path, imp.level) {
                None if imp.level > 0 => None,
                None => Some(index.names.qualify(&dotted)),
                Some(ImportTarget::Module(g)) => {
                    let (name, rest) = dotted[1..].split_first()?;
                    self.external_in(g, name, rest, depth)
                }
                Some(ImportTarget::Item(g, items)) => {
                    let rest: Vec<&str> = items[1..]
                        .iter()
                        .map(String::as_str)
                        .chain(dotted[1..].iter().copied())
                        .collect();
                    self.external_in(g, &items[0], &rest, depth)
                }
            };
        }
        // A declared alias: `Source: TypeAlias = Consumer`, `type Sink = FutureProducer;`.
        if let Some((_, aliased)) = index.module.type_aliases.iter().find(|(n, _)| n == first) {
            if let [path] = aliased.paths.as_slice() {
                let mut q = self.external_path(f, b, &path_expr(path), depth + 1)?;
                q.extend(dotted[1..].iter().map(|s| s.to_string()));
                return Some(q);
            }
        }
        // A local alias of a library name: `Sink = Producer` (in this body or the module).
        let alias = index
            .bodies
            .get(b.0 as usize)
            .and_then(|bi| bi.assigns.get(first))
            .or_else(|| index.bodies.first().and_then(|bi| bi.assigns.get(first)));
        if let Some([(value, _)]) = alias {
            if value.dotted().is_some() {
                let mut q = self.external_path(f, b, value, depth + 1)?;
                q.extend(dotted[1..].iter().map(|s| s.to_string()));
                return Some(q);
            }
        }
        let defined_here = index.module.classes.iter().any(|c| c.name == first)
            || index
                .module
                .bodies
                .iter()
                .any(|x| x.name == first && x.kind == BodyKind::Function);
        (!defined_here).then(|| index.names.qualify(&dotted))
    }

    /// `ClientConfig::new()` / `ClientConfig::default()`, the builder type named however it
    /// reached the file (`use crate::ClientConfig` of the crate root's `use`).
    pub fn is_fresh_builder(&self, f: FileId, b: BodyId, call: &Call) -> bool {
        self.external_path(f, b, &call.func, 0).is_some_and(|q| {
            q.len() >= 2
                && self.knowledge.is_builder_type(&q[..q.len() - 1])
                && matches!(q.last().map(String::as_str), Some("new" | "default"))
        })
    }

    /// `name.rest` as defined in module `g`: a library path when `g` imports or aliases it.
    pub(super) fn external_in(
        &self,
        g: FileId,
        name: &str,
        rest: &[&str],
        depth: u32,
    ) -> Option<Vec<String>> {
        let index = self.index(g)?;
        let aliased = index.module.type_aliases.iter().any(|(n, _)| n == name);
        if index.names.imported(name).is_none()
            && !aliased
            && !index.bodies.first()?.assigns.contains_key(name)
        {
            return None;
        }
        let path: Vec<String> = std::iter::once(name)
            .chain(rest.iter().copied())
            .map(str::to_string)
            .collect();
        let e = path_expr(&path);
        self.external_path(g, BodyId(0), &e, depth + 1)
    }

    /// A client type named by a bare name under a glob import of its library.
    pub(super) fn glob_client(&self, f: FileId, q: &[String]) -> Option<&'m ClientType> {
        let [name] = q else { return None };
        let index = self.index(f)?;
        index.names.globs.iter().find_map(|(glob, level)| {
            if *level > 0 {
                return None;
            }
            self.knowledge.client_named(glob.first()?, name)
        })
    }

    /// Whether a project class derives, transitively, from a type of a client library
    /// (`implements OffsetCommitCallback`): the library's callback or listener, never a
    /// message or offsets.
    pub fn derives_from_library(&self, cls: ClassRef) -> bool {
        self.in_lineage(cls, |c| {
            let class = self.class(c)?;
            (class.bases.paths.iter())
                .any(|base| {
                    (self.external_path(c.file, BodyId(0), &path_expr(base), 0))
                        .is_some_and(|q| self.knowledge.in_library(&q))
                })
                .then_some(())
        })
        .is_some()
    }

    /// The client type a project class derives from, transitively.
    pub fn client_base(&self, cls: ClassRef) -> Option<&'m ClientType> {
        let mut seen = Vec::new();
        let mut stack = vec![cls];
        let declares_wrappers = (self.knowledge.clients.iter()).any(|t| t.behaves_as.is_some());
        while let Some(c) = stack.pop() {
            if seen.contains(&c) || seen.len() > 16 {
                continue;
            }
            seen.push(c);
            // A program class declared in configuration as a client wrapper.
            if declares_wrappers {
                if let Some(t) = self
                    .class_path(c)
                    .and_then(|q| self.knowledge.declared_client(&q))
                {
                    return Some(t);
                }
            }
            let class = self.class(c)?;
            for base in &class.bases.paths {
                if let Some(t) = self.client_type_at(c.file, base) {
                    return Some(t);
                }
                if let Some(Value::Class(b)) = self.path_value(c.file, BodyId(0), base) {
                    stack.push(b);
                }
            }
        }
        None
    }

    /// A library client type named by a path written in file `f`.
    pub(super) fn client_type_at(&self, f: FileId, path: &[String]) -> Option<&'m ClientType> {
        if let Some(&t) = (self.client_types.borrow().get(&f)).and_then(|m| m.get(path)) {
            return t;
        }
        let e = path_expr(path);
        let t = (self.external_path(f, BodyId(0), &e, 0))
            .and_then(|q| (self.knowledge.client_type(&q)).or_else(|| self.glob_client(f, &q)));
        let mut cache = self.client_types.borrow_mut();
        cache.entry(f).or_default().insert(path.to_vec(), t);
        t
    }

    /// The value a written path (a type or base class) names in file `f`.
    pub(super) fn path_value(&self, f: FileId, b: BodyId, path: &[String]) -> Option<Value> {
        let (first, rest) = path.split_first()?;
        let mut v = self.name(f, b, first)?;
        for attr in rest {
            v = self.member(&v, attr)?;
        }
        Some(v)
    }
}
