//! What an expression or a name holds: looking through same-value wrappers, locals,
//! module-level names (here and in imported modules), lambdas, and where a name's value is
//! assigned (`definition`) or which string constant it is (`const_str`).

use super::values::{merge, ClassRef, FuncRef, Value};
use super::{Key, Resolver};
use crate::analysis::program::{FileId, ImportTarget};
use crate::model::*;

impl<'p, 'm> Resolver<'p, 'm> {
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
                        // `.map_err(..)` / `.context(..)` keep the `Ok` value as it is.
                        if vocab.same_value_methods.contains(&m)
                            || vocab.passthrough_methods.contains(&m)
                        {
                            e = recv;
                            continue;
                        }
                    }
                    let last = call.func.last_name().unwrap_or("");
                    // Qualifying rewrites only a path's first name: a longer path ends as
                    // written and is never one name long, so only a bare name or a `new`
                    // can match (qualifying every call was an allocation per segment).
                    let may_wrap = last == "new" || matches!(call.func, Expr::Name { .. });
                    let wrapper = vocab.passthrough_calls.contains(&last)
                        || may_wrap
                            && index.names.qualify_expr(&call.func).is_some_and(|q| {
                                q.len() >= 2
                                    && q[q.len() - 1] == "new"
                                    && vocab.value_wrappers.contains(&q[q.len() - 2].as_str())
                                    || q.len() == 1
                                        && vocab.wrapping_variants.contains(&q[0].as_str())
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
            Expr::Attr { value, attr, .. } => (self.value(f, b, value))
                .and_then(|owner| self.member(&owner, attr))
                .or_else(|| self.app_state(f, b, value, attr)),
            Expr::Call(call) => self.call(f, b, call),
            Expr::Derived {
                parts,
                hop: Hop::Index,
                ..
            } => match self.value(f, b, parts.first()?)? {
                Value::Elements(v) => Some(*v),
                Value::Tuple(vs) => match parts.get(1) {
                    Some(Expr::Lit {
                        lit: Lit::Int(i), ..
                    }) => vs.into_iter().nth(usize::try_from(*i).ok()?).flatten(),
                    // `producers[i]` of a list of clients: one of them, whichever `i` is.
                    _ => all_clients(vs),
                },
                _ => None,
            },
            // A dict whose values are all clients (`{"orders": Producer(conf), ..}`): what
            // indexing it, `.get(k)` or `.values()` gives. Any other dict (a config) is not.
            Expr::Dict { items, .. } if items.len() <= MAX_ELEMENTS => {
                let mut values = Vec::with_capacity(items.len());
                for (key, value) in items {
                    key.as_ref()?;
                    values.push(self.value(f, b, value));
                }
                elements_of(values)
            }
            Expr::Derived {
                parts,
                hop: Hop::Enter,
                ..
            } => self.entered(self.value(f, b, parts.first()?)?),
            // `[Consumer(conf) for _ in range(n)]`: a list of what the element's call builds.
            Expr::Derived {
                parts,
                hop: Hop::Container,
                ..
            } => match parts.last()? {
                elt @ Expr::Call(_) => elements_of(vec![self.value(f, b, elt)]),
                _ => None,
            },
            // `a if c else b`, `a or b`: the informative one.
            Expr::Derived {
                parts,
                hop: Hop::Conditional | Hop::Operator | Hop::Logic(_),
                ..
            } => {
                let mut out = None;
                for p in parts {
                    merge(&mut out, self.value(f, b, p));
                }
                out.filter(|v| matches!(v, Value::Kafka(_) | Value::Instance(_)))
            }
            Expr::Seq { elts, .. } if elts.len() <= MAX_ELEMENTS => Some(Value::Tuple(
                elts.iter().map(|e| self.value(f, b, e)).collect(),
            )),
            Expr::Closure(c) => self.lambda(f, b, c),
            _ => None,
        }
    }

    /// A lambda (`lambda: Consumer(conf)`) as a value: calling it gives what it returns,
    /// evaluated where it is written; unknown when that is one of its own parameters
    /// (`lambda c: c`), which the enclosing scope would mistake for its own names.
    pub(super) fn lambda(&self, f: FileId, b: BodyId, c: &ClosureExpr) -> Option<Value> {
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
        let own = |d: crate::model::Dotted<'_>| c.params.iter().any(|p| p.name == d[0]);
        if head.dotted().is_some_and(own) {
            return None;
        }
        Some(Value::Callable(Box::new(self.value(f, b, returned)?)))
    }

    /// A name as seen from body `b`: its locals, the enclosing functions', the module's.
    pub fn name(&self, f: FileId, b: BodyId, name: &str) -> Option<Value> {
        let index = self.index(f)?;
        // Rust's `Self::helper(..)` in an `impl` block: the type the block implements.
        if name == "Self" {
            let mut current = Some(b);
            while let Some(id) = current.filter(|id| id.0 != 0) {
                let body = index.body(id);
                if let Some(class) = &body.class {
                    return self.module_name(f, class);
                }
                current = body.parent;
            }
            return None;
        }
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

    /// What the statements of body `b` bind `name` to: assignments, unpacked tuples
    /// (`_, consumer = make_clients()`) and loop targets.
    fn bound_in(&self, f: FileId, b: BodyId, name: &str) -> Option<Value> {
        let bi = self.index(f)?.bodies.get(b.0 as usize)?;
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
        out
    }

    /// What `name` is bound to inside body `b` itself (assignments, parameters, loops).
    pub(super) fn local(&self, f: FileId, b: BodyId, name: &str) -> Option<Value> {
        self.memo(Key::Name(f, b, name.into()), || {
            let index = self.index(f)?;
            let bi = index.bodies.get(b.0 as usize)?;
            let body = index.body(b);
            let mut out = self.bound_in(f, b, name);
            if out.is_none() {
                out = self.filled(f, b, bi.item_assigns.get(name));
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
    pub(super) fn assigned(
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
        let found = self.value(f, b, value);
        match annotation.and_then(|a| self.declared_clients(f, a, value, &found)) {
            Some(declared) => Some(declared),
            None => {
                found.or_else(|| annotation.and_then(|a| self.type_value(f, a, stripped.range())))
            }
        }
    }

    /// A container declared of clients (`List<Producer<..>> ps = new ArrayList<>()`) holds
    /// clients whatever its initializer `found` shows, unless that shows the clients
    /// themselves.
    fn declared_clients(
        &self,
        f: FileId,
        ty: &TypeRef,
        value: &Expr,
        found: &Option<Value>,
    ) -> Option<Value> {
        if found.as_ref().is_some_and(holds_clients) {
            return None;
        }
        self.type_value(f, ty, value.range()).filter(holds_clients)
    }

    /// A class attribute's initial value, declared as its field (`attr`) of `fields` says.
    pub(super) fn initialised(
        &self,
        f: FileId,
        value: &Expr,
        fields: &[Field],
        attr: &str,
    ) -> Option<Value> {
        let found = self.value(f, BodyId(0), value);
        let declared = fields.iter().find(|fd| fd.name == attr);
        declared
            .and_then(|fd| self.declared_clients(f, &fd.ty, value, &found))
            .or(found)
    }

    /// A module-level name of file `f`: an assignment, a function, a class, an import.
    pub fn module_name(&self, f: FileId, name: &str) -> Option<Value> {
        self.memo(Key::Export(f, name.into()), || {
            let index = self.index(f)?;
            let module = index.module;
            let mut out = self.bound_in(f, BodyId(0), name);
            // Bound in a function that declares it `global` (a lazily built singleton:
            // `_consumer = None` at module level, `_consumer = Consumer(conf)` in `init()`).
            for &(b, _) in module.globals.iter().filter(|(_, n)| n == name) {
                let assigns = index
                    .bodies
                    .get(b.0 as usize)
                    .and_then(|bi| bi.assigns.get(name));
                for (value, annotation) in assigns.into_iter().flatten() {
                    merge(&mut out, self.assigned(f, b, value, *annotation));
                }
            }
            if out.is_none() {
                out = self.filled_module_name(f, name);
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
            // A Rust inline module: its items are the file's.
            if module.inline_modules.iter().any(|m| m == name) {
                return Some(Value::Module(f));
            }
            let java = module.lang.file_is_class();
            if let Some(imp) = index.names.imported(name) {
                return match self.program.resolve(f, &imp.path, imp.level)? {
                    // A Java file is the module of its class: importing it names the class.
                    ImportTarget::Module(g) if java => self.module_name(g, imp.path.last()?),
                    ImportTarget::Module(g) => Some(Value::Module(g)),
                    ImportTarget::Item(g, rest) => self.item(g, &rest),
                };
            }
            // A Java class of the file's own package, or of a package imported on demand
            // (`import com.acme.*`): the file of that name in the package.
            if java {
                for (path, _) in &index.names.globs {
                    let mut class = path.clone();
                    class.push(name.to_string());
                    if let Some(ImportTarget::Module(g)) = self.program.resolve(f, &class, 0) {
                        if g != f {
                            return self.module_name(g, name);
                        }
                    }
                }
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
    pub(super) fn item(&self, g: FileId, rest: &[String]) -> Option<Value> {
        let (first, more) = rest.split_first()?;
        let mut v = self.module_name(g, first)?;
        for attr in more {
            v = self.member(&v, attr)?;
        }
        Some(v)
    }

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

    pub(super) fn const_str_depth(
        &self,
        f: FileId,
        b: BodyId,
        e: &Expr,
        depth: u32,
    ) -> Option<String> {
        if depth > 8 {
            return None;
        }
        match e {
            Expr::Lit {
                lit: Lit::Str(s), ..
            } => Some(s.to_string()),
            // A library's constant naming a configuration key (`ConsumerConfig.GROUP_ID_CONFIG`,
            // statically imported or not).
            Expr::Name { .. } | Expr::Attr { .. }
                if (self.external_path(f, b, e, 0).as_deref())
                    .and_then(crate::knowledge::config_key)
                    .is_some() =>
            {
                self.external_path(f, b, e, 0)
                    .as_deref()
                    .and_then(crate::knowledge::config_key)
            }
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

impl Resolver<'_, '_> {
    /// A container filled item by item (`producers[topic] = Producer(conf)`), as a value:
    /// its elements when they are all clients of one role.
    fn filled(&self, f: FileId, b: BodyId, items: Option<&[(&Expr, &Expr)]>) -> Option<Value> {
        let items = items.filter(|items| items.len() <= MAX_ELEMENTS)?;
        let values = (items.iter()).map(|(_, v)| self.value(f, b, v)).collect();
        elements_of(values)
    }

    /// A module-level container filled in the module's functions (a cache of clients:
    /// `_PRODUCERS[name] = Producer(conf)` in `get_producer(name)`); a function where the
    /// name is its own local does not fill it.
    fn filled_module_name(&self, f: FileId, name: &str) -> Option<Value> {
        let index = self.index(f)?;
        let mut values = Vec::new();
        for (i, bi) in index.bodies.iter().enumerate().skip(1) {
            let Some(items) = bi.item_assigns.get(name) else {
                continue;
            };
            let body = &index.module.bodies[i];
            if bi.assigns.contains_key(name) || body.params.iter().any(|p| p.name == name) {
                continue;
            }
            values.extend(
                items
                    .iter()
                    .map(|(_, v)| self.value(f, BodyId(i as u32), v)),
            );
        }
        elements_of(values)
    }
}

/// Elements a container literal or fill may have for resolution to read them.
const MAX_ELEMENTS: usize = 16;

/// A container whose elements are `values`: clients of one role, or unknown (also when
/// there are more than [`MAX_ELEMENTS`]).
pub(super) fn elements_of(values: Vec<Option<Value>>) -> Option<Value> {
    if values.len() > MAX_ELEMENTS {
        return None;
    }
    all_clients(values).map(|v| Value::Elements(Box::new(v)))
}

/// One client standing for all of `values` when every one of them is a client, all of one
/// role (a pair of a consumer and a producer stands for neither).
fn all_clients(values: Vec<Option<Value>>) -> Option<Value> {
    let role = match values.first() {
        Some(Some(Value::Kafka(c))) => c.role,
        _ => return None,
    };
    if !(values.iter()).all(|v| matches!(v, Some(Value::Kafka(c)) if c.role == role)) {
        return None;
    }
    let mut out = None;
    for v in values {
        merge(&mut out, v);
    }
    out
}

/// A container whose elements are clients.
fn holds_clients(v: &Value) -> bool {
    matches!(v, Value::Elements(e) if matches!(**e, Value::Kafka(_)))
}
