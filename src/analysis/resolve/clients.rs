//! Clients: a Kafka client built by a construction or a subclass, its rdkafka context, and
//! which client a receiver is (with the name heuristic and the libraries a file imports).

use super::values::{ClassRef, Client, Context, FuncRef, Origin, Resolution, Value, Via};
use super::{path_expr, Resolver};
use crate::analysis::config::ConfigView;
use crate::analysis::program::FileId;
use crate::knowledge::{ClientType, ConfigStyle, LibId, Role};
use crate::model::*;

impl<'p, 'm> Resolver<'p, 'm> {
    pub(super) fn subclass_client(&self, t: &ClientType, cls: ClassRef, at: TextRange) -> Value {
        Value::Kafka(Client {
            lib: t.lib,
            role: t.role,
            ty: Some(t.name.clone()),
            resolution: Resolution::Resolved {
                via: Via::Constructor,
                at: Origin {
                    file: cls.file,
                    range: at,
                },
                hops: Vec::new(),
            },
            config: ConfigView::Hidden,
            lib_certain: true,
            class: Some(cls),
            context: Context::Unknown,
        })
    }

    /// What a construction of program class `cls` (deriving from a client) hands to the
    /// client: every `__init__` along its program lineage passes its own parameters, in
    /// place, to one `super().__init__(..)`, untouched but for settings it writes into them
    /// under constant keys (`config["on_delivery"] = self._report`, after an optional copy
    /// `config = dict(config)`). `Some(edits)`: the call's config with those settings on
    /// top; `None`: a constructor that rebuilds or drops options some other way makes the
    /// client's config one the call does not show.
    pub(super) fn config_edits(&self, cls: ClassRef) -> Option<Vec<(&'m str, &'m Expr)>> {
        let mut pending = vec![cls];
        let mut seen = Vec::new();
        let mut edits = Vec::new();
        while let Some(c) = pending.pop() {
            if seen.contains(&c) || seen.len() > 8 {
                continue;
            }
            seen.push(c);
            if let Some(init) = self.method(c, "__init__") {
                // A subclass writes its settings before `super().__init__(..)` runs its
                // base's constructor: the base's come later, and win.
                edits.extend(self.forwarded_edits(init)?);
            }
            pending.extend(self.program_bases(c));
        }
        Some(edits)
    }

    /// The config a subclass's constructor builds for its client when it does not pass the
    /// caller's through: its one `super().__init__(..)` call, read as the client's own
    /// construction (`super().__init__(*topics, group_id=config.GROUP_ID)`: a group is set,
    /// auto-commit left at the default), when the class deriving from the client directly
    /// defines it. Values computed from the constructor's parameters are known to be set,
    /// not what they are.
    pub(super) fn super_init_config(&self, cls: ClassRef, style: ConfigStyle) -> ConfigView {
        let Some(init) = self.direct_init(cls) else {
            return ConfigView::Hidden;
        };
        match self.one_super_init(init) {
            Some(call) => self
                .config_reader(init.file, init.body)
                .constructor(call, style),
            None => ConfigView::Hidden,
        }
    }

    /// The config one construction `call` (in body `b` of file `f`) gives a client subclass
    /// whose constructor passes its `**kwargs` on (`super().__init__(bootstrap_servers=servers,
    /// group_id=group_id, value_deserializer=.., **kwargs)`): the super call's settings and the
    /// call's keywords that are not the constructor's own parameters. Complete when that spread
    /// was the super call's only unknown content and the call spreads nothing itself.
    pub(super) fn with_call_kwargs(
        &self,
        view: ConfigView,
        cls: ClassRef,
        f: FileId,
        b: BodyId,
        call: &Call,
    ) -> ConfigView {
        if !matches!(view, ConfigView::Visible { open: true, .. }) {
            return view;
        }
        let Some(init) = self.direct_init(cls) else {
            return view;
        };
        let Some(index) = self.index(init.file) else {
            return view;
        };
        let body = index.body(init.body);
        let Some(kwargs) = (body.params.iter()).find(|p| p.kind == ParamKind::VarKwargs) else {
            return view;
        };
        let Some(sup) = self.one_super_init(init) else {
            return view;
        };
        // Passed on untouched: no `kwargs[k] = v`, rebinding or `kwargs.update(..)`.
        let bi = &index.bodies[init.body.0 as usize];
        let k = kwargs.name.as_str();
        if bi.item_assigns.contains_key(k)
            || bi.assigns.contains_key(k)
            || bi.method_calls.contains_key(k)
        {
            return view;
        }
        let only_kwargs = sup.args.iter().all(|a| {
            a.spread != Spread::DoubleStar
                || matches!(&a.value, Expr::Name { id, .. } if *id == kwargs.name)
        });
        let passed = self
            .config_reader(f, b)
            .constructor(call, ConfigStyle::Kwargs);
        let (
            true,
            ConfigView::Visible {
                entries: passed,
                open: false,
                ..
            },
            ConfigView::Visible { entries, .. },
        ) = (only_kwargs, passed, &view)
        else {
            return view;
        };
        let own =
            |k: &str| (body.params.iter()).any(|p| p.name == k && p.kind != ParamKind::VarKwargs);
        let mut all: Vec<_> = passed.into_iter().filter(|(k, _)| !own(k)).collect();
        all.extend(entries.iter().cloned());
        ConfigView::Visible {
            entries: all,
            open: false,
            spread: false,
            known_from: 0,
        }
    }

    /// Where a subclass builds its client on its own: the one `super().__init__(..)` of a
    /// constructor that takes nothing from its callers (no parameter but `self`), in the class
    /// deriving from the client directly. Every construction of the class makes the same
    /// client there, so that call is the construction findings name, once.
    pub(super) fn own_construction(&self, cls: ClassRef) -> Option<(FileId, &'m Call)> {
        let init = self.direct_init(cls)?;
        let body = self.index(init.file)?.body(init.body);
        let own = usize::from(body.self_name.is_some());
        (body.params.len() <= own).then_some(())?;
        Some((init.file, self.one_super_init(init)?))
    }

    /// The constructor `cls`'s instances run first (its own `__init__` or the nearest one it
    /// inherits), when the class defining it derives from no other program class: its
    /// `super().__init__(..)` is the client's own.
    fn direct_init(&self, cls: ClassRef) -> Option<FuncRef> {
        let init = self.in_lineage(cls, |c| self.method(c, "__init__").map(|i| (c, i)));
        let (_, init) = init.filter(|(owner, _)| self.program_bases(*owner).is_empty())?;
        Some(init)
    }

    /// The one `super().__init__(..)` call of constructor `init`, if it makes exactly one.
    fn one_super_init(&self, init: FuncRef) -> Option<&'m Call> {
        let index = self.index(init.file)?;
        let mut supers = (index.calls.iter())
            .filter(|(call, b)| *b == init.body && is_super_init(call))
            .map(|&(call, _)| call);
        let first = supers.next()?;
        supers.next().is_none().then_some(first)
    }

    /// The constant-key settings constructor `init` writes into the parameters it passes to
    /// its one `super().__init__(..)` call, each in the place (or under the name) callers give
    /// it; `None` when it does not pass them so.
    fn forwarded_edits(&self, init: FuncRef) -> Option<Vec<(&'m str, &'m Expr)>> {
        let index = self.index(init.file)?;
        let body = index.body(init.body);
        let bi = &index.bodies[init.body.0 as usize];
        let params = &body.params[usize::from(body.self_name.is_some()).min(body.params.len())..];
        let call = self.one_super_init(init)?;
        let mut edits = Vec::new();
        // Untouched, or rebound only to a copy of itself and written under constant keys.
        let mut edited = |n: &str| -> bool {
            let copies =
                (bi.assigns.get(n)).is_none_or(|vs| vs.iter().all(|(v, _)| is_copy_of(v, n)));
            let items = bi.item_assigns.get(n).map_or(Some(Vec::new()), |vs| {
                vs.iter()
                    .map(|(k, v)| k.as_str().map(|k| (k, *v)))
                    .collect::<Option<Vec<_>>>()
            });
            match (copies, items, bi.method_calls.contains_key(n)) {
                (true, Some(mut items), false) => {
                    edits.append(&mut items);
                    true
                }
                _ => false,
            }
        };
        let param = |n: &str| params.iter().find(|p| p.name == n);
        let passed = (call.args.iter().enumerate()).all(|(k, a)| {
            let Expr::Name { id, .. } = &a.value else {
                return false;
            };
            let Some(p) = param(id) else {
                return false;
            };
            let in_place = match (a.name.as_deref(), a.spread) {
                (None, Spread::None) => params.get(k).is_some_and(|q| q.name == *id),
                (Some(kw), Spread::None) => kw == id,
                (None, Spread::Star) => p.kind == ParamKind::VarArgs,
                (_, Spread::DoubleStar) => p.kind == ParamKind::VarKwargs,
                _ => false,
            };
            in_place && edited(id)
        });
        passed.then_some(edits)
    }

    pub(super) fn constructed(
        &self,
        t: &ClientType,
        f: FileId,
        call: &Call,
        config: ConfigView,
        class: Option<ClassRef>,
        context: Context,
    ) -> Value {
        Value::Kafka(Client {
            lib: t.lib,
            role: t.role,
            ty: Some(t.name.clone()),
            resolution: Resolution::Resolved {
                via: Via::Constructor,
                at: Origin {
                    file: f,
                    range: call.range,
                },
                hops: Vec::new(),
            },
            // A declared wrapper's constructor need not take the client's configuration: what
            // it configures is not visible.
            config: if t.behaves_as.is_some() {
                ConfigView::Hidden
            } else {
                config
            },
            lib_certain: true,
            class,
            context,
        })
    }

    pub fn is_builder_create(&self, call: &Call) -> bool {
        call.func.as_method().is_some_and(|(_, m)| {
            self.knowledge.builder_create.contains(&m)
                || self.knowledge.builder_create_with_context.contains(&m)
        })
    }

    /// A client known from its declared type and built by `call` (a builder's `create()`):
    /// the builder says what is configured and, when it can, which context it has.
    pub(super) fn built_by(&self, client: &mut Client, f: FileId, b: BodyId, call: &Call) {
        if !self.is_builder_create(call) {
            return;
        }
        client.config = self.config_reader(f, b).builder_create(call);
        match self.construction_context(f, b, call) {
            Context::Unknown => {}
            known => client.context = known,
        }
    }

    /// The context a construction gives: none passed (`create()`, `from_config(&cfg)`) is
    /// the default one; else what the context passed last is.
    pub(super) fn construction_context(&self, f: FileId, b: BodyId, call: &Call) -> Context {
        let k = self.knowledge;
        let Some(last) = call.func.last_name() else {
            return Context::Unknown;
        };
        if k.builder_create.contains(&last) || k.from_config.contains(&last) {
            return Context::Default;
        }
        if k.builder_create_with_context.contains(&last)
            || k.from_config_with_context.contains(&last)
        {
            if let Some(arg) = call.positional().last() {
                return self.context_value(f, b, &arg.value);
            }
        }
        Context::Unknown
    }

    /// What a context value is: `DefaultProducerContext`, a program type's value
    /// (`QuietContext`, `Reporting::new()`, `Reporting { .. }`).
    pub(super) fn context_value(&self, f: FileId, b: BodyId, e: &Expr) -> Context {
        let e = self.strip(f, e);
        if let Expr::Record(r) = e {
            return self.context_path(f, &r.ty);
        }
        if let Some(q) = self.external_path(f, b, e, 0) {
            if self.is_default_context(&q) {
                return Context::Default;
            }
        }
        match self.value(f, b, e) {
            Some(Value::Instance(cls) | Value::Class(cls)) => self.context_class(cls),
            _ => Context::Unknown,
        }
    }

    /// The context a written type path names: rdkafka's default, or a program type.
    pub(super) fn context_path(&self, f: FileId, path: &[String]) -> Context {
        if let Some(q) = self.external_path(f, BodyId(0), &path_expr(path), 0) {
            if self.is_default_context(&q) {
                return Context::Default;
            }
        }
        match self.path_value(f, BodyId(0), path) {
            Some(Value::Class(cls)) => self.context_class(cls),
            _ => Context::Unknown,
        }
    }

    pub(super) fn is_default_context(&self, q: &[String]) -> bool {
        let roots = |l: &crate::knowledge::Library| l.roots.contains(&q[0].as_str());
        q.len() >= 2
            && self.knowledge.libraries.iter().any(roots)
            && (self.knowledge.default_contexts).contains(&q[q.len() - 1].as_str())
    }

    /// A program context type: silent when its `delivery` method has an empty body.
    pub(super) fn context_class(&self, cls: ClassRef) -> Context {
        let silent = self
            .find_method(cls, self.knowledge.delivery_method)
            .and_then(|m| Some(self.index(m.file)?.body(m.body).stmts.is_empty()));
        match silent {
            Some(true) => Context::Silent,
            _ => Context::Custom,
        }
    }

    /// The context a client type written as `path` in `ty` has: the first type argument, or
    /// the default when none was written (`BaseProducer`).
    pub(super) fn type_context(&self, f: FileId, ty: &TypeRef, path: &[String]) -> Context {
        match ty.first_arg(path) {
            None => Context::Default,
            Some([arg]) => self.context_path(f, arg),
            // `_`, or a generic parameter with several bounds.
            Some(_) => Context::Unknown,
        }
    }

    /// Kafka libraries file `f` imports (absolute imports that lead outside the program), in
    /// a fixed order.
    pub fn libs(&self, f: FileId) -> Vec<LibId> {
        self.imported_libs(f, false)
    }

    /// Kafka libraries whose client file `f` imports: a client module, a client class, or a
    /// declared wrapper's module. Value types alone (`Message`, `TopicPartition`,
    /// `KafkaError`) are not evidence that a receiver named `producer` is a client: the name
    /// heuristic needs one of these.
    pub fn client_libs(&self, f: FileId) -> Vec<LibId> {
        self.imported_libs(f, true)
    }

    fn imported_libs(&self, f: FileId, clients_only: bool) -> Vec<LibId> {
        if let Some(l) = self.libs.borrow().get(&(f, clients_only)) {
            return l.clone();
        }
        let mut libs = Vec::new();
        if let Some(index) = self.index(f) {
            for import in index.module.imports.iter().filter(|i| i.level == 0) {
                for entry in &import.entries {
                    let Some(root) = entry.path.first() else {
                        continue;
                    };
                    if self.program.resolve(f, &entry.path, 0).is_some() {
                        continue;
                    }
                    let client_import = !clients_only || self.imports_client(entry);
                    // A declared wrapper counts where its module is imported (`import
                    // mypkg` or `from mypkg.kafka import ..`), not for any `mypkg` module.
                    libs.extend(
                        self.knowledge
                            .clients
                            .iter()
                            .filter(|c| {
                                &c.root == root
                                    && if c.module.is_empty() {
                                        client_import
                                    } else {
                                        entry.path.starts_with(&c.module)
                                            || c.module.starts_with(&entry.path)
                                    }
                            })
                            .map(|c| c.lib),
                    );
                }
            }
        }
        libs.sort();
        libs.dedup();
        self.libs
            .borrow_mut()
            .insert((f, clients_only), libs.clone());
        libs
    }

    /// Whether an import entry of a Kafka library brings in a client rather than only a value
    /// type: the module itself (`import confluent_kafka`, `use rdkafka::consumer`, a glob), a
    /// client type or trait, the config builder, or a class named for a role (a subclass the
    /// library adds, `AvroConsumer`). A capitalised name that is none of these (`Message`,
    /// `TopicPartition`, `KafkaError`, `OFFSET_END`) is a value type or constant.
    fn imports_client(&self, entry: &ImportEntry) -> bool {
        let Some(item) = entry.path.last() else {
            return false;
        };
        if entry.glob
            || entry.path.len() == 1
            || !item.starts_with(|c: char| c.is_ascii_uppercase())
        {
            return true;
        }
        let lower = item.to_ascii_lowercase();
        let k = self.knowledge;
        lower.contains("consumer")
            || lower.contains("producer")
            || k.clients.iter().any(|c| &c.name == item)
            || k.builder_types.iter().any(|(_, t)| t == item)
    }

    /// The Kafka client a method-call receiver holds, if any.
    pub fn client_of(&self, f: FileId, b: BodyId, receiver: &Expr) -> Option<Client> {
        let index = self.index(f)?;
        let e = self.strip(f, receiver);
        let name = match e {
            Expr::Name { id, .. } => id.as_str(),
            Expr::Attr { attr, .. } => attr.as_str(),
            Expr::Call(call) => call.func.last_name()?,
            // `self.routes[topic].produce(..)`: an element of a container of clients.
            Expr::Derived {
                hop: Hop::Index, ..
            } => {
                return match self.value(f, b, e) {
                    Some(Value::Kafka(c)) => Some(c),
                    _ => None,
                }
            }
            _ => return None,
        };
        match self.value(f, b, e) {
            Some(Value::Kafka(c)) => Some(c),
            Some(_) => None,
            // Imported names are modules or types, not client instances.
            None if matches!(e, Expr::Name { .. }) && index.names.is_imported(name) => None,
            None => self.heuristic(f, name),
        }
    }

    /// The Kafka client a method call `receiver.method(..)` is made on: the receiver's, or the
    /// one a program wrapper delegates `method` to.
    pub fn method_client(
        &self,
        f: FileId,
        b: BodyId,
        receiver: &Expr,
        method: &str,
    ) -> Option<Client> {
        if let Some(client) = self.client_of(f, b, receiver) {
            return Some(client);
        }
        match self.value(f, b, receiver)? {
            Value::Instance(cls) if self.find_method(cls, method).is_none() => {
                match self.delegate(cls, method)? {
                    Value::Kafka(client) => Some(client),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Whether a receiver holds a model client.
    pub fn is_llm(&self, f: FileId, b: BodyId, receiver: &Expr) -> bool {
        let e = self.strip(f, receiver);
        matches!(e, Expr::Name { .. } | Expr::Attr { .. })
            && matches!(self.value(f, b, e), Some(Value::Llm))
    }

    pub(super) fn heuristic(&self, f: FileId, name: &str) -> Option<Client> {
        let libs = self.client_libs(f);
        let typed = self
            .index(f)
            .is_some_and(|i| i.module.lang.typed_receivers());
        if !self.heuristic || libs.is_empty() || typed {
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
            lib: libs[0],
            role,
            ty: None,
            resolution: Resolution::Heuristic {
                name: name.to_string(),
            },
            config: ConfigView::Hidden,
            lib_certain: libs.len() == 1,
            class: None,
            context: Context::Unknown,
        })
    }
}

/// `super().__init__(..)` (or `super(Cls, self).__init__(..)`).
/// `x = dict(x)`, `x = x.copy()`, `x = {**x}`, `x = copy.copy(x)`: a copy of `name`.
fn is_copy_of(e: &Expr, name: &str) -> bool {
    let is_name = |e: &Expr| matches!(e, Expr::Name { id, .. } if id == name);
    match e {
        Expr::Call(c) => match c.func.dotted().as_deref() {
            Some(["dict"] | ["copy", "copy" | "deepcopy"] | ["copy" | "deepcopy"]) => {
                matches!(&c.args[..], [a] if a.name.is_none() && is_name(&a.value))
            }
            _ => {
                c.args.is_empty()
                    && c.func
                        .as_method()
                        .is_some_and(|(recv, m)| m == "copy" && is_name(recv))
            }
        },
        Expr::Dict { items, .. } => matches!(&items[..], [(None, v)] if is_name(v)),
        _ => false,
    }
}

pub(super) fn is_super_init(call: &Call) -> bool {
    is_super_call(&call.func) && call.func.last_name() == Some("__init__")
}

/// `super().method`: a call of the base class's method on the same instance.
pub(super) fn is_super_call(func: &Expr) -> bool {
    let Some((recv, _)) = func.as_method() else {
        return false;
    };
    matches!(recv, Expr::Call(c) if c.func.dotted().as_deref() == Some(&["super"][..]))
}
