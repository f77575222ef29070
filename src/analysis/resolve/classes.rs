//! Fields and classes: what `owner.attr` is, methods found along a class's bases, fields
//! and class attributes (any depth), and delegation through `__getattr__`.

use super::expressions::elements_of;
use super::values::{merge, ClassRef, Client, FuncRef, Link, Resolution, Value, Via};
use super::{Key, Resolver};
use crate::analysis::program::FileId;
use crate::model::*;

/// The name a classmethod's class is conventionally bound to: `cls(..)` constructs it.
pub(super) const CLASSMETHOD_RECEIVER: &str = "cls";

impl<'p, 'm> Resolver<'p, 'm> {
    /// `owner.attr`.
    pub fn member(&self, owner: &Value, attr: &str) -> Option<Value> {
        match owner {
            Value::Instance(cls) | Value::Class(cls) => self.field(*cls, attr),
            Value::Kafka(Client {
                class: Some(cls), ..
            }) => self
                .field(*cls, attr)
                .filter(|v| !matches!(v, Value::Func(_))),
            Value::Double => Some(Value::Double),
            Value::Module(g) => self.module_name(*g, attr).or_else(|| {
                let file = self.program.file(*g);
                let mut sub = file.module.to_vec();
                sub.push(attr.to_string());
                self.program.module_file(*g, &sub).map(Value::Module)
            }),
            _ => None,
        }
    }

    /// What `with owner as name` binds: a program class's `__enter__` (`__aenter__`) result;
    /// any other value (a client, a `@contextmanager`'s yield) as it is.
    pub(super) fn entered(&self, owner: Value) -> Option<Value> {
        let Value::Instance(cls) = owner else {
            return Some(owner);
        };
        let enter = ["__aenter__", "__enter__"]
            .iter()
            .find_map(|m| self.find_method(cls, m));
        match enter {
            Some(m) => self.returns(m),
            None => Some(owner),
        }
    }

    /// A field filled item by item in the class's methods (`self.producers[k] = ..`): its
    /// elements when they are all clients of one role.
    fn filled_field(&self, cls: ClassRef, attr: &str) -> Option<Value> {
        let class = self.class(cls)?;
        let index = self.index(cls.file)?;
        let mut values = Vec::new();
        for (i, body) in index.module.bodies.iter().enumerate() {
            if body.class.as_deref() != Some(class.name.as_str()) {
                continue;
            }
            let b = BodyId(i as u32);
            for &(a, _, value) in &index.bodies[i].self_item_assigns {
                if a == attr {
                    values.push(self.value(cls.file, b, value));
                }
            }
        }
        elements_of(values)
    }

    /// A field of a class whose constructor is generated from its annotated fields (a
    /// dataclass, a `NamedTuple`, an attrs or pydantic model: no `__init__` in its lineage):
    /// what the program's constructions pass for it, by keyword, or by position when the class
    /// has no program base (whose fields would come first).
    fn constructed_field(&self, cls: ClassRef, attr: &str) -> Option<Value> {
        let class = self.class(cls)?;
        let k = class.fields.iter().position(|fd| fd.name == attr)?;
        if self.find_method(cls, "__init__").is_some() {
            return None;
        }
        let positional = self.program_bases(cls).is_empty();
        let mut out = None;
        for &(g, b, call) in self.constructions(cls).take(64) {
            let by_position = || positional.then(|| call.positional().nth(k)).flatten();
            if let Some(arg) = call.keyword(attr).or_else(by_position) {
                merge(&mut out, self.value(g, b, &arg.value));
            }
        }
        out
    }

    /// Calls anywhere in the program that construct `cls`: by its name, or as `cls(..)` in
    /// a classmethod.
    fn constructions(
        &self,
        cls: ClassRef,
    ) -> impl Iterator<Item = &(FileId, BodyId, &'m Call)> + '_ {
        let name = self.class(cls).map(|c| c.name.as_str()).unwrap_or_default();
        let calls = self.program.calls_named(name).iter();
        (calls.chain(self.program.calls_named(CLASSMETHOD_RECEIVER)))
            .filter(move |&&(g, b, call)| {
                matches!(self.value(g, b, &call.func), Some(Value::Class(c)) if c == cls)
            })
    }

    /// A client set on an instance from outside the class (setter injection:
    /// `worker = Worker(); worker.producer = Producer(conf)`), in any indexed module. Only
    /// clients count: a test setting a double does not make the field one.
    fn set_from_outside(&self, cls: ClassRef, attr: &str) -> Option<Value> {
        let mut out = None;
        for &(g, b, holder, value) in self.program.attr_sets(attr) {
            if !matches!(holder, Expr::Name { .. })
                || !matches!(self.value(g, b, holder), Some(Value::Instance(c)) if c == cls)
            {
                continue;
            }
            if let v @ Some(Value::Kafka(_)) = self.value(g, b, value) {
                merge(&mut out, v);
            }
        }
        out
    }

    /// The one construction the program stores in a field whose uses resolution traces to
    /// its declared type (`consumer: StreamConsumer` filled by `Self { consumer, .. }` after
    /// `let consumer = config.create()?`): the inventory lists the two as one client. None
    /// when the stores disagree, or one is not a construction.
    pub fn stored_construction(&self, cls: ClassRef, attr: &str) -> Option<Client> {
        let class = self.class(cls)?;
        let index = self.index(cls.file)?;
        let mut stored = Vec::new();
        for (i, body) in index.module.bodies.iter().enumerate() {
            if body.class.as_deref() != Some(class.name.as_str()) {
                continue;
            }
            for (a, value, _) in &index.bodies[i].self_attr_assigns {
                if *a == attr {
                    stored.push(self.stored_value(cls.file, BodyId(i as u32), value));
                }
            }
        }
        for &(g, b, fields) in self.program.records_of(&class.name) {
            if self.program.file(g).lang != index.module.lang {
                continue;
            }
            for (name, value) in fields {
                if name == attr {
                    stored.push(self.stored_value(g, b, value));
                }
            }
        }
        // A class whose constructor is generated (a dataclass): what its constructions pass.
        if self.find_method(cls, "__init__").is_none() {
            for &(g, b, call) in self.constructions(cls).take(64) {
                if let Some(arg) = call.keyword(attr) {
                    stored.push(self.stored_value(g, b, &arg.value));
                }
            }
        }
        one_construction(stored)
    }

    /// The one construction the program stores in module `g`'s global `name`, whose
    /// declared type resolution stopped at (`producer: Optional[AIOKafkaProducer] = None`),
    /// from a function that declares it `global` or from another module
    /// (`kafka_producer.producer = await kafka_producer.init()` in a startup hook): the
    /// inventory lists the two as one client. None when the stores disagree, or one is not a
    /// construction.
    pub fn stored_global(&self, g: FileId, name: &str) -> Option<Client> {
        let index = self.index(g)?;
        let mut stored = Vec::new();
        for (b, _) in index.module.globals.iter().filter(|(_, n)| n == name) {
            let assigns = (index.bodies.get(b.0 as usize)).and_then(|bi| bi.assigns.get(name));
            for &(value, _) in assigns.into_iter().flatten() {
                stored.push(self.stored_value(g, *b, value));
            }
        }
        for &(h, b, holder, value) in self.program.attr_sets(name) {
            if matches!(self.value(h, b, holder), Some(Value::Module(m)) if m == g) {
                stored.push(self.stored_value(h, b, value));
            }
        }
        one_construction(stored)
    }

    /// The construction a store puts in a field, if it is one: a constructor's value, or a
    /// local bound to a construction (`let consumer: StreamConsumer = cfg.create()?`, whose
    /// client is built where the call is, typed by the binding).
    fn stored_value(&self, f: FileId, b: BodyId, e: &Expr) -> Option<Client> {
        if let Expr::Name { id, .. } = e {
            let bound = (self
                .index(f)?
                .bodies
                .get(b.0 as usize)?
                .assigns
                .get(id.as_str()))
            .and_then(|v| v.first());
            if let Some(&(value, annotation)) = bound {
                if matches!(self.strip(f, value), Expr::Call(_)) {
                    return match self.assigned(f, b, value, annotation)? {
                        Value::Kafka(c) => Some(c),
                        _ => None,
                    };
                }
            }
        }
        match self.value(f, b, e)? {
            Value::Kafka(
                c @ Client {
                    resolution:
                        Resolution::Resolved {
                            via: Via::Constructor,
                            ..
                        },
                    ..
                },
            ) => Some(c),
            _ => None,
        }
    }

    /// The declared type of field `field` of the struct a literal of type `ty` builds in body
    /// `b` (`Self { consumer, .. }` in an `impl`, `Worker { consumer: .. }`).
    pub fn record_field_type(
        &self,
        f: FileId,
        b: BodyId,
        ty: &[String],
        field: &str,
    ) -> Option<&'m TypeRef> {
        let Some(Value::Class(cls)) = self.name(f, b, ty.last()?) else {
            return None;
        };
        let fields = &self.class(cls)?.fields;
        fields.iter().find(|fd| fd.name == field).map(|fd| &fd.ty)
    }

    pub(super) fn class(&self, cls: ClassRef) -> Option<&'m Class> {
        self.index(cls.file)?.module.classes.get(cls.index as usize)
    }

    /// Methods (bodies) of a class in its file, by name.
    pub(super) fn method(&self, cls: ClassRef, name: &str) -> Option<FuncRef> {
        self.method_taking(cls, name, None)
    }

    /// The method `name` of a class in its file; among overloads of that name (Java's stand
    /// in for default parameters), the one taking `arity` arguments when one does.
    fn method_taking(&self, cls: ClassRef, name: &str, arity: Option<usize>) -> Option<FuncRef> {
        let class = self.class(cls)?;
        let index = self.index(cls.file)?;
        let named: Vec<usize> = (index.module.bodies.iter().enumerate())
            .filter(|(_, b)| {
                b.class.as_deref() == Some(class.name.as_str())
                    && b.name == name
                    && !is_overload_stub(b)
            })
            .map(|(i, _)| i)
            .collect();
        let takes = |i: &&usize| {
            let b = &index.module.bodies[**i];
            let params = (b.params.iter())
                .filter(|p| Some(&p.name) != b.self_name.as_ref())
                .count();
            arity == Some(params)
        };
        let i = match named.as_slice() {
            [_, _, ..] => named.iter().find(takes).or(named.first()),
            _ => named.first(),
        }?;
        Some(FuncRef {
            file: cls.file,
            body: BodyId(*i as u32),
        })
    }

    /// Whether `func` is a constructor (`__init__`) that a program subclass inherits: its
    /// instances are then also made by calls naming the subclass, whose arguments a search
    /// for the class's own calls does not see.
    pub fn inherited_constructor(&self, func: FuncRef) -> bool {
        let Some(index) = self.index(func.file) else {
            return false;
        };
        let body = index.body(func.body);
        let Some(class) = body.class.as_deref() else {
            return false;
        };
        if !self
            .knowledge
            .vocab
            .constructor_methods
            .contains(&body.name.as_str())
        {
            return false;
        }
        (self.program.indexed_files()).any(|(_, other)| {
            other.module.classes.iter().any(|c| {
                (c.bases.paths.iter()).any(|p| p.last().map(String::as_str) == Some(class))
                    && !other
                        .module
                        .bodies
                        .iter()
                        .any(|b| b.class.as_deref() == Some(c.name.as_str()) && b.name == body.name)
            })
        })
    }

    /// Whether program function `m` is a property (`@property`, `@cached_property`).
    pub fn is_property(&self, m: FuncRef) -> bool {
        self.index(m.file).is_some_and(|index| {
            index.body(m.body).decorators.iter().any(|d| {
                d.last_name()
                    .is_some_and(|n| self.knowledge.vocab.property_decorators.contains(&n))
            })
        })
    }

    /// The method `name` of `cls` or of its program base classes.
    pub fn find_method(&self, cls: ClassRef, name: &str) -> Option<FuncRef> {
        self.in_lineage(cls, |c| self.method(c, name))
    }

    /// The method a call of `name` on a value declared as `cls` runs when `cls` only declares
    /// it (a Java interface's or abstract method, with no body) and exactly one program
    /// class implements `cls`: that class's method.
    pub fn implementation_of(&self, cls: ClassRef, name: &str, arity: usize) -> Option<FuncRef> {
        let declared = self.find_method_for(cls, name, arity);
        if let Some(d) = declared {
            if !self.index(d.file)?.body(d.body).stmts.is_empty() {
                return None;
            }
        }
        let implementation = self.sole_implementation(cls)?;
        self.find_method_for(implementation, name, arity)
            .filter(|f| Some(*f) != declared)
    }

    /// The one program class that derives from `cls` (implements it, for a Java interface),
    /// when exactly one does.
    pub(super) fn sole_implementation(&self, cls: ClassRef) -> Option<ClassRef> {
        let Some(Value::Class(implementation)) = self.memo(Key::Implementation(cls), || {
            let interface = self.class(cls)?.name.as_str();
            let mut found = None;
            for (file, index) in self.program.indexed_files() {
                for (i, class) in index.module.classes.iter().enumerate() {
                    let names_it = (class.bases.paths.iter())
                        .any(|p| p.last().map(String::as_str) == Some(interface));
                    let c = ClassRef {
                        file,
                        index: i as u32,
                    };
                    if names_it
                        && self.program_bases(c).contains(&cls)
                        && found.replace(c).is_some()
                    {
                        return None;
                    }
                }
            }
            found.map(Value::Class)
        }) else {
            return None;
        };
        Some(implementation)
    }

    /// The method a call of `name` with `arity` arguments reaches on `cls`: the overload
    /// taking that many when the class has several.
    pub fn find_method_for(&self, cls: ClassRef, name: &str, arity: usize) -> Option<FuncRef> {
        self.in_lineage(cls, |c| self.method_taking(c, name, Some(arity)))
    }

    /// The first answer `find` gives for `cls` or one of its program base classes (bases
    /// resolved only as far as needed).
    pub(super) fn in_lineage<T>(
        &self,
        cls: ClassRef,
        mut find: impl FnMut(ClassRef) -> Option<T>,
    ) -> Option<T> {
        let mut seen = Vec::new();
        let mut stack = vec![cls];
        while let Some(c) = stack.pop() {
            if seen.contains(&c) || seen.len() > 16 {
                continue;
            }
            seen.push(c);
            if let Some(found) = find(c) {
                return Some(found);
            }
            stack.extend(self.program_bases(c));
        }
        None
    }

    /// Whether `cls` (or a program base) defines `attr` itself: a method, a class attribute,
    /// a declared field or a `self.attr = ..` (Python's `__getattr__` sees only the rest).
    pub(super) fn defines(&self, cls: ClassRef, attr: &str) -> bool {
        let own = |c: ClassRef| -> Option<()> {
            let class = self.class(c)?;
            let index = self.index(c.file)?;
            let assigned = (index.module.bodies.iter().zip(&index.bodies))
                .filter(|(body, _)| body.class.as_deref() == Some(class.name.as_str()))
                .any(|(body, bi)| {
                    body.name == attr || bi.self_attr_assigns.iter().any(|(a, ..)| *a == attr)
                });
            let declared = class.attrs.iter().any(|(n, _)| n == attr)
                || class.fields.iter().any(|field| field.name == attr);
            (assigned || declared).then_some(())
        };
        self.in_lineage(cls, own).is_some()
    }

    /// The value a method call `.attr(..)` on an instance of `cls` reaches when the class
    /// does not define `attr` and hands it on: a `__getattr__` that is
    /// `return getattr(self.<field>, name)` and nothing else delegates to that field. Followed
    /// through wrappers of wrappers; gives a client, or an instance of the (inner) class that
    /// defines `attr`.
    pub fn delegate(&self, cls: ClassRef, attr: &str) -> Option<Value> {
        let mut current = cls;
        for _ in 0..8 {
            if self.defines(current, attr) {
                return (current != cls).then_some(Value::Instance(current));
            }
            let (field, by) = self.delegating_field(current)?;
            match self.field(current, &field)? {
                Value::Instance(inner) => current = inner,
                v @ Value::Kafka(_) => return Some(v.hop(Link::Delegated(by))),
                _ => return None,
            }
        }
        None
    }

    /// A method bound on the instance under another name (`self.flush = self._flush_native`
    /// in `__init__`): what calling `instance.attr(..)` runs.
    pub fn bound_method(&self, cls: ClassRef, attr: &str) -> Option<FuncRef> {
        match self.field(cls, attr)? {
            Value::Func(func) => Some(func),
            _ => None,
        }
    }

    /// The field a class's `__getattr__` delegates to, and whose `__getattr__` it is.
    pub(super) fn delegating_field(&self, cls: ClassRef) -> Option<(String, String)> {
        let func = self.find_method(cls, "__getattr__")?;
        let index = self.index(func.file)?;
        let body = index.body(func.body);
        let bi = index.bodies.get(func.body.0 as usize)?;
        let me = body.self_name.as_deref()?;
        let name = &body.params.get(1)?.name;
        // `getattr` must be the builtin, and every way out a delegation to one field.
        if !bi.yields.is_empty() || index.names.is_imported("getattr") {
            return None;
        }
        let mut fields = (bi.returns.iter()).map(|e| getattr_field(e, me, name));
        let first = fields.next()??;
        if !fields.all(|f| f == Some(first)) {
            return None;
        }
        let by = format!("{}.__getattr__", body.class.as_deref()?);
        Some((first.to_string(), by))
    }

    /// Whether `cls` is a structural interface (`class Sink(Protocol)`): values of any class
    /// with its methods, Kafka clients included, satisfy it.
    pub(super) fn is_protocol(&self, cls: ClassRef) -> bool {
        self.class(cls).is_some_and(|c| {
            (c.bases.paths.iter()).any(|p| p.last().is_some_and(|n| n == "Protocol"))
        })
    }

    /// Whether a Kafka client could satisfy the `Protocol` `cls`: every method it declares
    /// (dunders aside) is one the knowledge has for some client (`commit`, `seek`). A protocol
    /// with any other method (`rollback`, `execute`) describes something else.
    pub(super) fn client_shaped(&self, cls: ClassRef) -> bool {
        let (Some(class), Some(index)) = (self.class(cls), self.index(cls.file)) else {
            return false;
        };
        let mut methods = (index.module.bodies.iter())
            .filter(|b| b.class.as_deref() == Some(class.name.as_str()))
            .filter(|b| !b.name.starts_with("__"))
            .peekable();
        methods.peek().is_some()
            && methods.all(|b| self.knowledge.methods.iter().any(|m| m.name == b.name))
    }

    /// Base classes of `cls` that are classes of the program.
    pub(super) fn program_bases(&self, cls: ClassRef) -> Vec<ClassRef> {
        let Some(class) = self.class(cls) else {
            return Vec::new();
        };
        class
            .bases
            .paths
            .iter()
            .filter_map(|p| match self.path_value(cls.file, BodyId(0), p)? {
                Value::Class(c) if c != cls => Some(c),
                _ => None,
            })
            .collect()
    }

    /// `cls.attr`: class attributes, declared fields, `self.attr = ..` in any method,
    /// struct literals, properties, methods; then the program base classes.
    pub(super) fn field(&self, cls: ClassRef, attr: &str) -> Option<Value> {
        self.memo(Key::Field(cls, attr.into()), || {
            let class = self.class(cls)?;
            let index = self.index(cls.file)?;
            let f = cls.file;
            let hop = || Link::Field(format!("{}.{attr}", class.name));
            let mut out = None;
            for (name, value) in &class.attrs {
                if name == attr {
                    merge(&mut out, self.initialised(f, value, &class.fields, attr));
                }
            }
            for field in &class.fields {
                if field.name == attr {
                    merge(&mut out, self.type_value(f, &field.ty, field.range));
                }
            }
            for (i, body) in index.module.bodies.iter().enumerate() {
                if body.class.as_deref() != Some(class.name.as_str()) {
                    continue;
                }
                let b = BodyId(i as u32);
                for (a, value, annotation) in &index.bodies[i].self_attr_assigns {
                    if *a == attr {
                        merge(&mut out, self.assigned(f, b, value, *annotation));
                    }
                }
            }
            // `self.producers[topic] = Producer(conf)`: a container field filled item by item.
            if out.is_none() {
                out = self.filled_field(cls, attr);
            }
            if out.is_none() {
                out = self.constructed_field(cls, attr);
            }
            if out.is_none() {
                out = self.set_from_outside(cls, attr);
            }
            // Struct literals `Class { attr: value }` anywhere in the program.
            if out.is_none() {
                for &(g, b, fields) in self.program.records_of(&class.name) {
                    if self.program.file(g).lang != index.module.lang {
                        continue;
                    }
                    for (name, value) in fields {
                        if name == attr {
                            merge(&mut out, self.value(g, b, value));
                        }
                    }
                }
            }
            if out.is_none() {
                if let Some(m) = self.method(cls, attr) {
                    // A property reads as what it returns ("returned by `sink`"), a method
                    // as itself: neither is stored in a field.
                    return if self.is_property(m) {
                        self.returns(m)
                    } else {
                        Some(Value::Func(m))
                    };
                }
            }
            if out.is_none() {
                for base in self.program_bases(cls) {
                    merge(&mut out, self.field(base, attr));
                }
                if out.is_none() && self.only_none(cls, attr) {
                    // Visibly never a client (a placeholder nothing ever fills): no name
                    // heuristic either.
                    return Some(Value::Other);
                }
                return out;
            }
            out.map(|v| v.hop(hop()))
        })
    }
}

impl<'p, 'm> Resolver<'p, 'm> {
    /// Whether field `attr` of `cls` is assigned somewhere in the class, and only ever `None`
    /// (`__PRODUCER = None` and nothing else).
    fn only_none(&self, cls: ClassRef, attr: &str) -> bool {
        let (Some(class), Some(index)) = (self.class(cls), self.index(cls.file)) else {
            return false;
        };
        let none = |e: &Expr| matches!(e, Expr::Lit { lit: Lit::None, .. });
        let mut values = (class.attrs.iter())
            .filter(|(name, _)| name == attr)
            .map(|(_, v)| v)
            .chain(
                (index.module.bodies.iter().enumerate())
                    .filter(|(_, body)| body.class.as_deref() == Some(class.name.as_str()))
                    .flat_map(|(i, _)| index.bodies[i].self_attr_assigns.iter())
                    .filter(|(a, ..)| *a == attr)
                    .map(|(_, v, _)| *v),
            )
            .peekable();
        values.peek().is_some() && values.all(none)
    }
}

/// The field `f` of `getattr(<me>.f, <name>)` (a default may follow): the body of a
/// delegating `__getattr__(<me>, <name>)`.
fn getattr_field<'e>(e: &'e Expr, me: &str, name: &str) -> Option<&'e str> {
    let Expr::Call(call) = e else { return None };
    let own_field = |e: &'e Expr| match e {
        Expr::Attr { value, attr, .. } => {
            matches!(&**value, Expr::Name { id, .. } if id == me).then_some(attr.as_str())
        }
        _ => None,
    };
    // `self._p.__getattribute__(name)`: the same lookup spelled as the dunder.
    if let (Some((owner, "__getattribute__")), [arg]) = (call.func.as_method(), &call.args[..]) {
        let by_name = matches!(&arg.value, Expr::Name { id, .. } if id == name);
        return (by_name && arg.name.is_none() && arg.spread == Spread::None)
            .then(|| own_field(owner))
            .flatten();
    }
    let positional = call
        .args
        .iter()
        .all(|a| a.name.is_none() && a.spread == Spread::None);
    if call.func.dotted().as_deref() != Some(&["getattr"][..])
        || !positional
        || !(2..=3).contains(&call.args.len())
    {
        return None;
    }
    match &call.args[1].value {
        Expr::Name { id, .. } if id == name => own_field(&call.args[0].value),
        _ => None,
    }
}

/// A `@typing.overload` signature: its body is `...`; the definition without it runs.
fn is_overload_stub(b: &Body) -> bool {
    b.decorators
        .iter()
        .any(|d| matches!(d.dotted().as_deref(), Some([.., "overload"])))
}

/// The construction every store holds (the same one), if each is one.
fn one_construction(stored: Vec<Option<Client>>) -> Option<Client> {
    let mut found: Option<Client> = None;
    for client in stored {
        let client = client?;
        if found
            .as_ref()
            .is_some_and(|f| f.origin() != client.origin())
        {
            return None;
        }
        found = Some(client);
    }
    found
}
