//! Functions: what a function returns, and what its parameters hold (from their types,
//! receivers, pytest fixtures, patch decorators, and the arguments of its callers).

use super::classes::CLASSMETHOD_RECEIVER;
use super::clients::is_super_call;
use super::values::{merge, ClassRef, Client, Context, FuncRef, Link, Value};
use super::{is_test_double, Key, Resolver};
use crate::analysis::invocation::Invocation;
use crate::analysis::program::FileId;
use crate::knowledge::vocab::is_one_of;
use crate::model::*;

impl<'p, 'm> Resolver<'p, 'm> {
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
                        // A declared type known not to be a client (`-> IQEKafkaProducer` from
                        // another package): not a client when the returns say nothing more.
                        Some(Value::Other) if out.is_none() => out = Some(Value::Other),
                        _ => {}
                    }
                }
            }
            out.map(|v| v.hop(hop))
        })
    }

    /// A parameter's value: the receiver of a method, its annotation, a pytest fixture, or
    /// what the function's callers pass.
    pub(super) fn param(&self, func: FuncRef, i: usize) -> Option<Value> {
        self.memo(Key::Param(func, i), || {
            let index = self.index(func.file)?;
            let body = index.body(func.body);
            let p = body.params.get(i)?;
            if body.self_name.as_deref() == Some(p.name.as_str()) && i == 0 {
                return self.receiver_value(func);
            }
            if let Some(v) = self.narrowed(func, &p.name) {
                return Some(v);
            }
            // A `typing.Protocol` says what the value can do, not what it is: its callers tell.
            // When they do not, one a Kafka client could satisfy is left to the name
            // heuristic, and one it could not (a method no client has) is not a client.
            let mut not_client = false;
            let untyped = &self.knowledge.vocab.untyped_annotations;
            let says_nothing = |ty: &TypeRef| {
                ty.elements.is_empty()
                    && !ty.paths.is_empty()
                    && (ty.paths.iter())
                        .all(|p| p.last().is_some_and(|n| untyped.contains(&n.as_str())))
            };
            if let Some(ty) = p.annotation.as_ref().filter(|ty| !says_nothing(ty)) {
                match self.type_value(func.file, ty, p.range) {
                    Some(Value::Instance(cls)) if self.is_protocol(cls) => {
                        not_client = !self.client_shaped(cls)
                    }
                    v => return v,
                }
            }
            if self.patched_param(func, i) {
                return Some(Value::Double);
            }
            if let Some(v) = self.fixture_param(func, &p.name) {
                return Some(v);
            }
            if let Some(v) = (p.default.as_deref()).and_then(|d| self.dependency(func, d)) {
                return Some(v);
            }
            let mut out = self.passed_by_callers(func, i);
            // A default (`sink=Producer(conf)`, `consumer_cls=Consumer`) is what callers that
            // pass nothing get; it is evaluated where the function is defined.
            if let Some(d) = p.default.as_deref() {
                let scope = body.parent.unwrap_or(BodyId(0));
                merge(&mut out, self.value(func.file, scope, d));
            }
            if not_client && out.is_none() {
                return Some(Value::Other);
            }
            out
        })
    }

    /// What a parameter whose default is a dependency marker (`producer=Depends(get_producer)`)
    /// receives: what the dependency returns, or yields (a generator dependency, as a
    /// `@contextmanager`'s value). The framework calls it; the function's own callers pass
    /// nothing there.
    fn dependency(&self, func: FuncRef, default: &Expr) -> Option<Value> {
        let Expr::Call(c) = default else {
            return None;
        };
        // A default is evaluated where the function is defined.
        let scope = self
            .index(func.file)?
            .body(func.body)
            .parent
            .unwrap_or(BodyId(0));
        let q = self.external_path(func.file, scope, &c.func, 0)?;
        if !is_one_of(&q, self.knowledge.vocab.dependency_markers) {
            return None;
        }
        let dep = (c.positional().next()).or_else(|| c.keyword("dependency"))?;
        match self.value(func.file, scope, &dep.value)? {
            Value::Func(f) => self.returns(f),
            Value::Class(cls) => self.instance_of(cls),
            _ => None,
        }
    }

    /// Whether parameter `i` is filled by a `@patch(..)` / `@patch.object(..)` decorator of a
    /// test-double module: each one given no replacement passes one double, in order after
    /// `self`.
    pub(super) fn patched_param(&self, func: FuncRef, i: usize) -> bool {
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
    pub(super) fn receiver_value(&self, func: FuncRef) -> Option<Value> {
        let index = self.index(func.file)?;
        let body = index.body(func.body);
        let name = body.class.as_deref()?;
        let Some(i) = index.module.classes.iter().position(|c| c.name == name) else {
            // `&self` of `impl T for ThreadedProducer<DefaultProducerContext>`: the client
            // with the context its type was written with.
            let declared = (body.params.first())
                .filter(|p| body.self_name.as_deref() == Some(p.name.as_str()))
                .and_then(|p| p.annotation.as_ref())
                .and_then(|ty| self.type_value(func.file, ty, body.range));
            if let Some(v @ Value::Kafka(_)) = declared {
                return Some(v);
            }
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
        self.instance_of(cls)
    }

    /// An instance of a program class: the client it derives from (its overrides are
    /// wrappers), else a plain instance.
    fn instance_of(&self, cls: ClassRef) -> Option<Value> {
        Some(match self.client_base(cls) {
            Some(t) => self.subclass_client(t, cls, self.class(cls)?.range),
            None => Value::Instance(cls),
        })
    }

    /// `self` in an `impl` of a type declared elsewhere: a program type the file imports, or
    /// a client type itself (`impl MarkDone for StreamConsumer`).
    pub(super) fn impl_type_value(&self, f: FileId, name: &str, at: TextRange) -> Option<Value> {
        let path = [name.to_string()];
        if let Some(t) = self.client_type_at(f, &path) {
            return Some(self.annotated(t, f, at, Context::Unknown));
        }
        match self.module_name(f, name)? {
            Value::Class(cls) => self.instance_of(cls),
            _ => None,
        }
    }

    /// A test function's (or fixture's) parameter named after a pytest fixture of the same
    /// module or of a `conftest.py` up the tree.
    pub(super) fn fixture_param(&self, func: FuncRef, name: &str) -> Option<Value> {
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

    /// A parameter the function narrows: `if not isinstance(consumer, KafkaBackend): raise
    /// TypeError(..)` or `assert isinstance(..)` among its top-level statements makes it an
    /// instance of that program class (a base-class annotation says less).
    fn narrowed(&self, func: FuncRef, name: &str) -> Option<Value> {
        let body = self.index(func.file)?.body(func.body);
        for stmt in &body.stmts {
            let StmtKind::If {
                test,
                body: then,
                orelse,
            } = &stmt.kind
            else {
                continue;
            };
            let exits = |b: &Block| {
                matches!(b.last().map(|s| &s.kind), Some(StmtKind::Exit { kind, .. })
                    if matches!(kind, ExitKind::Raise | ExitKind::Return))
            };
            let class = match test {
                // `if not isinstance(x, C): raise`
                Expr::Derived {
                    parts,
                    hop: Hop::Operator | Hop::Logic(Logic::Not),
                    ..
                } if parts.len() == 1 && exits(then) && orelse.is_empty() => {
                    isinstance_of(&parts[0], name)
                }
                // `assert isinstance(x, C)`
                _ if then.is_empty() && exits(orelse) => isinstance_of(test, name),
                _ => None,
            };
            if let Some(class) = class {
                return match self.value(func.file, func.body, class)? {
                    Value::Class(cls) => self.instance_of(cls),
                    _ => None,
                };
            }
        }
        None
    }

    /// The fixture name of a `@pytest.fixture` function (`name=` overrides the function's).
    pub(super) fn fixture_name(&self, func: FuncRef) -> Option<String> {
        let body = self.index(func.file)?.body(func.body);
        let named = match body.fixture_decorator()? {
            Expr::Call(c) => c.keyword("name").and_then(|a| a.value.as_str()),
            _ => None,
        };
        Some(named.map_or_else(|| body.name.clone(), str::to_string))
    }

    /// An unannotated parameter: the values callers pass (constructor calls for `__init__`).
    pub(super) fn passed_by_callers(&self, func: FuncRef, i: usize) -> Option<Value> {
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
        let mut out = Vec::new();
        self.passed_as(f, b, id, |g, cb, arg| {
            if let Some(Value::Kafka(c)) = self.value(g, cb, arg) {
                out.push(c);
            }
            true
        });
        out
    }

    /// What each caller of body `b` (up to 64) passes as its parameter `name`, as written at
    /// the call: where a value that is not a client comes from (a channel's end).
    pub fn passed_as(
        &self,
        f: FileId,
        b: BodyId,
        name: &str,
        visit: impl FnMut(FileId, BodyId, &'m Expr) -> bool,
    ) {
        let Some(i) = (self.index(f).map(|index| &index.body(b).params))
            .and_then(|params| params.iter().position(|p| p.name == name))
        else {
            return;
        };
        self.caller_args(FuncRef { file: f, body: b }, i, visit);
    }

    /// The name callers call `body` by: its class for a constructor, else its own.
    pub(super) fn callee_name<'b>(&self, body: &'b Body) -> &'b str {
        let vocab = &self.knowledge.vocab;
        match &body.class {
            Some(class) if vocab.constructor_methods.contains(&body.name.as_str()) => class,
            _ => &body.name,
        }
    }

    /// What each caller of `func` (up to 64) passes as its parameter `i`; for a method's
    /// receiver, the value it is called on. `visit` returns false to stop. Callers that do
    /// not pass it are skipped.
    pub(super) fn caller_args(
        &self,
        func: FuncRef,
        i: usize,
        visit: impl FnMut(FileId, BodyId, &'m Expr) -> bool,
    ) {
        self.each_caller_arg(func, i, false, visit);
    }

    /// [`Resolver::caller_args`], where a caller that leaves the parameter out (and passes
    /// no splat that could hold it) gives its default, read where the function is defined
    /// (`def get_consumer(enable_auto_commit=True)` called as `get_consumer()`).
    pub(super) fn caller_args_or_default(
        &self,
        func: FuncRef,
        i: usize,
        visit: impl FnMut(FileId, BodyId, &'m Expr) -> bool,
    ) {
        self.each_caller_arg(func, i, true, visit);
    }

    fn each_caller_arg(
        &self,
        func: FuncRef,
        i: usize,
        defaults: bool,
        mut visit: impl FnMut(FileId, BodyId, &'m Expr) -> bool,
    ) {
        let Some(index) = self.index(func.file) else {
            return;
        };
        let body = index.body(func.body);
        let Some(p) = body.params.get(i) else { return };
        if p.kind != ParamKind::Regular && p.kind != ParamKind::KeywordOnly {
            return;
        }
        let receiver = i == 0 && body.self_name.as_deref() == Some(p.name.as_str());
        // Position among the arguments callers pass: the receiver is not passed.
        let skip = usize::from(body.self_name.is_some());
        let position = (p.kind == ParamKind::Regular)
            .then(|| i.checked_sub(skip))
            .flatten();
        self.each_caller(func, receiver, |g, cb, run, targets| {
            let arg = match (receiver, run.func.as_method()) {
                (true, Some((recv, _))) => Some(recv),
                (true, None) => None,
                (false, _) => {
                    (run.keyword(&p.name)).or_else(|| position.and_then(|k| run.positional(k)))
                }
            };
            let default = match (arg, &p.default) {
                (None, Some(d)) if defaults && !run.splat => Some(&**d),
                _ => None,
            };
            let Some(arg) = arg.or(default) else {
                return true;
            };
            if !targets() {
                return true;
            }
            // A default is read where the function is defined.
            match default {
                Some(_) => visit(func.file, body.parent.unwrap_or(BodyId(0)), arg),
                None => visit(g, cb, arg),
            }
        });
    }

    /// Whether any call in the program may run `func`.
    pub(super) fn has_callers(&self, func: FuncRef) -> bool {
        let mut found = false;
        self.each_caller(func, false, |_, _, _, targets| {
            found = targets();
            !found
        });
        found
    }

    /// What each caller of `func` (up to 64) passes to its `**kwargs`: the keywords that
    /// name none of its parameters, and whether a splat may pass more. `visit` returns false
    /// to stop.
    pub(super) fn caller_kwargs(
        &self,
        func: FuncRef,
        mut visit: impl FnMut(FileId, BodyId, &[(&'m str, &'m Expr)], bool) -> bool,
    ) {
        let Some(index) = self.index(func.file) else {
            return;
        };
        let params = &index.body(func.body).params;
        let named = |k: &str| {
            params.iter().any(|p| {
                p.name == k && matches!(p.kind, ParamKind::Regular | ParamKind::KeywordOnly)
            })
        };
        self.each_caller(func, false, |g, cb, run, targets| {
            if !targets() {
                return true;
            }
            let extra: Vec<_> = run.keywords().filter(|(k, _)| !named(k)).collect();
            visit(g, cb, &extra, run.splat)
        });
    }

    /// Each call (up to 64) that may run `func`: direct calls, subclasses'
    /// `super().__init__(..)`, runners handed the function. `visit` gets the invocation and a
    /// check that it really targets `func` (resolving the callee costs: asked only when the
    /// caller has something to give); it returns false to stop.
    fn each_caller(
        &self,
        func: FuncRef,
        receiver: bool,
        mut visit: impl FnMut(FileId, BodyId, &Invocation<'m>, &dyn Fn() -> bool) -> bool,
    ) {
        let Some(index) = self.index(func.file) else {
            return;
        };
        let body = index.body(func.body);
        if body.kind != BodyKind::Function {
            return;
        }
        let constructor = (self.knowledge.vocab.constructor_methods).contains(&body.name.as_str());
        // A call by a bare name can only be in a file that can name the function: in a large
        // project most functions of one name are others (every service's `make_consumer`),
        // and looking at those first both cost time and crowded out the real callers.
        // A module-level function is reached through an attribute only on a module path
        // (`helpers.publish(..)`): never on a value, a call's result or a local of the caller
        // (`ReportingProducer(conf).produce(..)`, `d.produce(..)`), which is a method of the
        // same name; resolving that receiver to find out would re-enter whatever asked for
        // these callers.
        let module_function = body.class.is_none() && body.parent.is_none();
        let may_call = |g: FileId, cb: BodyId, call: &Call| match &call.func {
            Expr::Name { .. } => self.program.may_name_from(g, func.file),
            Expr::Attr { value, .. } if module_function => {
                let Some(root) = value.dotted().and_then(|d| d.first().copied()) else {
                    return false;
                };
                self.index(g).is_some_and(|gi| {
                    let caller = gi.body(cb);
                    !gi.bodies[cb.0 as usize].assigns.contains_key(root)
                        && !caller.params.iter().any(|p| p.name == root)
                })
            }
            _ => true,
        };
        // Direct calls first, then runners handed the function (`Thread(target=f, ..)`).
        let name = self.callee_name(body);
        let vocab = &self.knowledge.vocab;
        // A constructor is also called by its subclasses' `super().__init__(..)`, and as
        // `cls(..)` in a classmethod.
        let (inits, by_cls) = match constructor && name != body.name {
            true => (
                self.program.calls_named(&body.name),
                self.program.calls_named(CLASSMETHOD_RECEIVER),
            ),
            false => (&[][..], &[][..]),
        };
        let supers = inits
            .iter()
            .filter(|(_, _, call)| is_super_call(&call.func));
        let linked = |g: FileId| self.program.linked(g, func.file);
        let direct = (self.program.calls_named(name).iter())
            .chain(supers)
            .chain(by_cls)
            .filter(|&&(g, cb, call)| linked(g) && may_call(g, cb, call))
            .map(|&(g, cb, call)| (g, cb, Invocation::direct(call)));
        let runs = (self.program.runs_named(name, vocab).iter()).filter_map(|&(g, cb, call)| {
            if !linked(g) {
                return None;
            }
            let run = Invocation::run_by(vocab, call)?;
            let named = !matches!(run.func, Expr::Name { .. });
            (named || self.program.may_name_from(g, func.file)).then_some((g, cb, run))
        });
        for (g, cb, run) in direct.chain(runs).take(64) {
            let targets = || match self.value(g, cb, run.func) {
                Some(Value::Func(fr)) => fr == func,
                Some(Value::Class(cls)) => {
                    constructor && self.find_method(cls, &body.name) == Some(func)
                }
                // A method of an `impl` on the client type itself (`impl MarkDone for
                // StreamConsumer`), called on such a client.
                None if receiver => run.func.as_method().is_some_and(|(recv, _)| {
                    matches!(self.value(g, cb, recv),
                        Some(Value::Kafka(c)) if c.ty.is_some() && c.ty == body.class)
                }),
                _ => false,
            };
            if !visit(g, cb, &run, &targets) {
                break;
            }
        }
    }
}

/// `C` of `isinstance(name, C)`.
fn isinstance_of<'e>(test: &'e Expr, name: &str) -> Option<&'e Expr> {
    let Expr::Call(call) = test else { return None };
    if call.func.dotted().as_deref() != Some(&["isinstance"][..]) || call.args.len() != 2 {
        return None;
    }
    match (&call.args[0].value, &call.args[1].value) {
        (Expr::Name { id, .. }, class) if id == name => Some(class),
        _ => None,
    }
}
