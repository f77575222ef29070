//! Which names hold Kafka clients (or model clients), per the catalog's resolution rules:
//! constructors through imports and aliases, `self.x` attributes set in any method, struct
//! fields, annotated parameters and `let` bindings, `with .. as` targets; otherwise the
//! heuristic on the receiver's name in a file that imports a Kafka client module.

use std::collections::HashMap;

use super::config::{ConfigReader, ConfigView};
use super::index::BodyIndex;
use super::names::Names;
use crate::knowledge::{Knowledge, LibId, Role};
use crate::model::*;

/// How a receiver was recognised as a Kafka client.
#[derive(Debug, Clone, PartialEq)]
pub enum Resolution {
    /// Traced to a constructor, annotation or field type at `at`.
    Resolved { via: Via, at: TextRange },
    /// Name heuristic: the file imports a Kafka module and the name contains the role.
    Heuristic { name: String },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Via {
    Constructor,
    Annotation,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Client {
    pub lib: LibId,
    pub role: Role,
    /// The client type's simple name (`Consumer`, `FutureProducer`) when known.
    pub ty: Option<String>,
    pub resolution: Resolution,
    /// What the construction visibly configures.
    pub config: ConfigView,
    /// False for a heuristic receiver in a file importing several Kafka libraries.
    pub lib_certain: bool,
}

impl Client {
    pub fn is_heuristic(&self) -> bool {
        matches!(self.resolution, Resolution::Heuristic { .. })
    }
}

/// What a name holds.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Kafka(Client),
    /// A language-model client (OL3xx sources are its generate calls).
    Llm,
    /// Visibly something else (a non-Kafka constructor): never a heuristic match.
    Other,
    /// An instance of a class defined in this file: not a client itself, but its fields
    /// (`vp.producer`) resolve through the class.
    Instance(String),
}

pub struct Bindings<'m> {
    module: &'m Module,
    knowledge: &'m Knowledge,
    names: &'m Names,
    pub indexes: Vec<BodyIndex<'m>>,
    locals: Vec<HashMap<&'m str, Value>>,
    fields: HashMap<(String, String), Value>,
    /// Kafka libraries the file imports, in a fixed order.
    pub libs: Vec<LibId>,
    heuristic: bool,
}

impl<'m> Bindings<'m> {
    pub fn new(
        module: &'m Module,
        knowledge: &'m Knowledge,
        names: &'m Names,
        heuristic: bool,
        indexes: Vec<BodyIndex<'m>>,
    ) -> Self {
        let mut libs: Vec<LibId> = knowledge
            .clients
            .iter()
            .filter(|c| names.imports_root(module, &c.root))
            .map(|c| c.lib)
            .collect();
        libs.sort();
        libs.dedup();
        let mut b = Bindings {
            module,
            knowledge,
            names,
            indexes,
            locals: vec![HashMap::new(); module.bodies.len()],
            fields: HashMap::new(),
            libs,
            heuristic,
        };
        for class in &module.classes {
            for field in &class.fields {
                if let Some(v) = b.type_value(&field.ty, class.range) {
                    b.fields.insert((class.name.clone(), field.name.clone()), v);
                }
            }
        }
        // Two passes: a field set in a later method can feed an alias in an earlier one.
        for _ in 0..2 {
            for id in 0..module.bodies.len() {
                b.bind_body(BodyId(id as u32));
            }
        }
        b
    }

    fn bind_body(&mut self, id: BodyId) {
        let body = &self.module.bodies[id.0 as usize];
        for param in &body.params {
            if let Some(v) = param
                .annotation
                .as_ref()
                .and_then(|t| self.type_value(t, param.range))
            {
                self.locals[id.0 as usize].insert(&param.name, v);
            }
        }
        let index = &self.indexes[id.0 as usize];
        let mut found: Vec<(&'m str, Value)> = Vec::new();
        for (name, values) in &index.assigns {
            if let Some(v) = values
                .iter()
                .find_map(|(value, ann)| self.value_of(value, *ann, id))
            {
                found.push((name, v));
            }
        }
        let mut field_values = Vec::new();
        if let Some(class) = &body.class {
            for (attr, value) in &index.self_attr_assigns {
                if let Some(v) = self.value_of(value, None, id) {
                    field_values.push(((class.clone(), attr.to_string()), v));
                }
            }
        }
        for (ty, fields) in &index.records {
            let Some(last) = ty.last() else { continue };
            let class = if last == "Self" {
                body.class.clone()
            } else {
                Some(last.clone())
            };
            let Some(class) = class else { continue };
            for (name, value) in fields.iter() {
                if let Some(v) = self.value_of(value, None, id) {
                    field_values.push(((class.clone(), name.clone()), v));
                }
            }
        }
        let locals = &mut self.locals[id.0 as usize];
        for (name, v) in found {
            merge(locals.entry(name).or_insert_with(|| v.clone()), v);
        }
        for (key, v) in field_values {
            merge(self.fields.entry(key).or_insert_with(|| v.clone()), v);
        }
    }

    /// The value a type annotation promises. A type imported from another (non-typing)
    /// module is evidence the value is not a Kafka client: no heuristic for it.
    fn type_value(&self, ty: &TypeRef, at: TextRange) -> Option<Value> {
        let qualified: Vec<Vec<String>> = ty.paths.iter().map(|p| self.names.qualify(p)).collect();
        for q in &qualified {
            if let Some(t) = self.resolve_client_type(q) {
                return Some(Value::Kafka(Client {
                    lib: t.lib,
                    role: t.role,
                    ty: Some(t.name.clone()),
                    resolution: Resolution::Resolved {
                        via: Via::Annotation,
                        at,
                    },
                    config: ConfigView::Hidden,
                    lib_certain: true,
                }));
            }
        }
        if qualified.iter().any(|q| self.knowledge.llm.is_llm_path(q)) {
            return Some(Value::Llm);
        }
        let other_type = ty.paths.iter().zip(&qualified).any(|(written, q)| {
            written
                .first()
                .is_some_and(|first| self.names.is_imported(first))
                && q.first().is_some_and(|root| {
                    !self.knowledge.vocab.typing_modules.contains(&root.as_str())
                })
        });
        other_type.then_some(Value::Other)
    }

    /// A client type by qualified path, by bare name under a glob import of its library, or
    /// a class of this file deriving (transitively) from one.
    fn resolve_client_type(&self, q: &[String]) -> Option<&'m crate::knowledge::ClientType> {
        self.resolve_client_type_depth(q, 0)
    }

    fn resolve_client_type_depth(
        &self,
        q: &[String],
        depth: u32,
    ) -> Option<&'m crate::knowledge::ClientType> {
        if let Some(t) = self.knowledge.client_type(q) {
            return Some(t);
        }
        if let ([name], true) = (q, depth < 8) {
            let module = self.module;
            for class in module.classes.iter().filter(|c| &c.name == name) {
                for base in &class.bases.paths {
                    if let Some(t) =
                        self.resolve_client_type_depth(&self.names.qualify(base), depth + 1)
                    {
                        return Some(t);
                    }
                }
            }
        }
        if let [name] = q {
            for glob in &self.names.globs {
                if let Some(root) = glob.first() {
                    if let Some(t) = self.knowledge.client_named(root, name) {
                        return Some(t);
                    }
                }
            }
        }
        None
    }

    /// What assigning `value` (declared as `annotation`) to a name gives it.
    fn value_of(&self, value: &Expr, annotation: Option<&TypeRef>, body: BodyId) -> Option<Value> {
        let reader = ConfigReader {
            index: &self.indexes[body.0 as usize],
            names: self.names,
            knowledge: self.knowledge,
        };
        let value = self.strip(value);
        if let Some(Value::Kafka(mut client)) =
            annotation.and_then(|a| self.type_value(a, value.range()))
        {
            if let Expr::Call(call) = value {
                if self.is_builder_create(call) {
                    client.config = reader.builder_create(call);
                }
            }
            return Some(Value::Kafka(client));
        }
        match value {
            Expr::Call(call) => {
                let q = self.names.qualify_expr(&call.func);
                if let Some(q) = &q {
                    if let Some(t) = self.resolve_client_type(q) {
                        return Some(self.constructed(t, call, reader.constructor(call, t.config)));
                    }
                    // Rust associated constructors: `StreamConsumer::from_config(&cfg)`.
                    if q.len() >= 2 {
                        if let Some(t) = self.resolve_client_type(&q[..q.len() - 1]) {
                            if q.last()
                                .is_some_and(|l| l.starts_with("from_config") || l == "new")
                            {
                                return Some(self.constructed(
                                    t,
                                    call,
                                    reader.constructor(call, t.config),
                                ));
                            }
                        }
                    }
                }
                if self.is_builder_create(call) {
                    let t = call.type_args.iter().find_map(|t| {
                        t.paths
                            .iter()
                            .find_map(|p| self.resolve_client_type(&self.names.qualify(p)))
                    })?;
                    return Some(self.constructed(t, call, reader.builder_create(call)));
                }
                let q = q?;
                if self.knowledge.llm.is_llm_path(&q) {
                    let last = q.last().map(String::as_str).unwrap_or("");
                    return (!self.knowledge.llm.is_generate(last)).then_some(Value::Llm);
                }
                // A constructor or factory from another imported module, or a class this
                // file defines itself: visibly not a Kafka client.
                let written = call.func.dotted()?;
                if written.len() == 1 && self.module.classes.iter().any(|c| c.name == written[0]) {
                    return Some(Value::Instance(written[0].to_string()));
                }
                self.names.is_imported(written[0]).then_some(Value::Other)
            }
            Expr::Name { id, .. } => self.lookup(id, body).cloned(),
            Expr::Attr {
                value: base, attr, ..
            } => self.field(base, attr, body).cloned(),
            _ => None,
        }
    }

    fn constructed(
        &self,
        t: &crate::knowledge::ClientType,
        call: &Call,
        config: ConfigView,
    ) -> Value {
        Value::Kafka(Client {
            lib: t.lib,
            role: t.role,
            ty: Some(t.name.clone()),
            resolution: Resolution::Resolved {
                via: Via::Constructor,
                at: call.range,
            },
            config,
            lib_certain: true,
        })
    }

    fn is_builder_create(&self, call: &Call) -> bool {
        call.func.as_method().is_some_and(|(_, m)| {
            self.knowledge.builder_create.contains(&m)
                || self.knowledge.builder_create_with_context.contains(&m)
        })
    }

    /// A local, then the enclosing bodies', then the module's binding of `name`.
    pub fn lookup(&self, name: &str, body: BodyId) -> Option<&Value> {
        let mut current = Some(body);
        while let Some(id) = current {
            if let Some(v) = self.locals[id.0 as usize].get(name) {
                return Some(v);
            }
            current = self.module.bodies[id.0 as usize].parent;
        }
        self.locals.first().and_then(|m| m.get(name))
    }

    /// `self.attr` inside a method, or `obj.attr` on an instance of a class of this file.
    fn field(&self, base: &Expr, attr: &str, body: BodyId) -> Option<&Value> {
        let Expr::Name { id, .. } = base else {
            return None;
        };
        let b = &self.module.bodies[body.0 as usize];
        let class = match (&b.self_name, &b.class) {
            (Some(self_name), Some(class)) if id == self_name => class.clone(),
            _ => match self.lookup(id, body) {
                Some(Value::Instance(class)) => class.clone(),
                _ => return None,
            },
        };
        self.fields.get(&(class, attr.to_string()))
    }

    /// The Kafka client a method-call receiver holds, if any.
    pub fn client_of(&self, receiver: &Expr, body: BodyId) -> Option<Client> {
        let e = self.strip(receiver);
        let (known, name) = match e {
            Expr::Name { id, .. } => (self.lookup(id, body), id.as_str()),
            Expr::Attr { value, attr, .. } => (self.field(value, attr, body), attr.as_str()),
            Expr::Call(call) => (None, call.func.last_name()?),
            _ => return None,
        };
        match known {
            Some(Value::Kafka(c)) => Some(c.clone()),
            Some(_) => None,
            // Imported names are modules or types, not client instances.
            None if matches!(e, Expr::Name { .. }) && self.names.is_imported(name) => None,
            None => self.heuristic(name),
        }
    }

    /// Whether a receiver holds a model client.
    pub fn is_llm(&self, receiver: &Expr, body: BodyId) -> bool {
        let found = match self.strip(receiver) {
            Expr::Name { id, .. } => self.lookup(id, body),
            Expr::Attr { value, attr, .. } => self.field(value, attr, body),
            _ => None,
        };
        matches!(found, Some(Value::Llm))
    }

    fn heuristic(&self, name: &str) -> Option<Client> {
        if !self.heuristic || self.libs.is_empty() {
            return None;
        }
        let lower = name.to_ascii_lowercase();
        let role = if lower.contains("consumer") {
            Role::Consumer
        } else if lower.contains("producer") {
            Role::Producer
        } else {
            return None;
        };
        Some(Client {
            lib: self.libs[0],
            role,
            ty: None,
            resolution: Resolution::Heuristic {
                name: name.to_string(),
            },
            config: ConfigView::Hidden,
            lib_certain: self.libs.len() == 1,
        })
    }
}

/// Keep the most informative value: a Kafka client beats an unknown or a non-client.
fn merge(slot: &mut Value, new: Value) {
    if !matches!(slot, Value::Kafka(_)) && matches!(new, Value::Kafka(_)) {
        *slot = new;
    }
}

impl Bindings<'_> {
    /// Looks through wrappers that keep the same client: `.await`, `?`, `.unwrap()`,
    /// `.clone()`, `.lock()`, `Arc::new(x)`.
    pub fn strip<'e>(&self, mut e: &'e Expr) -> &'e Expr {
        let vocab = &self.knowledge.vocab;
        for _ in 0..32 {
            match e {
                Expr::Await { value, .. } | Expr::Try { value, .. } => e = value,
                Expr::Call(call) => {
                    if let Some((recv, m)) = call.func.as_method() {
                        if vocab.same_value_methods.contains(&m) {
                            e = recv;
                            continue;
                        }
                    }
                    let wrapper = self.names.qualify_expr(&call.func).is_some_and(|q| {
                        q.len() >= 2
                            && q[q.len() - 1] == "new"
                            && vocab.value_wrappers.contains(&q[q.len() - 2].as_str())
                            || q.len() == 1 && vocab.wrapping_variants.contains(&q[0].as_str())
                    });
                    match (wrapper, call.args.first()) {
                        (true, Some(arg)) => e = &arg.value,
                        _ => return e,
                    }
                }
                _ => return e,
            }
        }
        e
    }
}
