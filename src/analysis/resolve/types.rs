//! Types: the value a type annotation promises (type aliases included).

use std::collections::HashMap;

use super::values::{merge, ClassRef, Client, Context, Origin, Resolution, Value, Via};
use super::{path_expr, Resolver};
use crate::analysis::config::ConfigView;
use crate::analysis::program::{FileId, ImportTarget};
use crate::knowledge::ClientType;
use crate::model::*;

impl<'p, 'm> Resolver<'p, 'm> {
    /// The value a type annotation promises. A type imported from another (non-typing)
    /// module is evidence the value is not a Kafka client: no heuristic for it.
    pub fn type_value(&self, f: FileId, ty: &TypeRef, at: TextRange) -> Option<Value> {
        self.type_value_depth(f, ty, at, 0)
    }

    pub(super) fn type_value_depth(
        &self,
        f: FileId,
        ty: &TypeRef,
        at: TextRange,
        depth: u32,
    ) -> Option<Value> {
        if depth > 8 {
            return None;
        }
        let index = self.index(f)?;
        let one = |path: &Vec<String>| -> Option<Value> {
            // A type alias of this module (`type Kafka = FutureProducer;`, `Sink: TypeAlias`).
            if let [name] = path.as_slice() {
                if let Some((_, aliased)) =
                    index.module.type_aliases.iter().find(|(n, _)| n == name)
                {
                    return self.type_value_depth(f, aliased, at, depth + 1);
                }
            }
            if let Some(t) = self.client_type_at(f, path) {
                return Some(self.annotated(t, f, at, self.type_context(f, ty, path)));
            }
            let e = path_expr(path);
            if let Some(q) = self.external_path(f, BodyId(0), &e, 0) {
                if self.knowledge.llm.is_llm_path(&q) {
                    return Some(Value::Llm);
                }
            }
            match self.path_value(f, BodyId(0), path) {
                Some(Value::Class(cls)) => {
                    // A value declared with a Java interface's type is an instance of its one
                    // implementation (a Spring service injected as `FooService`), when the
                    // program has one: calls on it reach that class's methods.
                    let cls = match self.class(cls).is_some_and(|c| c.interface) {
                        true => self.sole_implementation(cls).unwrap_or(cls),
                        false => cls,
                    };
                    Some(match self.client_base(cls) {
                        Some(t) => self.subclass_client(t, cls, at),
                        None => Value::Instance(cls),
                    })
                }
                // A module-level alias `Sink = Producer` resolves like the name it stands for.
                Some(v @ Value::Kafka(_)) => Some(v),
                _ => self.type_alias_elsewhere(f, path, at, depth).or_else(|| {
                    (self.unindexed_interface_implementation(f, path)).map(Value::Instance)
                }),
            }
        };
        let mut out = None;
        for p in &ty.paths {
            merge(&mut out, one(p));
        }
        if out.is_none() {
            for p in &ty.elements {
                if let Some(v @ (Value::Kafka(_) | Value::Instance(_))) = one(p) {
                    out = Some(Value::Elements(Box::new(v)));
                    break;
                }
            }
        }
        if out.is_some() {
            return out;
        }
        let typing = &self.knowledge.vocab.typing_modules;
        let other_type = ty.paths.iter().any(|written| {
            written.first().is_some_and(|first| {
                index.names.imported(first).is_some_and(|imp| {
                    imp.level == 0
                        && self.program.resolve(f, &imp.path, 0).is_none()
                        && imp
                            .path
                            .first()
                            .is_some_and(|root| !typing.contains(&root.as_str()))
                })
            })
        });
        other_type.then_some(Value::Other)
    }

    /// The one class of the program that names type `path` (as written in file `f`, and in
    /// no indexed file: the interface of a service whose declaration is not in the files
    /// linted) among its bases, matched by its imported name; only in the implementation's
    /// package or one above it, as a project's interface is (a library's, `Runnable` or
    /// `java.util.function.Consumer`, has implementations outside the program).
    fn unindexed_interface_implementation(&self, f: FileId, path: &[String]) -> Option<ClassRef> {
        let by_base = self
            .program
            .memo((0, "classes by base name".to_string()), || {
                let mut map: HashMap<String, Vec<(ClassRef, Vec<String>)>> = HashMap::new();
                for (g, index) in self.program.indexed_files() {
                    for (i, class) in index.module.classes.iter().enumerate() {
                        for base in &class.bases.paths {
                            if let Some(last) = base.last() {
                                let cls = ClassRef {
                                    file: g,
                                    index: i as u32,
                                };
                                map.entry(last.clone())
                                    .or_default()
                                    .push((cls, base.clone()));
                            }
                        }
                    }
                }
                map
            });
        let candidates = by_base.get(path.last()?)?;
        let named = self.external_path(f, BodyId(0), &path_expr(path), 0)?;
        let (_, package) = named.split_last()?;
        let package = package.join(".");
        // A Java file's module is its package (one dotted segment) and its class.
        let below = |module: &[String]| {
            module.len() == 2
                && !package.is_empty()
                && (module[0] == package
                    || (module[0].strip_prefix(package.as_str()))
                        .is_some_and(|r| r.starts_with('.')))
        };
        let mut found = None;
        for (cls, base) in candidates.iter() {
            let same = below(&self.program.file(cls.file).module)
                && self.external_path(cls.file, BodyId(0), &path_expr(base), 0)
                    == Some(named.clone());
            if !same || found == Some(*cls) {
                continue;
            }
            if found.is_some() {
                return None;
            }
            found = Some(*cls);
        }
        found
    }

    /// A type alias defined in another module of the program and imported here.
    pub(super) fn type_alias_elsewhere(
        &self,
        f: FileId,
        path: &[String],
        at: TextRange,
        depth: u32,
    ) -> Option<Value> {
        let [name] = path else { return None };
        let index = self.index(f)?;
        let imp = index.names.imported(name)?;
        let ImportTarget::Item(g, items) = self.program.resolve(f, &imp.path, imp.level)? else {
            return None;
        };
        let gi = self.index(g)?;
        let (_, aliased) = gi
            .module
            .type_aliases
            .iter()
            .find(|(n, _)| Some(n) == items.first())?;
        self.type_value_depth(g, aliased, at, depth + 1)
    }

    pub(super) fn annotated(
        &self,
        t: &ClientType,
        f: FileId,
        at: TextRange,
        context: Context,
    ) -> Value {
        Value::Kafka(Client {
            lib: t.lib,
            role: t.role,
            ty: Some(t.name.clone()),
            resolution: Resolution::Resolved {
                via: Via::Annotation,
                at: Origin { file: f, range: at },
                hops: Vec::new(),
            },
            config: ConfigView::Hidden,
            lib_certain: true,
            class: None,
            context,
        })
    }
}
