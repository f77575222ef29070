//! Calls: what a call produces (constructors of program classes, library calls, factories,
//! `functools.partial`, `super()`), and the paths of functions, classes and instances.

use super::clients::is_super_init;
use super::values::{ClassRef, Client, Context, FuncRef, Link, Resolution, Value};
use super::{is_test_double, path_expr, Resolver};
use crate::analysis::config::{ConfigValue, ConfigView};
use crate::analysis::program::FileId;
use crate::knowledge::{ClientType, ConfigStyle};
use crate::model::*;

impl<'p, 'm> Resolver<'p, 'm> {
    /// The value a call made in body `b` of file `f` produces (a constructor's client).
    pub fn call_value(&self, f: FileId, b: BodyId, call: &Call) -> Option<Value> {
        self.call(f, b, call)
    }

    /// The value a call produces.
    pub(super) fn call(&self, f: FileId, b: BodyId, call: &Call) -> Option<Value> {
        let index = self.index(f)?;
        // `super()` inside a method: the first base, a client type or a program class.
        if call.func.dotted().as_deref() == Some(&["super"][..]) {
            return self.super_value(f, b, call);
        }
        if let Some(q) = self.external_path(f, b, &call.func, 0) {
            // `typing.cast(Producer, x)`: `x`, or else the type it is declared to be.
            if q.len() == 2
                && q[1] == "cast"
                && ["typing", "typing_extensions"].contains(&q[0].as_str())
            {
                let mut args = call.positional();
                let (ty, value) = (args.next()?, args.next()?);
                if let Some(v @ Value::Kafka(_)) = self.value(f, b, &value.value) {
                    return Some(v);
                }
                let ty = TypeRef {
                    paths: vec![ty.value.dotted()?.iter().map(|s| s.to_string()).collect()],
                    ..TypeRef::default()
                };
                return self.type_value(f, &ty, call.range);
            }
            if let Some(v) = self.library_call(f, b, call, &q) {
                return Some(v);
            }
            let is_partial =
                |p: &[&str; 2]| q.len() >= 2 && q[q.len() - 2..].iter().zip(p).all(|(a, b)| a == b);
            if self
                .knowledge
                .vocab
                .partial_functions
                .iter()
                .any(is_partial)
            {
                if let Some(Expr::Attr {
                    value: recv, attr, ..
                }) = call.positional().next().map(|a| &a.value)
                {
                    if let Some(client) = self.client_of(f, b, recv) {
                        return Some(Value::Partial {
                            client: Box::new(client),
                            method: attr.to_string(),
                            file: f,
                            call: call.id,
                        });
                    }
                }
                let callee = &call.positional().next()?.value;
                let product = self.partial_product(f, b, call, callee)?;
                return Some(Value::Callable(Box::new(product)));
            }
        }
        if self.is_builder_create(call) {
            let t = call
                .type_args
                .iter()
                .find_map(|t| t.paths.iter().find_map(|p| self.client_type_at(f, p)))?;
            return Some(self.constructed(
                t,
                f,
                call,
                self.config_reader(f, b).builder_create(call),
                None,
                self.construction_context(f, b, call),
            ));
        }
        // Elements of a container: `producers.get(k)`, `producers.values()`; the value of a
        // cell: `PRODUCER.get()`.
        if let Some((recv, m)) = call.func.as_method() {
            let vocab = &self.knowledge.vocab;
            if vocab.cell_methods.contains(&m) {
                if let Some(v @ Value::Kafka(_)) = self.value(f, b, recv) {
                    return Some(v);
                }
            }
            if vocab.element_methods.contains(&m) || vocab.elements_methods.contains(&m) {
                if let Some(Value::Elements(v)) = self.value(f, b, recv) {
                    return Some(if vocab.element_methods.contains(&m) {
                        *v
                    } else {
                        Value::Elements(v)
                    });
                }
            }
        }
        match self.value(f, b, &call.func) {
            Some(Value::Func(func)) => {
                // A program function declared as a factory: the declaration says what it
                // returns.
                if !self.knowledge.factories.is_empty() {
                    let q = self.func_path(func);
                    if let Some(factory) = self.knowledge.factory(&q) {
                        return Some(self.factory_client(&factory.client, f, call, &q));
                    }
                }
                self.returns(func)
            }
            Some(Value::Class(cls)) => Some(match self.client_base(cls) {
                Some(t) => self.subclass_constructed(t, cls, f, b, call),
                None => Value::Instance(cls),
            }),
            Some(Value::Callable(v)) => Some(*v),
            Some(Value::Double) => Some(Value::Double),
            _ => {
                // A constructor or factory imported from a library (`sqlite3.connect(..)`,
                // `Session(engine)`): visibly not a client. Unless the library is a Kafka
                // client's and the name is not one it is known for: that says nothing either
                // way (the name heuristic may still decide).
                let written = call.func.dotted()?;
                let library = index.names.imported(written[0]).is_some_and(|imp| {
                    imp.level == 0
                        && self.program.resolve(f, &imp.path, 0).is_none()
                        && !imp.path.first().is_some_and(|root| {
                            (self.knowledge.libraries.iter())
                                .any(|l| l.roots.contains(&root.as_str()))
                        })
                });
                library.then_some(Value::Other)
            }
        }
    }

    /// What calling `functools.partial(callee, ..)` later makes: an instance of a program
    /// class, what a program function returns, a client (its configuration not visible: the
    /// partial's arguments are not the constructor's).
    pub(super) fn partial_product(
        &self,
        f: FileId,
        b: BodyId,
        partial: &Call,
        callee: &Expr,
    ) -> Option<Value> {
        match self.value(f, b, callee) {
            Some(Value::Func(func)) => self.returns(func),
            Some(Value::Class(cls)) => Some(match self.client_base(cls) {
                Some(t) => self.constructed(
                    t,
                    f,
                    partial,
                    ConfigView::Hidden,
                    Some(cls),
                    Context::Unknown,
                ),
                None => Value::Instance(cls),
            }),
            Some(_) => None,
            None => {
                let q = self.external_path(f, b, callee, 0)?;
                let t = self.knowledge.client_type(&q)?;
                Some(self.constructed(t, f, partial, ConfigView::Hidden, None, Context::Unknown))
            }
        }
    }

    /// A call of a library function or type (`Consumer(conf)`, `StreamConsumer::from_config`,
    /// a model client).
    pub(super) fn library_call(
        &self,
        f: FileId,
        b: BodyId,
        call: &Call,
        q: &[String],
    ) -> Option<Value> {
        if let Some(t) = self
            .knowledge
            .client_type(q)
            .or_else(|| self.glob_client(f, q))
        {
            let config = self.config_reader(f, b).constructor(call, t.config);
            return Some(self.constructed(t, f, call, config, None, Context::Unknown));
        }
        // Rust associated constructors: `StreamConsumer::from_config(&cfg)`.
        if q.len() >= 2 {
            if let Some(t) = self.knowledge.client_type(&q[..q.len() - 1]) {
                let k = self.knowledge;
                let last = q[q.len() - 1].as_str();
                if k.from_config.contains(&last)
                    || k.from_config_with_context.contains(&last)
                    || last == "new"
                {
                    let config = self.config_reader(f, b).constructor(call, t.config);
                    let context = self.construction_context(f, b, call);
                    return Some(self.constructed(t, f, call, config, None, context));
                }
            }
        }
        if let Some(factory) = self.knowledge.factory(q) {
            return Some(self.factory_client(&factory.client, f, call, q));
        }
        if is_test_double(self.knowledge.vocab.test_double_modules, q) {
            return Some(Value::Double);
        }
        if self.knowledge.llm.is_llm_path(q) {
            let last = q.last().map(String::as_str).unwrap_or("");
            return (!self.knowledge.llm.is_generate(last)).then_some(Value::Llm);
        }
        None
    }

    /// A client made by a declared factory: resolved at the call, "returned by" the factory,
    /// its configuration not visible.
    pub(super) fn factory_client(
        &self,
        t: &ClientType,
        f: FileId,
        call: &Call,
        q: &[String],
    ) -> Value {
        let mut v = self.constructed(t, f, call, ConfigView::Hidden, None, Context::Unknown);
        if let (Value::Kafka(c), Some(name)) = (&mut v, q.last()) {
            if let Resolution::Resolved { hops, .. } = &mut c.resolution {
                hops.push(Link::Returned(name.clone()));
            }
        }
        v
    }

    /// The statements and parameters of a callable passed as a value: a lambda or closure
    /// written there, the program function it names (`on_delivery=record_failure`, a
    /// function defined in the caller), or the one a `functools.partial` binds (its
    /// parameters after those the positional arguments fill). What a callback does is read
    /// from them.
    pub fn callable_body<'e>(
        &self,
        f: FileId,
        b: BodyId,
        e: &'e Expr,
    ) -> Option<(&'e [Stmt], &'e [Param])>
    where
        'm: 'e,
    {
        match e {
            Expr::Closure(c) => Some((&c.body, &c.params)),
            Expr::Call(call)
                if (call.func.last_name()).is_some_and(|last| {
                    (self.knowledge.vocab.partial_functions.iter()).any(|p| p[1] == last)
                }) =>
            {
                let mut positional = call.positional();
                let func = &positional.next()?.value;
                let bound = positional.count();
                let (stmts, params) = self.callable_body(f, b, func)?;
                Some((stmts, params.get(bound..).unwrap_or_default()))
            }
            _ => match self.value(f, b, e)? {
                Value::Func(func) => {
                    let body = self.index(func.file)?.body(func.body);
                    Some((&body.stmts, &body.params))
                }
                _ => None,
            },
        }
    }

    /// The program function `callee` names: a function (`publish`, `helpers.publish`) or a
    /// method of a program class's instance (`client.send`, `self.send`, or the method a
    /// delegating `__getattr__` reaches).
    pub fn program_func(&self, f: FileId, b: BodyId, callee: &Expr) -> Option<FuncRef> {
        if let Expr::Attr {
            value: recv, attr, ..
        } = callee
        {
            if let Some(Value::Instance(cls)) = self.value(f, b, recv) {
                return self
                    .find_method(cls, attr)
                    .or_else(|| self.bound_method(cls, attr))
                    .or_else(|| match self.delegate(cls, attr)? {
                        Value::Instance(inner) => self.find_method(inner, attr),
                        _ => None,
                    });
            }
        }
        match self.value(f, b, callee)? {
            Value::Func(func) => Some(func),
            _ => None,
        }
    }

    /// The qualified path of a program function: its module, its class, its name.
    pub fn func_path(&self, func: FuncRef) -> Vec<String> {
        let Some(index) = self.index(func.file) else {
            return Vec::new();
        };
        let body = index.body(func.body);
        let mut path = self.program.file(func.file).module.to_vec();
        path.extend(body.class.iter().cloned());
        path.push(body.name.clone());
        path
    }

    /// The qualified path of a program class.
    pub(super) fn class_path(&self, cls: ClassRef) -> Option<Vec<String>> {
        let class = self.class(cls)?;
        let mut path = self.program.file(cls.file).module.to_vec();
        path.push(class.name.clone());
        Some(path)
    }

    /// The library type an instance was made from, as a qualified path: `tracker` bound to
    /// `DeliveryTracker(..)` (imported from a library), a parameter annotated with it, or
    /// `self.tracker` assigned so in a method of the class.
    pub fn instance_path(&self, f: FileId, b: BodyId, e: &Expr) -> Option<Vec<String>> {
        let index = self.index(f)?;
        let from_value = |g: FileId, gb: BodyId, value: &Expr| match self.strip(g, value) {
            Expr::Call(c) => self.external_path(g, gb, &c.func, 0),
            _ => None,
        };
        match self.strip(f, e) {
            Expr::Name { id, .. } => {
                if let Some((g, gb, value)) = self.definition(f, b, id, 0) {
                    return from_value(g, gb, value);
                }
                let body = index.body(b);
                let p = body.params.iter().find(|p| p.name == id)?;
                let ty = p.annotation.as_ref()?;
                let [path] = ty.paths.as_slice() else {
                    return None;
                };
                self.external_path(f, BodyId(0), &path_expr(path), 0)
            }
            Expr::Attr { value, attr, .. } => {
                let Expr::Name { id, .. } = value.as_ref() else {
                    return None;
                };
                let class = index.body(b).class.as_deref()?;
                if index.body(b).self_name.as_deref() != Some(id.as_str()) {
                    return None;
                }
                index
                    .module
                    .bodies
                    .iter()
                    .enumerate()
                    .filter(|(_, body)| body.class.as_deref() == Some(class))
                    .find_map(|(i, _)| {
                        index.bodies[i]
                            .self_attr_assigns
                            .iter()
                            .filter(|(a, _, _)| a == attr)
                            .find_map(|(_, value, _)| from_value(f, BodyId(i as u32), value))
                    })
            }
            _ => None,
        }
    }

    /// What constructing program class `cls`, a subclass of client type `t`, makes at `call`.
    fn subclass_constructed(
        &self,
        t: &ClientType,
        cls: ClassRef,
        f: FileId,
        b: BodyId,
        call: &Call,
    ) -> Value {
        if let Some((g, at)) = self.own_construction(cls) {
            let config = self.super_init_config(cls, t.config);
            return self.constructed(t, g, at, config, Some(cls), Context::Unknown);
        }
        // The client gets what the subclass's constructors pass on: the call's config only
        // when they pass it through untouched.
        let config = match self.config_edits(cls) {
            Some(edits) => {
                let reader = self.config_reader(f, b);
                reader.constructor(call, t.config).with_settings(
                    edits
                        .into_iter()
                        .map(|(k, v)| (k.to_string(), ConfigValue::of(v))),
                )
            }
            None if t.config == ConfigStyle::Kwargs => {
                let view = self.super_init_config(cls, t.config);
                self.with_call_kwargs(view, cls, f, b, call)
            }
            None => self.super_init_config(cls, t.config),
        };
        self.constructed(t, f, call, config, Some(cls), Context::Unknown)
    }

    /// The client a subclass's own `super().__init__(..)` builds, when that call is where
    /// every construction of the class makes it (`own_construction`).
    pub fn super_construction(&self, f: FileId, b: BodyId, call: &Call) -> Option<Client> {
        if !is_super_init(call) {
            return None;
        }
        let cls = self.enclosing_class(f, b)?;
        let t = self.client_base(cls)?;
        let (g, at) = self.own_construction(cls)?;
        (g == f && at.id == call.id).then_some(())?;
        match self.subclass_constructed(t, cls, f, b, call) {
            Value::Kafka(c) => Some(c),
            _ => None,
        }
    }

    /// The class whose method body `b` of file `f` is.
    fn enclosing_class(&self, f: FileId, b: BodyId) -> Option<ClassRef> {
        let index = self.index(f)?;
        let class_name = index.body(b).class.as_deref()?;
        let i = (index.module.classes.iter()).position(|c| c.name == class_name)?;
        Some(ClassRef {
            file: f,
            index: i as u32,
        })
    }

    pub(super) fn super_value(&self, f: FileId, b: BodyId, call: &Call) -> Option<Value> {
        let cls = self.enclosing_class(f, b)?;
        // `super()` is the rest of the MRO: in a class mixing a client with other classes
        // (`class KC(ConfigMixin, Consumer)`, in either order), the client's methods are
        // reached through it whatever the mixin's place.
        if let Some(t) = self.client_base(cls) {
            return Some(self.subclass_client(t, cls, call.range));
        }
        let base = *self.program_bases(cls).first()?;
        Some(Value::Instance(base))
    }
}
