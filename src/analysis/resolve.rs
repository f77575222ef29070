//! What a value is, across the program (the catalog's "Resolution" section): constructors
//! through imports and aliases, annotations and type aliases, function returns and yields
//! (`@contextmanager`, `@property`, pytest fixtures), module-level names of other modules,
//! fields and class attributes (of the class and its bases, any depth), struct literals,
//! container elements, subclasses of client types, and parameters from their callers. Demand
//! driven and memoised; recursion and import cycles end in "unknown" within a budget.
//! Dynamic access (`getattr`, `importlib` with a computed name) is never guessed.

use foldhash::HashMap;
use std::cell::{Cell, RefCell};

use super::config::{ConfigReader, ConfigView};
use super::index::FileIndex;
use super::program::{FileId, ImportTarget, Program};
use crate::knowledge::{ClientType, Knowledge, LibId, Role};
use crate::model::*;

/// How a receiver was recognised as a Kafka client.
#[derive(Debug, Clone, PartialEq)]
pub enum Resolution {
    /// Traced to a constructor, annotation or client subclass at `at`, through `hops`.
    Resolved {
        via: Via,
        at: Origin,
        hops: Vec<Link>,
    },
    /// Name heuristic: the file imports a Kafka module and the name contains the role.
    Heuristic { name: String },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Via {
    Constructor,
    Annotation,
}

/// Where a client value was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Origin {
    pub file: FileId,
    pub range: TextRange,
}

/// A step the value took on its way to the receiver (shown in diagnostics).
#[derive(Debug, Clone, PartialEq)]
pub enum Link {
    /// Returned (or yielded) by a function or property.
    Returned(String),
    /// A pytest fixture.
    Fixture(String),
    /// Stored in a field or class attribute (`Worker._kc`).
    Field(String),
    /// Passed as an argument by a caller.
    Argument(String),
    /// Reached through a wrapper's delegating `__getattr__` (`SafeProducer.__getattr__`).
    Delegated(String),
}

impl Link {
    pub fn describe(&self) -> String {
        match self {
            Link::Returned(f) => format!("returned by `{f}`"),
            Link::Fixture(f) => format!("from fixture `{f}`"),
            Link::Field(f) => format!("stored in `{f}`"),
            Link::Argument(f) => format!("passed to `{f}`"),
            Link::Delegated(f) => format!("delegated by `{f}`"),
        }
    }
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
    /// A project class deriving from the client type: its overrides are wrappers.
    pub class: Option<ClassRef>,
    /// rdkafka: the context it was built with or typed by (who receives its deliveries).
    pub context: Context,
}

/// What an rdkafka client's context is known to be: from its construction (`create()`,
/// `from_config(..)`, `create_with_context(ctx)`) or its type (`ThreadedProducer<Ctx>`, or
/// the context parameter left at its default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Context {
    #[default]
    Unknown,
    /// A context that does nothing (`DefaultProducerContext`).
    Default,
    /// A program type whose `delivery` method has an empty body.
    Silent,
    /// A program type (or a generic bound) that may observe deliveries.
    Custom,
}

impl Client {
    pub fn is_heuristic(&self) -> bool {
        matches!(self.resolution, Resolution::Heuristic { .. })
    }

    /// Where the client was made, when resolved.
    pub fn origin(&self) -> Option<Origin> {
        match &self.resolution {
            Resolution::Resolved { at, .. } => Some(*at),
            Resolution::Heuristic { .. } => None,
        }
    }

    fn hop(mut self, hop: Link) -> Self {
        if let Resolution::Resolved { hops, .. } = &mut self.resolution {
            if hops.len() < 8 && hops.last() != Some(&hop) {
                hops.push(hop);
            }
        }
        self
    }
}

/// A class or struct of the program.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClassRef {
    pub file: FileId,
    pub index: u32,
}

/// A function or method of the program.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FuncRef {
    pub file: FileId,
    pub body: BodyId,
}

/// What an expression holds.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Kafka(Client),
    /// A language-model client (OL3xx sources are its generate calls).
    Llm,
    /// Visibly something else (a non-Kafka constructor): never a heuristic match.
    Other,
    /// A test double (`MagicMock(..)`, `mocker.patch(..)`): its attributes and what calling
    /// it returns are doubles too, never a heuristic match.
    Double,
    /// A lambda: calling it gives this.
    Callable(Box<Value>),
    /// An instance of a program class: its fields and methods resolve through the class.
    Instance(ClassRef),
    Class(ClassRef),
    Func(FuncRef),
    Module(FileId),
    /// A container whose elements are this.
    Elements(Box<Value>),
    Tuple(Vec<Option<Value>>),
    /// `functools.partial(client.method, ..)`: calling it calls the method with the partial's
    /// arguments first (the partial call is `call` in `file`).
    Partial {
        client: Box<Client>,
        method: String,
        file: FileId,
        call: CallId,
    },
}

impl Value {
    /// The value as a fixture gives it: "from fixture `x`" instead of "returned by `x`".
    fn fixture(self, function: &str, name: &str) -> Self {
        match self {
            Value::Kafka(mut c) => {
                if let Resolution::Resolved { hops, .. } = &mut c.resolution {
                    if hops.last() == Some(&Link::Returned(function.to_string())) {
                        hops.pop();
                    }
                }
                Value::Kafka(c.hop(Link::Fixture(name.to_string())))
            }
            Value::Tuple(vs) => Value::Tuple(
                vs.into_iter()
                    .map(|v| v.map(|v| v.fixture(function, name)))
                    .collect(),
            ),
            Value::Callable(v) => Value::Callable(Box::new(v.fixture(function, name))),
            other => other.hop(Link::Fixture(name.to_string())),
        }
    }

    fn hop(self, hop: Link) -> Self {
        match self {
            Value::Kafka(c) => Value::Kafka(c.hop(hop)),
            Value::Callable(v) => Value::Callable(Box::new(v.hop(hop))),
            Value::Tuple(vs) => Value::Tuple(
                vs.into_iter()
                    .map(|v| v.map(|v| v.hop(hop.clone())))
                    .collect(),
            ),
            other => other,
        }
    }
}

/// Keep the most informative value: a Kafka client beats anything else; otherwise the first.
fn merge(slot: &mut Option<Value>, new: Option<Value>) {
    match (&slot, new) {
        (_, None) => {}
        (None, Some(v)) => *slot = Some(v),
        (Some(Value::Kafka(_)), Some(_)) => {}
        (Some(_), Some(v @ Value::Kafka(_))) => *slot = Some(v),
        (Some(_), Some(_)) => {}
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key {
    Name(FileId, BodyId, String),
    Export(FileId, String),
    Field(ClassRef, String),
    Return(FuncRef),
    Param(FuncRef, usize),
}

/// Recursion budget: resolution deeper than this is "unknown".
pub const MAX_DEPTH: u32 = 48;

pub struct Resolver<'p, 'm> {
    pub program: &'p Program<'m>,
    pub knowledge: &'m Knowledge,
    heuristic: bool,
    memo: RefCell<HashMap<Key, Option<Value>>>,
    libs: RefCell<HashMap<FileId, Vec<LibId>>>,
    depth: Cell<u32>,
    /// Resolutions stopped by `MAX_DEPTH` so far (`--statistics`).
    pub cuts: Cell<u32>,
}

impl<'p, 'm> Resolver<'p, 'm> {
    /// Whether the name heuristic is on.
    pub fn heuristic_on(&self) -> bool {
        self.heuristic
    }

    pub fn new(program: &'p Program<'m>, knowledge: &'m Knowledge, heuristic: bool) -> Self {
        Resolver {
            program,
            knowledge,
            heuristic,
            memo: RefCell::new(HashMap::default()),
            libs: RefCell::new(HashMap::default()),
            depth: Cell::new(0),
            cuts: Cell::new(0),
        }
    }

    fn index(&self, f: FileId) -> Option<&'p FileIndex<'m>> {
        self.program.index(f)
    }

    /// Memoised, cycle-safe evaluation: a key being computed reads as unknown.
    fn memo(&self, key: Key, compute: impl FnOnce() -> Option<Value>) -> Option<Value> {
        if let Some(v) = self.memo.borrow().get(&key) {
            return v.clone();
        }
        if self.depth.get() >= MAX_DEPTH {
            self.cuts.set(self.cuts.get() + 1);
            return None;
        }
        self.memo.borrow_mut().insert(key.clone(), None);
        self.depth.set(self.depth.get() + 1);
        let v = compute();
        self.depth.set(self.depth.get() - 1);
        self.memo.borrow_mut().insert(key, v.clone());
        v
    }

    // ----- expressions ---------------------------------------------------------------------

    /// Looks through what keeps the same value: `.await`, `?`, `.unwrap()`, `.clone()`,
    /// `.lock()`, `Arc::new(x)`, `Some(x)`, `closing(x)`, `stack.enter_context(x)`.
    pub fn strip<'e>(&self, f: FileId, mut e: &'e Expr) -> &'e Expr {
        let vocab = &self.knowledge.vocab;
        let Some(index) = self.index(f) else { return e };
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
                    let last = call.func.last_name().unwrap_or("");
                    let wrapper = vocab.passthrough_calls.contains(&last)
                        || index.names.qualify_expr(&call.func).is_some_and(|q| {
                            q.len() >= 2
                                && q[q.len() - 1] == "new"
                                && vocab.value_wrappers.contains(&q[q.len() - 2].as_str())
                                || q.len() == 1 && vocab.wrapping_variants.contains(&q[0].as_str())
                        });
                    match (wrapper, call.positional().next()) {
                        (true, Some(arg)) => e = &arg.value,
                        _ => return e,
                    }
                }
                _ => return e,
            }
        }
        e
    }

    /// The value of `e` evaluated in body `b` of file `f`.
    pub fn value(&self, f: FileId, b: BodyId, e: &Expr) -> Option<Value> {
        let e = self.strip(f, e);
        match e {
            Expr::Name { id, .. } => self.name(f, b, id),
            Expr::Attr { value, attr, .. } => {
                let owner = self.value(f, b, value)?;
                self.member(&owner, attr)
            }
            Expr::Call(call) => self.call(f, b, call),
            Expr::Derived {
                parts,
                hop: Hop::Index,
                ..
            } => match self.value(f, b, parts.first()?)? {
                Value::Elements(v) => Some(*v),
                Value::Tuple(vs) => {
                    let i = match parts.get(1) {
                        Some(Expr::Lit {
                            lit: Lit::Int(i), ..
                        }) => usize::try_from(*i).ok()?,
                        _ => return None,
                    };
                    vs.into_iter().nth(i).flatten()
                }
                _ => None,
            },
            // `a if c else b`, `a or b`: the informative one.
            Expr::Derived {
                parts,
                hop: Hop::Conditional | Hop::Operator,
                ..
            } => {
                let mut out = None;
                for p in parts {
                    merge(&mut out, self.value(f, b, p));
                }
                out.filter(|v| matches!(v, Value::Kafka(_) | Value::Instance(_)))
            }
            Expr::Seq { elts, .. } if elts.len() <= 16 => Some(Value::Tuple(
                elts.iter().map(|e| self.value(f, b, e)).collect(),
            )),
            Expr::Closure(c) => self.lambda(f, b, c),
            _ => None,
        }
    }

    /// A lambda (`lambda: Consumer(conf)`) as a value: calling it gives what it returns,
    /// evaluated where it is written; unknown when that is one of its own parameters
    /// (`lambda c: c`), which the enclosing scope would mistake for its own names.
    fn lambda(&self, f: FileId, b: BodyId, c: &ClosureExpr) -> Option<Value> {
        let [Stmt {
            kind:
                StmtKind::Exit {
                    kind: ExitKind::Return,
                    value: Some(returned),
                },
            ..
        }] = c.body.as_slice()
        else {
            return None;
        };
        let head = match self.strip(f, returned) {
            Expr::Call(call) => &call.func,
            e => e,
        };
        let own = |d: Vec<&str>| c.params.iter().any(|p| p.name == d[0]);
        if head.dotted().is_some_and(own) {
            return None;
        }
        Some(Value::Callable(Box::new(self.value(f, b, returned)?)))
    }

    /// A name as seen from body `b`: its locals, the enclosing functions', the module's.
    pub fn name(&self, f: FileId, b: BodyId, name: &str) -> Option<Value> {
        let index = self.index(f)?;
        let mut current = Some(b);
        while let Some(id) = current {
            if id.0 == 0 {
                break;
            }
            if let Some(v) = self.local(f, id, name) {
                return Some(v);
            }
            current = index.module.bodies.get(id.0 as usize)?.parent;
        }
        self.module_name(f, name)
    }

    /// What `name` is bound to inside body `b` itself (assignments, parameters, loops).
    fn local(&self, f: FileId, b: BodyId, name: &str) -> Option<Value> {
        self.memo(Key::Name(f, b, name.to_string()), || {
            let index = self.index(f)?;
            let bi = index.bodies.get(b.0 as usize)?;
            let body = index.body(b);
            let mut out = None;
            if let Some(assigns) = bi.assigns.get(name) {
                for (value, annotation) in assigns {
                    merge(&mut out, self.assigned(f, b, value, *annotation));
                }
            }
            if let Some(assigns) = bi.tuple_assigns.get(name) {
                for (value, i) in assigns {
                    if let Some(Value::Tuple(vs)) = self.value(f, b, value) {
                        merge(&mut out, vs.into_iter().nth(*i).flatten());
                    }
                }
            }
            for (target, iter) in &bi.for_loops {
                if matches!(target, Target::Name(n, _) if n == name) {
                    if let Some(Value::Elements(v)) = self.value(f, b, iter) {
                        merge(&mut out, Some(*v));
                    }
                }
            }
            if out.is_none() {
                // `def _make(..)` inside a factory (a fixture returning it).
                if let Some(&(_, nested)) = bi.functions.iter().find(|(n, _)| *n == name) {
                    return Some(Value::Func(FuncRef {
                        file: f,
                        body: nested,
                    }));
                }
                if let Some(i) = body.params.iter().position(|p| p.name == name) {
                    out = self.param(FuncRef { file: f, body: b }, i);
                }
            }
            out
        })
    }

    /// The value an assignment gives (declared as `annotation`).
    fn assigned(
        &self,
        f: FileId,
        b: BodyId,
        value: &Expr,
        annotation: Option<&TypeRef>,
    ) -> Option<Value> {
        let stripped = self.strip(f, value);
        if let Some(Value::Kafka(mut client)) =
            annotation.and_then(|a| self.type_value(f, a, stripped.range()))
        {
            if let Expr::Call(call) = stripped {
                self.built_by(&mut client, f, b, call);
            }
            return Some(Value::Kafka(client));
        }
        self.value(f, b, value)
            .or_else(|| annotation.and_then(|a| self.type_value(f, a, stripped.range())))
    }

    /// A module-level name of file `f`: an assignment, a function, a class, an import.
    pub fn module_name(&self, f: FileId, name: &str) -> Option<Value> {
        self.memo(Key::Export(f, name.to_string()), || {
            let index = self.index(f)?;
            let module = index.module;
            let mut out = None;
            if let Some(bi) = index.bodies.first() {
                if let Some(assigns) = bi.assigns.get(name) {
                    for (value, annotation) in assigns {
                        merge(&mut out, self.assigned(f, BodyId(0), value, *annotation));
                    }
                }
            }
            if out.is_some() {
                return out;
            }
            if let Some(i) = module.bodies.iter().position(|b| {
                b.kind == BodyKind::Function
                    && b.parent.is_none()
                    && b.class.is_none()
                    && b.name == name
            }) {
                return Some(Value::Func(FuncRef {
                    file: f,
                    body: BodyId(i as u32),
                }));
            }
            if let Some(i) = module.classes.iter().position(|c| c.name == name) {
                return Some(Value::Class(ClassRef {
                    file: f,
                    index: i as u32,
                }));
            }
            if let Some(imp) = index.names.imported(name) {
                return match self.program.resolve(f, &imp.path, imp.level)? {
                    ImportTarget::Module(g) => Some(Value::Module(g)),
                    ImportTarget::Item(g, rest) => self.item(g, &rest),
                };
            }
            // Glob imports of program modules (`use super::*`, `from .x import *`).
            for (path, level) in &index.names.globs {
                if let Some(ImportTarget::Module(g)) = self.program.resolve(f, path, *level) {
                    if g != f {
                        if let Some(v) = self.module_name(g, name) {
                            return Some(v);
                        }
                    }
                }
            }
            // The start of a path written without `use`: `crate::kafka::build()`.
            self.program.path_root(f, name).map(Value::Module)
        })
    }

    /// `rest[0]` in module `g`, then attributes.
    fn item(&self, g: FileId, rest: &[String]) -> Option<Value> {
        let (first, more) = rest.split_first()?;
        let mut v = self.module_name(g, first)?;
        for attr in more {
            v = self.member(&v, attr)?;
        }
        Some(v)
    }

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

    fn class(&self, cls: ClassRef) -> Option<&'m Class> {
        self.index(cls.file)?.module.classes.get(cls.index as usize)
    }

    /// Methods (bodies) of a class in its file, by name.
    fn method(&self, cls: ClassRef, name: &str) -> Option<FuncRef> {
        let class = self.class(cls)?;
        let index = self.index(cls.file)?;
        let i = index
            .module
            .bodies
            .iter()
            .position(|b| b.class.as_deref() == Some(class.name.as_str()) && b.name == name)?;
        Some(FuncRef {
            file: cls.file,
            body: BodyId(i as u32),
        })
    }

    /// The method `name` of `cls` or of its program base classes.
    pub fn find_method(&self, cls: ClassRef, name: &str) -> Option<FuncRef> {
        self.in_lineage(cls, |c| self.method(c, name))
    }

    /// The first answer `find` gives for `cls` or one of its program base classes (bases
    /// resolved only as far as needed).
    fn in_lineage<T>(
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
    fn defines(&self, cls: ClassRef, attr: &str) -> bool {
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

    /// The field a class's `__getattr__` delegates to, and whose `__getattr__` it is.
    fn delegating_field(&self, cls: ClassRef) -> Option<(String, String)> {
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
    fn is_protocol(&self, cls: ClassRef) -> bool {
        self.class(cls).is_some_and(|c| {
            (c.bases.paths.iter()).any(|p| p.last().is_some_and(|n| n == "Protocol"))
        })
    }

    /// Base classes of `cls` that are classes of the program.
    fn program_bases(&self, cls: ClassRef) -> Vec<ClassRef> {
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
    fn field(&self, cls: ClassRef, attr: &str) -> Option<Value> {
        self.memo(Key::Field(cls, attr.to_string()), || {
            let class = self.class(cls)?;
            let index = self.index(cls.file)?;
            let f = cls.file;
            let hop = || Link::Field(format!("{}.{attr}", class.name));
            let mut out = None;
            for (name, value) in &class.attrs {
                if name == attr {
                    merge(&mut out, self.value(f, BodyId(0), value));
                }
            }
            for field in &class.fields {
                if field.name == attr {
                    merge(&mut out, self.type_value(f, &field.ty, class.range));
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
                    let body = index.body(m.body);
                    let is_property = body.decorators.iter().any(|d| {
                        d.last_name()
                            .is_some_and(|n| self.knowledge.vocab.property_decorators.contains(&n))
                    });
                    // A property reads as what it returns ("returned by `sink`"), a method
                    // as itself: neither is stored in a field.
                    return if is_property {
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
                return out;
            }
            out.map(|v| v.hop(hop()))
        })
    }

    // ----- calls ---------------------------------------------------------------------------

    /// The value a call made in body `b` of file `f` produces (a constructor's client).
    pub fn call_value(&self, f: FileId, b: BodyId, call: &Call) -> Option<Value> {
        self.call(f, b, call)
    }

    /// The value a call produces.
    fn call(&self, f: FileId, b: BodyId, call: &Call) -> Option<Value> {
        let index = self.index(f)?;
        // `super()` inside a method: the first base, a client type or a program class.
        if call.func.dotted().as_deref() == Some(&["super"][..]) {
            return self.super_value(f, b, call);
        }
        if let Some(q) = self.external_path(f, b, &call.func, 0) {
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
                            method: attr.clone(),
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
                Some(t) => {
                    let config = self.config_reader(f, b).constructor(call, t.config);
                    self.constructed(t, f, call, config, Some(cls), Context::Unknown)
                }
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
    fn partial_product(
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
    fn library_call(&self, f: FileId, b: BodyId, call: &Call, q: &[String]) -> Option<Value> {
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
    fn factory_client(&self, t: &ClientType, f: FileId, call: &Call, q: &[String]) -> Value {
        let mut v = self.constructed(t, f, call, ConfigView::Hidden, None, Context::Unknown);
        if let (Value::Kafka(c), Some(name)) = (&mut v, q.last()) {
            if let Resolution::Resolved { hops, .. } = &mut c.resolution {
                hops.push(Link::Returned(name.clone()));
            }
        }
        v
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
    fn class_path(&self, cls: ClassRef) -> Option<Vec<String>> {
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
                let p = body.params.iter().find(|p| &p.name == id)?;
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

    fn super_value(&self, f: FileId, b: BodyId, call: &Call) -> Option<Value> {
        let index = self.index(f)?;
        let class_name = index.body(b).class.as_deref()?;
        let i = index
            .module
            .classes
            .iter()
            .position(|c| c.name == class_name)?;
        let cls = ClassRef {
            file: f,
            index: i as u32,
        };
        if let Some(base) = self.program_bases(cls).first() {
            return Some(match self.client_base(*base) {
                Some(t) => self.subclass_client(t, cls, call.range),
                None => Value::Instance(*base),
            });
        }
        let t = self.client_base(cls)?;
        Some(self.subclass_client(t, cls, call.range))
    }

    fn subclass_client(&self, t: &ClientType, cls: ClassRef, at: TextRange) -> Value {
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

    fn constructed(
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
    fn built_by(&self, client: &mut Client, f: FileId, b: BodyId, call: &Call) {
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
    fn construction_context(&self, f: FileId, b: BodyId, call: &Call) -> Context {
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
    fn context_value(&self, f: FileId, b: BodyId, e: &Expr) -> Context {
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
    fn context_path(&self, f: FileId, path: &[String]) -> Context {
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

    fn is_default_context(&self, q: &[String]) -> bool {
        let roots = |l: &crate::knowledge::Library| l.roots.contains(&q[0].as_str());
        q.len() >= 2
            && self.knowledge.libraries.iter().any(roots)
            && (self.knowledge.default_contexts).contains(&q[q.len() - 1].as_str())
    }

    /// A program context type: silent when its `delivery` method has an empty body.
    fn context_class(&self, cls: ClassRef) -> Context {
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
    fn type_context(&self, f: FileId, ty: &TypeRef, path: &[String]) -> Context {
        match ty.first_arg(path) {
            None => Context::Default,
            Some([arg]) => self.context_path(f, arg),
            // `_`, or a generic parameter with several bounds.
            Some(_) => Context::Unknown,
        }
    }

    pub fn config_reader<'r>(&'r self, f: FileId, b: BodyId) -> ConfigReader<'r, 'p, 'm> {
        ConfigReader::new(self, f, b)
    }

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
        if let Some([(value, _)]) = alias.map(Vec::as_slice) {
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

    /// `name.rest` as defined in module `g`: a library path when `g` imports or aliases it.
    fn external_in(&self, g: FileId, name: &str, rest: &[&str], depth: u32) -> Option<Vec<String>> {
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
    fn glob_client(&self, f: FileId, q: &[String]) -> Option<&'m ClientType> {
        let [name] = q else { return None };
        let index = self.index(f)?;
        index.names.globs.iter().find_map(|(glob, level)| {
            if *level > 0 {
                return None;
            }
            self.knowledge.client_named(glob.first()?, name)
        })
    }

    /// The client type a project class derives from, transitively.
    pub fn client_base(&self, cls: ClassRef) -> Option<&'m ClientType> {
        let mut seen = Vec::new();
        let mut stack = vec![cls];
        while let Some(c) = stack.pop() {
            if seen.contains(&c) || seen.len() > 16 {
                continue;
            }
            seen.push(c);
            // A program class declared in configuration as a client wrapper.
            if self
                .knowledge
                .clients
                .iter()
                .any(|t| t.behaves_as.is_some())
            {
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
    fn client_type_at(&self, f: FileId, path: &[String]) -> Option<&'m ClientType> {
        let e = path_expr(path);
        let q = self.external_path(f, BodyId(0), &e, 0)?;
        self.knowledge
            .client_type(&q)
            .or_else(|| self.glob_client(f, &q))
    }

    /// The value a written path (a type or base class) names in file `f`.
    fn path_value(&self, f: FileId, b: BodyId, path: &[String]) -> Option<Value> {
        let (first, rest) = path.split_first()?;
        let mut v = self.name(f, b, first)?;
        for attr in rest {
            v = self.member(&v, attr)?;
        }
        Some(v)
    }

    /// What a function returns (or yields, for generators used as context managers or
    /// fixtures): its declared type, else the values of its `return`s.
    pub fn returns(&self, func: FuncRef) -> Option<Value> {
        self.memo(Key::Return(func), || {
            let index = self.index(func.file)?;
            let body = index.body(func.body);
            let bi = index.bodies.get(func.body.0 as usize)?;
            let hop = Link::Returned(body.name.clone());
            let generator = !bi.yields.is_empty();
            // What it returns, when that resolves to a client, keeps the construction (and its
            // visible config); the declared type is the fallback.
            let mut out = None;
            let outputs = if generator { &bi.yields } else { &bi.returns };
            for value in outputs {
                merge(&mut out, self.value(func.file, func.body, value));
            }
            if !matches!(out, Some(Value::Kafka(_))) {
                if let Some(ty) = &body.returns {
                    match self.type_value(func.file, ty, body.range) {
                        Some(Value::Elements(v)) if generator => out = Some(*v),
                        // `-> KafkaResult<StreamConsumer>` returning `ClientConfig::..create()`:
                        // the type comes from the declaration, the config from the builder.
                        Some(Value::Kafka(mut client)) => {
                            for value in outputs {
                                if let Expr::Call(call) = self.strip(func.file, value) {
                                    self.built_by(&mut client, func.file, func.body, call);
                                }
                            }
                            out = Some(Value::Kafka(client));
                        }
                        Some(v @ (Value::Instance(_) | Value::Llm)) => out = Some(v),
                        _ => {}
                    }
                }
            }
            out.map(|v| v.hop(hop))
        })
    }

    /// A parameter's value: the receiver of a method, its annotation, a pytest fixture, or
    /// what the function's callers pass.
    fn param(&self, func: FuncRef, i: usize) -> Option<Value> {
        self.memo(Key::Param(func, i), || {
            let index = self.index(func.file)?;
            let body = index.body(func.body);
            let p = body.params.get(i)?;
            if body.self_name.as_deref() == Some(p.name.as_str()) && i == 0 {
                return self.receiver_value(func);
            }
            if let Some(ty) = &p.annotation {
                // A `typing.Protocol` says what the value can do, not what it is: its callers
                // (or the name heuristic) tell.
                match self.type_value(func.file, ty, p.range) {
                    Some(Value::Instance(cls)) if self.is_protocol(cls) => {}
                    v => return v,
                }
            }
            if self.patched_param(func, i) {
                return Some(Value::Double);
            }
            if let Some(v) = self.fixture_param(func, &p.name) {
                return Some(v);
            }
            self.passed_by_callers(func, i)
        })
    }

    /// Whether parameter `i` is filled by a `@patch(..)` / `@patch.object(..)` decorator of a
    /// test-double module: each one given no replacement passes one double, in order after
    /// `self`.
    fn patched_param(&self, func: FuncRef, i: usize) -> bool {
        let Some(index) = self.index(func.file) else {
            return false;
        };
        let body = index.body(func.body);
        let injects = |d: &Expr| {
            let Expr::Call(c) = d else { return false };
            let Some(q) = self.external_path(func.file, BodyId(0), &c.func, 0) else {
                return false;
            };
            let replacement_at = match q.iter().rev().map(String::as_str).collect::<Vec<_>>()[..] {
                ["patch", ..] => 1,
                ["object", "patch", ..] => 2,
                _ => return false,
            };
            is_test_double(self.knowledge.vocab.test_double_modules, &q)
                && c.keyword("new").is_none()
                && c.positional().count() <= replacement_at
        };
        let patched = body.decorators.iter().filter(|d| injects(d)).count();
        let skip = usize::from(body.self_name.is_some());
        (skip..skip + patched).contains(&i)
    }

    /// `self` in a method: an instance of the class (a client, when it derives from one).
    fn receiver_value(&self, func: FuncRef) -> Option<Value> {
        let index = self.index(func.file)?;
        let body = index.body(func.body);
        let name = body.class.as_deref()?;
        let Some(i) = index.module.classes.iter().position(|c| c.name == name) else {
            return self.impl_type_value(func.file, name, body.range);
        };
        let cls = ClassRef {
            file: func.file,
            index: i as u32,
        };
        let is_classmethod = body
            .decorators
            .iter()
            .any(|d| d.last_name() == Some("classmethod"));
        if is_classmethod {
            return Some(Value::Class(cls));
        }
        Some(match self.client_base(cls) {
            Some(t) => self.subclass_client(t, cls, self.class(cls)?.range),
            None => Value::Instance(cls),
        })
    }

    /// `self` in an `impl` of a type declared elsewhere: a program type the file imports, or
    /// a client type itself (`impl MarkDone for StreamConsumer`).
    fn impl_type_value(&self, f: FileId, name: &str, at: TextRange) -> Option<Value> {
        let path = [name.to_string()];
        if let Some(t) = self.client_type_at(f, &path) {
            return Some(self.annotated(t, f, at, Context::Unknown));
        }
        match self.module_name(f, name)? {
            Value::Class(cls) => Some(match self.client_base(cls) {
                Some(t) => self.subclass_client(t, cls, self.class(cls)?.range),
                None => Value::Instance(cls),
            }),
            _ => None,
        }
    }

    /// A test function's (or fixture's) parameter named after a pytest fixture of the same
    /// module or of a `conftest.py` up the tree.
    fn fixture_param(&self, func: FuncRef, name: &str) -> Option<Value> {
        let index = self.index(func.file)?;
        let body = index.body(func.body);
        let in_test = body.name.starts_with("test") || self.fixture_name(func).is_some();
        if !in_test {
            return None;
        }
        // A fixture defined as a method of the test's class or of a program base class
        // (`class ProducerBaseTest: @pytest.fixture def producer(self, ..)`).
        if let Some(class) = &body.class {
            if let Some(i) = index.module.classes.iter().position(|c| &c.name == class) {
                let cls = ClassRef {
                    file: func.file,
                    index: i as u32,
                };
                let method = self
                    .find_method(cls, name)
                    .filter(|&m| m != func && self.fixture_name(m).as_deref() == Some(name));
                if let Some(m) = method {
                    return self.returns(m).map(|v| v.fixture(name, name));
                }
            }
        }
        let candidates = std::iter::once(func.file).chain(self.program.conftests(func.file));
        for g in candidates {
            let Some(gi) = self.index(g) else { continue };
            for (i, b) in gi.module.bodies.iter().enumerate() {
                let fr = FuncRef {
                    file: g,
                    body: BodyId(i as u32),
                };
                if fr != func && b.class.is_none() && self.fixture_name(fr).as_deref() == Some(name)
                {
                    return self.returns(fr).map(|v| v.fixture(&b.name, name));
                }
            }
        }
        // pytest-mock's `mocker`: what it patches or makes is a double.
        (self.knowledge.vocab.double_fixtures.contains(&name)).then_some(Value::Double)
    }

    /// The fixture name of a `@pytest.fixture` function (`name=` overrides the function's).
    fn fixture_name(&self, func: FuncRef) -> Option<String> {
        let body = self.index(func.file)?.body(func.body);
        for d in &body.decorators {
            let (callee, call) = match d {
                Expr::Call(c) => (&c.func, Some(c)),
                other => (other, None),
            };
            if callee.last_name() != Some("fixture") {
                continue;
            }
            let named = call
                .and_then(|c| c.keyword("name"))
                .and_then(|a| a.value.as_str())
                .map(str::to_string);
            return Some(named.unwrap_or_else(|| body.name.clone()));
        }
        None
    }

    /// An unannotated parameter: the values callers pass (constructor calls for `__init__`).
    fn passed_by_callers(&self, func: FuncRef, i: usize) -> Option<Value> {
        let mut out = None;
        self.caller_args(func, i, |g, cb, arg| {
            merge(&mut out, self.value(g, cb, arg));
            !matches!(out, Some(Value::Kafka(_)))
        });
        let body = self.index(func.file)?.body(func.body);
        let callee_name = self.callee_name(body);
        out.map(|v| v.hop(Link::Argument(callee_name.to_string())))
    }

    /// The clients callers pass to the parameter (or method receiver) `e` names in body `b`:
    /// where a store in a helper or a trait method on the client type lands.
    pub fn clients_passed_as(&self, f: FileId, b: BodyId, e: &Expr) -> Vec<Client> {
        let Expr::Name { id, .. } = self.strip(f, e) else {
            return Vec::new();
        };
        let Some(i) = (self.index(f).map(|index| &index.body(b).params))
            .and_then(|params| params.iter().position(|p| &p.name == id))
        else {
            return Vec::new();
        };
        let mut out = Vec::new();
        self.caller_args(FuncRef { file: f, body: b }, i, |g, cb, arg| {
            if let Some(Value::Kafka(c)) = self.value(g, cb, arg) {
                out.push(c);
            }
            true
        });
        out
    }

    /// The name callers call `body` by: its class for a constructor, else its own.
    fn callee_name<'b>(&self, body: &'b Body) -> &'b str {
        let vocab = &self.knowledge.vocab;
        match &body.class {
            Some(class) if vocab.constructor_methods.contains(&body.name.as_str()) => class,
            _ => &body.name,
        }
    }

    /// What each caller of `func` (up to 64) passes as its parameter `i`; for a method's
    /// receiver, the value it is called on. `visit` returns false to stop.
    fn caller_args(
        &self,
        func: FuncRef,
        i: usize,
        mut visit: impl FnMut(FileId, BodyId, &'m Expr) -> bool,
    ) {
        let Some(index) = self.index(func.file) else {
            return;
        };
        let body = index.body(func.body);
        let Some(p) = body.params.get(i) else { return };
        if p.kind != ParamKind::Regular && p.kind != ParamKind::KeywordOnly
            || body.kind != BodyKind::Function
        {
            return;
        }
        let constructor = (self.knowledge.vocab.constructor_methods).contains(&body.name.as_str());
        let receiver = i == 0 && body.self_name.as_deref() == Some(p.name.as_str());
        // Position among the arguments callers pass: the receiver is not passed.
        let skip = usize::from(body.self_name.is_some());
        let position = (p.kind == ParamKind::Regular)
            .then(|| i.checked_sub(skip))
            .flatten();
        // A call by a bare name can only be in a file that can name the function: in a large
        // project most functions of one name are others (every service's `make_consumer`),
        // and looking at those first both cost time and crowded out the real callers.
        let may_call = |g: FileId, call: &Call| {
            !matches!(call.func, Expr::Name { .. }) || self.program.may_name_from(g, func.file)
        };
        let callers = (self.program.calls_named(self.callee_name(body)).iter())
            .filter(|&&(g, _, call)| may_call(g, call))
            .take(64);
        for &(g, cb, call) in callers {
            let arg = match (receiver, call.func.as_method()) {
                (true, Some((recv, _))) => Some(recv),
                (true, None) => None,
                (false, _) => (call.keyword(&p.name))
                    .or_else(|| position.and_then(|k| call.positional().nth(k)))
                    .map(|a| &a.value),
            };
            let Some(arg) = arg else { continue };
            let targets = match self.value(g, cb, &call.func) {
                Some(Value::Func(fr)) => fr == func,
                Some(Value::Class(cls)) => {
                    constructor && self.find_method(cls, &body.name) == Some(func)
                }
                // A method of an `impl` on the client type itself (`impl MarkDone for
                // StreamConsumer`), called on such a client.
                None if receiver => matches!(self.value(g, cb, arg),
                    Some(Value::Kafka(c)) if c.ty.is_some() && c.ty == body.class),
                _ => false,
            };
            if targets && !visit(g, cb, arg) {
                break;
            }
        }
    }

    // ----- types ---------------------------------------------------------------------------

    /// The value a type annotation promises. A type imported from another (non-typing)
    /// module is evidence the value is not a Kafka client: no heuristic for it.
    pub fn type_value(&self, f: FileId, ty: &TypeRef, at: TextRange) -> Option<Value> {
        self.type_value_depth(f, ty, at, 0)
    }

    fn type_value_depth(
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
                Some(Value::Class(cls)) => Some(match self.client_base(cls) {
                    Some(t) => self.subclass_client(t, cls, at),
                    None => Value::Instance(cls),
                }),
                // A module-level alias `Sink = Producer` resolves like the name it stands for.
                Some(v @ Value::Kafka(_)) => Some(v),
                _ => self.type_alias_elsewhere(f, path, at, depth),
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

    /// A type alias defined in another module of the program and imported here.
    fn type_alias_elsewhere(
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

    fn annotated(&self, t: &ClientType, f: FileId, at: TextRange, context: Context) -> Value {
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

    // ----- receivers -----------------------------------------------------------------------

    /// Kafka libraries file `f` imports (absolute imports that lead outside the program), in
    /// a fixed order.
    pub fn libs(&self, f: FileId) -> Vec<LibId> {
        if let Some(l) = self.libs.borrow().get(&f) {
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
                    // A declared wrapper counts where its module is imported (`import
                    // mypkg` or `from mypkg.kafka import ..`), not for any `mypkg` module.
                    libs.extend(
                        self.knowledge
                            .clients
                            .iter()
                            .filter(|c| {
                                &c.root == root
                                    && (c.module.is_empty()
                                        || entry.path.starts_with(&c.module)
                                        || c.module.starts_with(&entry.path))
                            })
                            .map(|c| c.lib),
                    );
                }
            }
        }
        libs.sort();
        libs.dedup();
        self.libs.borrow_mut().insert(f, libs.clone());
        libs
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

    fn heuristic(&self, f: FileId, name: &str) -> Option<Client> {
        let libs = self.libs(f);
        if !self.heuristic || libs.is_empty() {
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

    // ----- definitions (configs and constants) ---------------------------------------------

    /// Where a name's value is assigned, as seen from body `b`: (file, body, value). Follows
    /// enclosing bodies, the module, and imports of program modules.
    pub fn definition(
        &self,
        f: FileId,
        b: BodyId,
        name: &str,
        depth: u32,
    ) -> Option<(FileId, BodyId, &'m Expr)> {
        if depth > 8 {
            return None;
        }
        let index = self.index(f)?;
        let mut current = Some(b);
        while let Some(id) = current {
            if let Some((value, _)) = index
                .bodies
                .get(id.0 as usize)?
                .assigns
                .get(name)
                .and_then(|v| v.first())
            {
                return Some((f, id, value));
            }
            if id.0 == 0 {
                break;
            }
            current = index.body(id).parent.or(Some(BodyId(0)));
        }
        let imp = index.names.imported(name)?;
        match self.program.resolve(f, &imp.path, imp.level)? {
            ImportTarget::Item(g, items) if items.len() == 1 => {
                self.definition(g, BodyId(0), &items[0], depth + 1)
            }
            _ => None,
        }
    }

    /// The string a key expression stands for: a literal, or a constant defined elsewhere.
    pub fn const_str(&self, f: FileId, b: BodyId, e: &Expr) -> Option<String> {
        self.const_str_depth(f, b, e, 0)
    }

    fn const_str_depth(&self, f: FileId, b: BodyId, e: &Expr, depth: u32) -> Option<String> {
        if depth > 8 {
            return None;
        }
        match e {
            Expr::Lit {
                lit: Lit::Str(s), ..
            } => Some(s.clone()),
            Expr::Name { id, .. } => {
                let (g, gb, value) = self.definition(f, b, id, 0)?;
                self.const_str_depth(g, gb, value, depth + 1)
            }
            Expr::Attr { value, attr, .. } => match self.value(f, b, value)? {
                Value::Module(g) => {
                    let (g2, gb, v) = self.definition(g, BodyId(0), attr, 0)?;
                    self.const_str_depth(g2, gb, v, depth + 1)
                }
                Value::Class(cls) => {
                    let class = self.class(cls)?;
                    let (_, v) = class.attrs.iter().find(|(n, _)| n == attr)?;
                    self.const_str_depth(cls.file, BodyId(0), v, depth + 1)
                }
                _ => None,
            },
            _ => None,
        }
    }
}

/// `[a, b, c]` as the expression `a.b.c`.
fn path_expr(path: &[String]) -> Expr {
    let mut segments = path.iter();
    let mut e = Expr::Name {
        id: segments.next().cloned().unwrap_or_default(),
        range: TextRange::default(),
    };
    for s in segments {
        e = Expr::Attr {
            value: Box::new(e),
            attr: s.clone(),
            range: TextRange::default(),
        };
    }
    e
}

/// The field `f` of `getattr(<me>.f, <name>)` (a default may follow): the body of a
/// delegating `__getattr__(<me>, <name>)`.
fn getattr_field<'e>(e: &'e Expr, me: &str, name: &str) -> Option<&'e str> {
    let Expr::Call(call) = e else { return None };
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
    match (&call.args[0].value, &call.args[1].value) {
        (Expr::Attr { value, attr, .. }, Expr::Name { id, .. }) if id == name => {
            matches!(&**value, Expr::Name { id, .. } if id == me).then_some(attr.as_str())
        }
        _ => None,
    }
}

/// Whether a qualified path names something of a test-double module (`unittest.mock`,
/// `pytest_mock`).
fn is_test_double(modules: &[&str], q: &[String]) -> bool {
    modules.iter().any(|m| {
        let parts = m.split('.').count();
        q.len() > parts && q.iter().zip(m.split('.')).all(|(a, b)| a == b)
    })
}
