//! Call facts: what a call does to Kafka, directly (a method of a client) or through a program
//! wrapper that passes the obligation on (the catalog's "Obligations pass through wrappers"):
//! a function that returns a delivery future or a flush result makes its callers responsible
//! for it; one that forwards a parameter into a callback or offsets slot makes its callers'
//! arguments decide; a bound method handed to `atexit.register(..)` or `run_in_executor(..)`
//! is a call whose result nobody sees. (A task a program function returns is passed on the
//! same way, for OL203: `analysis/context/tasks.rs`.)

use foldhash::HashMap;
use std::cell::RefCell;

use super::guards::{CommitOutcome, CommitPlan};
use super::program::FileId;
use super::resolve::{ClassRef, Client, FuncRef, Origin, Resolver, Value};
use super::uses::{Adapter, End, ResultUse};
use crate::knowledge::{ArgSlot, DeclaredKind, Op, Role, TxStep};
use crate::model::*;

/// A call on a Kafka client (or a wrapper of one), with what it does.
#[derive(Debug, Clone)]
pub struct CallFacts<'m> {
    pub client: Client,
    pub op: Op,
    /// The method name as written at the call (for messages).
    pub method: String,
    /// The receiver as a dotted path (`consumer`, `self.consumer`), when it is one.
    pub receiver: Option<String>,
    /// Where the receiver is written (the client expression, or the wrapper's receiver).
    pub receiver_range: TextRange,
    pub body: BodyId,
    /// The arguments that fill the operation's slots.
    pub args: Vec<&'m Arg>,
    /// Where the operation's result goes, as seen from this call.
    pub result: ResultUse,
    /// The program function this call goes through, when it is a wrapper's.
    pub wrapper: Option<Wrapper>,
}

/// A program function that passes a Kafka obligation to its callers.
#[derive(Debug, Clone, PartialEq)]
pub struct Wrapper {
    pub name: String,
    pub at: Origin,
}

/// Whether an argument slot is filled.
#[derive(Debug, Clone, Copy)]
pub enum ArgPresence<'a> {
    Present(&'a Expr),
    Absent,
    /// A `*args` / `**kwargs` splat may fill it.
    Unknown,
}

impl<'m> CallFacts<'m> {
    pub fn find_arg(&self, slot: &ArgSlot) -> ArgPresence<'m> {
        find_arg(&self.args, slot)
    }
}

pub fn find_arg<'m>(args: &[&'m Arg], slot: &ArgSlot) -> ArgPresence<'m> {
    for kw in &slot.keywords {
        if let Some(arg) = args.iter().find(|a| a.name.as_deref() == Some(kw.as_str())) {
            return ArgPresence::Present(&arg.value);
        }
    }
    if let Some(pos) = slot.position {
        let mut index = 0;
        for arg in args {
            match (arg.name.is_some(), arg.spread) {
                (false, Spread::None) => {
                    if index == pos {
                        return ArgPresence::Present(&arg.value);
                    }
                    index += 1;
                }
                (_, Spread::Star) => return ArgPresence::Unknown,
                _ => {}
            }
        }
    }
    if args.iter().any(|a| a.spread == Spread::DoubleStar) && !slot.keywords.is_empty() {
        return ArgPresence::Unknown;
    }
    ArgPresence::Absent
}

/// The arguments filling `slot`: each of its keywords passed, and its positional argument.
pub fn slot_args<'m>(args: &[&'m Arg], slot: &ArgSlot) -> Vec<&'m Expr> {
    let mut found: Vec<&'m Expr> = args
        .iter()
        .filter(|a| {
            a.name
                .as_deref()
                .is_some_and(|n| slot.keywords.iter().any(|k| k == n))
        })
        .map(|a| &a.value)
        .collect();
    if let Some(pos) = slot.position {
        let positional = args
            .iter()
            .filter(|a| a.name.is_none() && a.spread == Spread::None)
            .nth(pos);
        found.extend(positional.map(|a| &a.value));
    }
    found
}

/// The parameters of `body` (index, parameter) passed as-is into `slot`.
pub fn forwarded_params<'b>(
    body: &'b Body,
    args: &[&Arg],
    slot: &ArgSlot,
) -> Vec<(usize, &'b Param)> {
    let mut params: Vec<(usize, &'b Param)> = slot_args(args, slot)
        .into_iter()
        .filter_map(|e| {
            let id = passed_param(e)?;
            body.params.iter().enumerate().find(|(_, p)| p.name == id)
        })
        .filter(|(_, p)| Some(&p.name) != body.self_name.as_ref())
        .collect();
    params.sort_by_key(|(i, _)| *i);
    params.dedup_by_key(|(i, _)| *i);
    params
}

/// The parameter an argument passes on: `cb` itself, or `wrap(cb) if cb else None` (the
/// slot is empty exactly when the caller left `cb` out).
fn passed_param(e: &Expr) -> Option<&str> {
    match e {
        Expr::Name { id, .. } => Some(id),
        Expr::Derived {
            parts,
            hop: Hop::Conditional,
            ..
        } => {
            let [test, then, otherwise] = &parts[..] else {
                return None;
            };
            let none = |e: &Expr| matches!(e, Expr::Lit { lit: Lit::None, .. });
            let given = match (none(then), none(otherwise)) {
                (false, true) => then,
                (true, false) => otherwise,
                _ => return None,
            };
            let id = match given {
                Expr::Name { id, .. } => id.as_str(),
                Expr::Call(c) => match &c.args[..] {
                    [Arg {
                        value: Expr::Name { id, .. },
                        ..
                    }] => id.as_str(),
                    _ => return None,
                },
                _ => return None,
            };
            super::guards::reads_any(test, &[id]).then_some(id)
        }
        _ => None,
    }
}

/// Where callers pass parameter `i` positionally (not counting `self`), if they can.
fn forwarded_position(body: &Body, i: usize) -> Option<usize> {
    let skip = usize::from(body.self_name.is_some());
    (body.params[i].kind == ParamKind::Regular)
        .then(|| i.checked_sub(skip))
        .flatten()
}

/// What a program function passes on to its callers.
#[derive(Debug, Clone)]
enum Obligation<'m> {
    /// It returns the result of a Kafka operation (`inner` is what it does to it first).
    Returns {
        facts: Box<CallFacts<'m>>,
        inner: Vec<Adapter>,
        is_async: bool,
        /// A callback the wrapper registers on the handle before returning it
        /// (`future.addCallback(ok, failed); return future;`): the delivery is observed
        /// there, whatever a caller does with the handle it gets.
        callback: Option<String>,
    },
    /// Its parameter fills the operation's slot: the callers' argument decides.
    Forwards {
        facts: Box<CallFacts<'m>>,
        slot: ArgSlot,
    },
    /// Its message/offsets parameters decide whether it commits the position: each call is
    /// evaluated for what it passes (`facts` is one of its commits).
    Commits {
        facts: Box<CallFacts<'m>>,
        plan: Box<CommitPlan>,
    },
}

/// Wrapper chains deeper than this are not followed.
const MAX_WRAPPER_DEPTH: u32 = 6;

/// Computes call facts with a resolver, memoising what each program function passes on.
pub struct FactFinder<'r, 'p, 'm> {
    pub resolver: &'r Resolver<'p, 'm>,
    obligations: RefCell<HashMap<FuncRef, Option<Obligation<'m>>>>,
}

impl<'r, 'p, 'm> FactFinder<'r, 'p, 'm> {
    pub fn new(resolver: &'r Resolver<'p, 'm>) -> Self {
        FactFinder {
            resolver,
            obligations: RefCell::new(HashMap::default()),
        }
    }

    /// The facts of `call` in body `b` of file `f`, whose result is used as `used`.
    pub fn facts(
        &self,
        f: FileId,
        b: BodyId,
        call: &'m Call,
        used: &ResultUse,
    ) -> Option<CallFacts<'m>> {
        self.facts_depth(f, b, call, used, 0)
    }

    fn facts_depth(
        &self,
        f: FileId,
        b: BodyId,
        call: &'m Call,
        used: &ResultUse,
        depth: u32,
    ) -> Option<CallFacts<'m>> {
        let r = self.resolver;
        if !r.knowledge.declared_calls.is_empty() {
            if let Some(facts) = self.declared(f, b, call, used) {
                return Some(facts);
            }
        }
        if let Some((recv, method)) = call.func.as_method() {
            let is_super =
                matches!(recv, Expr::Call(c) if c.func.dotted().as_deref() == Some(&["super"][..]));
            if let Some(client) = r.client_of(f, b, recv) {
                return self.on_client(f, b, call, client, is_super, used, depth);
            }
            // A method of a program class (or of what it delegates to), or a function of a
            // program module.
            match r.value(f, b, recv) {
                Some(Value::Instance(cls)) => {
                    // A method an interface only declares runs as its one implementation's.
                    let arity = call.args.len();
                    let func = match (r.implementation_of(cls, method, arity))
                        .or_else(|| r.find_method_for(cls, method, arity))
                    {
                        // A wrapper class calling its own wrapper method is a caller like
                        // any other (only a `return` passes the obligation on: what its
                        // `close()` drops nobody sees), except in the methods the runtime
                        // calls for a `with` or a collection (`self.flush()` in `__exit__`):
                        // the wrapper's implementation of that protocol, whose users own
                        // the obligation (`with Publisher(conf) as p: p.flush(1)`). A commit
                        // or poll helper of the class is the commit or poll of whichever
                        // method calls it there too (a run loop's `self._commit(msg)`).
                        Some(func) if self.in_protocol_method(f, b, recv) => {
                            match self.obligation(func, depth) {
                                Some(Obligation::Commits { .. }) => func,
                                Some(Obligation::Returns { facts, .. })
                                    if matches!(facts.op, Op::Poll { .. }) =>
                                {
                                    func
                                }
                                // Returned on: the public method's callers have it
                                // (`return createAndSend(rec);`).
                                Some(Obligation::Returns { .. })
                                    if matches!(used.end, End::Returned) =>
                                {
                                    func
                                }
                                _ => return None,
                            }
                        }
                        Some(func) => func,
                        // A method bound on the instance under another name, or what a
                        // delegating `__getattr__` reaches.
                        None => match r.bound_method(cls, method) {
                            Some(func) => func,
                            None => match r.delegate(cls, method)? {
                                Value::Kafka(client) => {
                                    return self.on_client(f, b, call, client, false, used, depth)
                                }
                                Value::Instance(inner) => r.find_method(inner, method)?,
                                _ => return None,
                            },
                        },
                    };
                    return self.through(f, b, call, func, used, depth);
                }
                Some(Value::Module(_)) => {
                    if let Some(Value::Func(func)) = r.value(f, b, &call.func) {
                        return self.through(f, b, call, func, used, depth);
                    }
                }
                _ => {}
            }
        } else {
            if let Some(facts) = self.decorated_method(f, b, call, used) {
                return Some(facts);
            }
            match r.value(f, b, &call.func) {
                Some(Value::Func(func)) => return self.through(f, b, call, func, used, depth),
                // A `functools.partial(client.method, ..)` called: the method, with the
                // partial's arguments first.
                Some(Value::Partial {
                    client,
                    method,
                    file,
                    call: bound,
                }) => {
                    let partial = r.program.index(file)?.call(bound)?;
                    let mut args: Vec<&'m Arg> = partial.args.iter().skip(1).collect();
                    args.extend(call.args.iter());
                    let recv = partial
                        .positional()
                        .next()
                        .and_then(|a| a.value.as_method())
                        .map(|(r, _)| r)?;
                    return self.direct(f, *client, &method, recv, b, args, used.clone());
                }
                // The iterator protocol's builtins call the client's own method
                // (`msg = next(consumer)` polls one message).
                None => {
                    if let Some(facts) = self.iterator_builtin(f, b, call, used) {
                        return Some(facts);
                    }
                }
                _ => {}
            }
        }
        self.callable_argument(f, b, call, used)
    }

    /// `next(client)` / `anext(client)`: the client's `__next__` / `__anext__`.
    fn iterator_builtin(
        &self,
        f: FileId,
        b: BodyId,
        call: &'m Call,
        used: &ResultUse,
    ) -> Option<CallFacts<'m>> {
        let method = match call.func.dotted()?.as_slice() {
            ["next"] => "__next__",
            ["anext"] => "__anext__",
            _ => return None,
        };
        let recv = &call.positional().next()?.value;
        let client = self.resolver.client_of(f, b, recv)?;
        self.direct(f, client, method, recv, b, Vec::new(), used.clone())
    }

    /// `recv` is the own receiver (`self`) of the enclosing method, and that method is one
    /// the runtime calls for a `with` block or a collection (`__exit__`, `__aexit__`,
    /// `__del__`, Rust's `Drop::drop`), not the wrapper's users.
    fn in_protocol_method(&self, f: FileId, b: BodyId, recv: &Expr) -> bool {
        let Expr::Name { id, .. } = recv else {
            return false;
        };
        let Some(index) = self.resolver.program.index(f) else {
            return false;
        };
        let body = index.body(b);
        body.self_name.as_deref() == Some(id.as_str())
            && ["__exit__", "__aexit__", "__del__", "drop"].contains(&body.name.as_str())
    }

    /// A method call on a client: its library method, or a client subclass's override of it
    /// (a wrapper; not through `super().m()`).
    #[allow(clippy::too_many_arguments)]
    fn on_client(
        &self,
        f: FileId,
        b: BodyId,
        call: &'m Call,
        client: Client,
        is_super: bool,
        used: &ResultUse,
        depth: u32,
    ) -> Option<CallFacts<'m>> {
        let (recv, method) = call.func.as_method()?;
        if let (Some(cls), false) = (client.class, is_super) {
            if let Some(func) = self.resolver.find_method_for(cls, method, call.args.len()) {
                return self.through(f, b, call, func, used, depth);
            }
        }
        let args = self.args_of(f, b, call);
        self.direct(f, client, method, recv, b, args, used.clone())
    }

    /// The arguments `call` passes, with a `**` splat of collected keywords
    /// (`**make_kwargs(message=message)`, `**dict(timeout=t)`, or a local bound once to one)
    /// replaced by those keywords: what the callee receives.
    fn args_of(&self, f: FileId, b: BodyId, call: &'m Call) -> Vec<&'m Arg> {
        self.expanded(f, b, &call.args, 0)
    }

    /// `args`, each splat of collected keywords replaced by them (nested ones too).
    fn expanded(&self, f: FileId, b: BodyId, args: &'m [Arg], depth: u32) -> Vec<&'m Arg> {
        let mut out = Vec::with_capacity(args.len());
        for a in args {
            match self.collected_keywords(f, b, a, depth) {
                Some(keywords) => out.extend(keywords),
                None => out.push(a),
            }
        }
        out
    }

    fn collected_keywords(
        &self,
        f: FileId,
        b: BodyId,
        a: &'m Arg,
        depth: u32,
    ) -> Option<Vec<&'m Arg>> {
        if a.spread != Spread::DoubleStar || depth > 2 {
            return None;
        }
        let r = self.resolver;
        let call = match &a.value {
            Expr::Call(c) => c,
            Expr::Name { id, .. } => {
                let bi = r.program.index(f)?.bodies.get(b.0 as usize)?;
                let written = bi.item_assigns.contains_key(id.as_str())
                    || bi.method_calls.contains_key(id.as_str());
                match bi.assigns.get(id.as_str())? {
                    [(Expr::Call(c), _)] if !written => c,
                    _ => return None,
                }
            }
            _ => return None,
        };
        let collects = match r.value(f, b, &call.func) {
            Some(Value::Func(func)) => {
                let index = r.program.index(func.file)?;
                collects_keywords(index.body(func.body), &index.bodies[func.body.0 as usize])
            }
            _ => call.func.dotted().as_deref() == Some(&["dict"][..]),
        };
        if !collects
            || call
                .args
                .iter()
                .any(|a| a.name.is_none() && a.spread != Spread::DoubleStar)
        {
            return None;
        }
        Some(self.expanded(f, b, &call.args, depth + 1))
    }

    /// A call declared in configuration: a commit helper commits the message it is given on
    /// its first argument (a consumer); a confirmed produce produces on its first argument (a
    /// producer) and has observed the delivery when it returns.
    fn declared(
        &self,
        f: FileId,
        b: BodyId,
        call: &'m Call,
        used: &ResultUse,
    ) -> Option<CallFacts<'m>> {
        let r = self.resolver;
        let q = match r.value(f, b, &call.func) {
            Some(Value::Func(func)) => r.func_path(func),
            _ => r.external_path(f, b, &call.func, 0)?,
        };
        let (op, role) = match r.knowledge.declared_call(&q)? {
            DeclaredKind::CommitHelper => (Op::CommitMessage, Role::Consumer),
            DeclaredKind::ConfirmedProduce => {
                let awaited = used.adapters.first() == Some(&Adapter::Await);
                (
                    Op::Send {
                        awaits: u8::from(awaited),
                        raises: true,
                        callback: None,
                    },
                    Role::Producer,
                )
            }
            DeclaredKind::DeliveryCheck => return None,
        };
        let arg = &call.positional().next()?.value;
        let client = r.client_of(f, b, arg).filter(|c| c.role == role)?;
        Some(CallFacts {
            client,
            op,
            method: q.last().cloned().unwrap_or_default(),
            receiver: arg.dotted().map(|d| d.join(".")),
            receiver_range: arg.range(),
            body: b,
            args: call.args.iter().collect(),
            result: used.clone(),
            wrapper: None,
        })
    }

    /// The receiver as text (`self.producer`); a method of the base class called through
    /// `super()` (a client subclass's override) is called on the instance itself.
    fn receiver_text(&self, f: FileId, b: BodyId, recv: &Expr) -> Option<String> {
        if let Expr::Call(c) = recv {
            if c.func.dotted().as_deref() == Some(&["super"][..]) {
                let index = self.resolver.program.index(f)?;
                return index.body(b).self_name.as_ref().map(|me| me.to_string());
            }
        }
        recv.dotted().map(|d| d.join("."))
    }

    /// A method of the client library itself.
    #[allow(clippy::too_many_arguments)]
    fn direct(
        &self,
        f: FileId,
        client: Client,
        method: &str,
        recv: &Expr,
        b: BodyId,
        args: Vec<&'m Arg>,
        result: ResultUse,
    ) -> Option<CallFacts<'m>> {
        let r = self.resolver;
        let k = r.knowledge;
        let awaited = result.adapters.first() == Some(&Adapter::Await);
        // An unknown client type (a heuristic receiver): a method that differs by type is
        // told apart by whether the call is awaited (rdkafka `FutureProducer::send(..).await`).
        let lookup = |lib| {
            k.method(lib, client.role, client.ty.as_deref(), method)
                .or_else(|| {
                    client
                        .ty
                        .is_none()
                        .then(|| k.method_by_await(lib, client.role, method, awaited))
                        .flatten()
                })
        };
        // An awaited call on a heuristic receiver is the library's asynchronous method
        // (confluent-kafka's `AIOConsumer.commit`) or, when it has none, not this library's
        // client (an async wrapper of something else).
        let lookup = |lib| {
            let spec = lookup(lib)?;
            if client.is_heuristic() && awaited && !spec.asynchronous {
                k.method_by_await(lib, client.role, method, true)
            } else {
                Some(spec)
            }
        };
        let spec = if client.lib_certain {
            lookup(client.lib)
        } else {
            // Heuristic receiver, several libraries imported: the first that knows it.
            r.libs(f).into_iter().find_map(lookup)
        }?;
        Some(CallFacts {
            op: spec.op.clone(),
            method: method.to_string(),
            receiver: self.receiver_text(f, b, recv),
            receiver_range: recv.range(),
            client,
            body: b,
            args,
            result,
            wrapper: None,
        })
    }

    /// `retry(producer.send)(topic, value=v)`: a decorator applied in place to a bound client
    /// method (tenacity's `retry(..)`, `backoff.on_exception(..)`) returns a wrapper that runs
    /// the method with the arguments of the outer call and gives back its result.
    fn decorated_method(
        &self,
        f: FileId,
        b: BodyId,
        call: &'m Call,
        used: &ResultUse,
    ) -> Option<CallFacts<'m>> {
        let Expr::Call(decorate) = &call.func else {
            return None;
        };
        let [Arg {
            name: None,
            spread: Spread::None,
            value: Expr::Attr {
                value: recv, attr, ..
            },
            ..
        }] = &decorate.args[..]
        else {
            return None;
        };
        let client = self.resolver.method_client(f, b, recv, attr)?;
        let args = self.args_of(f, b, call);
        let mut facts = self.direct(f, client, attr, recv, b, args, used.clone())?;
        facts.method = attr.to_string();
        Some(facts)
    }

    /// `atexit.register(producer.flush, 10)`: a bound client method handed to something that
    /// calls it later. `await asyncio.to_thread(p.flush, 2)` gives the result back (its use is
    /// the awaited value's); `atexit.register(p.flush, 10)` throws it away.
    fn callable_argument(
        &self,
        f: FileId,
        b: BodyId,
        call: &'m Call,
        used: &ResultUse,
    ) -> Option<CallFacts<'m>> {
        let r = self.resolver;
        let last = call.func.last_name()?;
        let (at, returns) = r.knowledge.vocab.callable_taker(last)?;
        let positional: Vec<&'m Arg> = call.positional().collect();
        let Expr::Attr {
            value: recv, attr, ..
        } = &positional.get(at)?.value
        else {
            return None;
        };
        let client = r.method_client(f, b, recv, attr)?;
        let mut rest = positional[at + 1..].to_vec();
        if r.knowledge.vocab.keyword_takers.contains(&last) {
            rest.extend(
                (call.args.iter()).filter(|a| a.name.is_some() || a.spread == Spread::DoubleStar),
            );
        }
        let result = if returns {
            used.past_taker()
        } else if r.knowledge.vocab.awaiting_takers.contains(&last) {
            ResultUse::new(End::Discarded).through(Adapter::Await)
        } else {
            ResultUse::new(End::Discarded)
        };
        let mut facts = self.direct(f, client, attr, recv, b, rest, result)?;
        facts.method = attr.to_string();
        Some(facts)
    }

    /// A call of program function `func`: the caller takes over what it passes on.
    fn through(
        &self,
        caller: FileId,
        b: BodyId,
        call: &'m Call,
        func: FuncRef,
        used: &ResultUse,
        depth: u32,
    ) -> Option<CallFacts<'m>> {
        let obligation = self.obligation(func, depth)?;
        let r = self.resolver;
        let index = r.program.index(func.file)?;
        let body = index.body(func.body);
        let wrapper = Some(Wrapper {
            name: body.name.clone(),
            at: Origin {
                file: func.file,
                range: body.range,
            },
        });
        let receiver = call
            .func
            .as_method()
            .and_then(|(recv, _)| recv.dotted())
            .map(|d| d.join("."));
        let receiver_range = call
            .func
            .as_method()
            .map_or(call.func.range(), |(recv, _)| recv.range());
        let method = call.func.last_name().unwrap_or(&body.name).to_string();
        Some(match obligation {
            Obligation::Returns {
                facts,
                inner,
                is_async,
                callback,
            } => {
                let mut outer = used.adapters.clone();
                // Awaiting an async wrapper's call runs it; only later awaits reach the value.
                if is_async && outer.first() == Some(&Adapter::Await) {
                    outer.remove(0);
                }
                let mut adapters = inner;
                adapters.extend(outer);
                // A caller that drops the handle drops one the wrapper already registered a
                // callback on: as if it registered it.
                let end = match (&used.end, callback) {
                    (End::Discarded | End::Underscore, Some(cb)) => End::Method(cb.into()),
                    (end, _) => end.clone(),
                };
                CallFacts {
                    method,
                    receiver,
                    receiver_range,
                    body: b,
                    result: ResultUse { adapters, end },
                    wrapper,
                    ..*facts
                }
            }
            Obligation::Commits { facts, plan } => {
                let args = self.args_of(caller, b, call);
                let op = match plan.for_call(body, &args) {
                    // In the slot of the parameters that decide, when the call leaves them
                    // empty (so a suggestion names the wrapper's own parameter).
                    CommitOutcome::Position => {
                        let slot = CommitPlan::slot(body, &plan.params);
                        let empty = slot_args(&args, &slot)
                            .iter()
                            .all(|e| matches!(e, Expr::Lit { lit: Lit::None, .. }));
                        if empty {
                            Op::Commit { offsets: slot }
                        } else {
                            Op::CommitPosition
                        }
                    }
                    // What the caller passes is committed as it is: a position query too.
                    CommitOutcome::Forwarded(params) => Op::Commit {
                        offsets: CommitPlan::slot(body, &params),
                    },
                    CommitOutcome::Message => Op::CommitMessage,
                };
                CallFacts {
                    op,
                    method,
                    receiver,
                    receiver_range,
                    body: b,
                    args,
                    result: used.clone(),
                    wrapper,
                    ..*facts
                }
            }
            Obligation::Forwards { facts, slot } => {
                let op = remap(&facts.op, slot);
                CallFacts {
                    op,
                    method,
                    receiver,
                    receiver_range,
                    body: b,
                    args: self.args_of(caller, b, call),
                    result: used.clone(),
                    wrapper,
                    ..*facts
                }
            }
        })
    }

    /// Whether calling program function `func` polls: it returns what a consumer's poll
    /// returned (`def __next__(self): msg = self.consumer.poll(); ..; return msg`).
    pub fn returns_poll(&self, func: FuncRef) -> bool {
        matches!(self.obligation(func, 0), Some(Obligation::Returns { facts, .. })
            if matches!(facts.op, Op::Poll { .. }))
    }

    /// Whether program generator `func` yields what a consumer polled (`for msg in consumer:
    /// yield msg.value`, `msg = self.poll(t); if msg: yield msg`): a loop over its calls is a
    /// consume loop.
    pub fn yields_poll(&self, func: FuncRef) -> bool {
        self.yields_poll_depth(func, 0)
    }

    /// Whether an object of program class `cls` is a stream of polled messages: its
    /// `__next__` returns one, or its `__iter__` yields them.
    pub fn iterates_polls(&self, cls: ClassRef, depth: u32) -> bool {
        let r = self.resolver;
        let method = |m: &str| r.find_method(cls, m);
        (["__next__", "__anext__"].iter().filter_map(|m| method(m))).any(|f| self.returns_poll(f))
            || (["__iter__", "__aiter__"].iter().filter_map(|m| method(m)))
                .any(|f| self.yields_poll_depth(f, depth))
    }

    fn yields_poll_depth(&self, func: FuncRef, depth: u32) -> bool {
        if depth > 2 {
            return false;
        }
        let r = self.resolver;
        let Some(index) = r.program.index(func.file) else {
            return false;
        };
        let bi = &index.bodies[func.body.0 as usize];
        if bi.yields.is_empty() {
            return false;
        }
        let polled = |name: &str| {
            let assigned = (bi.assigns.get(name).into_iter().flatten()).any(|(v, _)| {
                let v = match v {
                    Expr::Await { value, .. } => value.as_ref(),
                    v => v,
                };
                let Expr::Call(c) = v else {
                    return false;
                };
                let used = &index.uses[c.id.0 as usize];
                matches!(
                    self.facts_depth(func.file, func.body, c, used, 1)
                        .map(|f| f.op),
                    Some(Op::Poll { .. })
                )
            });
            // `for msg in consumer`, or over an object that iterates its polls (`for msg in
            // self` in a generator method of a wrapper whose `__iter__` polls).
            assigned
                || (bi.for_loops.iter()).any(|(t, iter)| {
                    matches!(t, Target::Name(n, _) if n == name)
                        && ((r.client_of(func.file, func.body, iter))
                            .is_some_and(|c| c.role == Role::Consumer)
                            || matches!(r.value(func.file, func.body, iter),
                                Some(Value::Instance(cls)) if self.iterates_polls(cls, depth + 1)))
                })
        };
        let mut names = bi.assigns.keys().copied().collect::<Vec<_>>();
        names.extend(bi.for_loops.iter().filter_map(|(t, _)| match t {
            Target::Name(n, _) => Some(n.as_str()),
            _ => None,
        }));
        // What it yields reads a polled message (`msg`, `msg.value()`).
        (bi.yields.iter()).any(|y| {
            names
                .iter()
                .any(|n| super::guards::reads_any(y, &[n]) && polled(n))
        })
    }

    /// What `func` passes on to its callers, if anything.
    fn obligation(&self, func: FuncRef, depth: u32) -> Option<Obligation<'m>> {
        if let Some(o) = self.obligations.borrow().get(&func) {
            return o.clone();
        }
        if depth > MAX_WRAPPER_DEPTH {
            return None;
        }
        self.obligations.borrow_mut().insert(func, None);
        let o = self.compute_obligation(func, depth);
        self.obligations.borrow_mut().insert(func, o.clone());
        o
    }

    /// The callback method (`addCallback`, `whenComplete`, ..) function `func` calls on its
    /// local `name` as a statement: `future.addCallback(ok, failed);`.
    fn registered_callback(&self, func: FuncRef, name: &str) -> Option<String> {
        let r = self.resolver;
        let index = r.program.index(func.file)?;
        let methods = r.knowledge.vocab.handle_callback_methods;
        (index.calls.iter())
            .filter(|(_, b)| *b == func.body)
            .find_map(|(c, _)| {
                let (recv, m) = c.func.as_method()?;
                let on_name = matches!(recv, Expr::Name { id, .. } if id == name);
                let discarded = index.uses[c.id.0 as usize].end == End::Discarded;
                (on_name && discarded && methods.contains(&m) && !c.args.is_empty())
                    .then(|| m.to_string())
            })
    }

    fn compute_obligation(&self, func: FuncRef, depth: u32) -> Option<Obligation<'m>> {
        let r = self.resolver;
        let index = r.program.index(func.file)?;
        let body = index.body(func.body);
        let bi = &index.bodies[func.body.0 as usize];
        let mut commits = Vec::new();
        for (call, b) in &index.calls {
            if *b != func.body {
                continue;
            }
            let used = &index.uses[call.id.0 as usize];
            let Some(facts) = self.facts_depth(func.file, func.body, call, used, depth + 1) else {
                continue;
            };
            // The wrapper returns the operation's result (a delivery future, a flush count),
            // directly or through a local it returns (`result = p.flush(t); ..; return
            // result`) and binds nothing else.
            // A polled message may come back wrapped (`return KafkaMessage(raw)`): still a
            // polled message.
            let polls = matches!(facts.op, Op::Poll { .. });
            let returned = match &facts.result.end {
                End::Returned => true,
                End::Bound(name) => {
                    let values = bi.assigns.get(name.as_str()).unwrap_or_default();
                    // A poll's batch may be rebound from itself (`msgs = [msgs]` for a single
                    // message) or emptied (`if msgs is None: msgs = []`): still the poll's.
                    // Rebound only to the same operation (`pending = super().flush(0)`
                    // again in a loop until it is 0): still its result.
                    let again = |v: &Expr| {
                        let v = match v {
                            Expr::Await { value, .. } => &**value,
                            v => v,
                        };
                        let (Expr::Call(c), Some((mine, m))) = (v, call.func.as_method()) else {
                            return false;
                        };
                        c.func.as_method().is_some_and(|(recv, n)| {
                            let text = self.receiver_text(func.file, func.body, recv);
                            n == m
                                && text.is_some()
                                && text == self.receiver_text(func.file, func.body, mine)
                        })
                    };
                    let only = values.len() == 1
                        || values.iter().all(|(v, _)| again(v))
                        || polls
                            && (values.iter().skip(1)).all(|(v, _)| {
                                is_empty_seq(v) || super::guards::derived_from_name(v, name, bi)
                            });
                    only && bi.returns.iter().any(|e| match e {
                        Expr::Name { id, .. } if id == name => true,
                        e => {
                            polls
                                && (super::guards::derived_from_name(e, name, bi)
                                    || collects_from(e, name, bi))
                        }
                    })
                }
                _ => false,
            };
            if returned && returns_outcome(&facts.op) {
                let inner = facts.result.adapters.clone();
                let callback = match &facts.result.end {
                    End::Bound(name) => self.registered_callback(func, name),
                    _ => None,
                };
                return Some(Obligation::Returns {
                    facts: Box::new(facts),
                    inner,
                    is_async: body.is_async,
                    callback,
                });
            }
            // A produce whose callback only completes a future the wrapper returns: the
            // wrapper returns the delivery handle, as a send does.
            if let Some(returned) = completed_send(func, bi, &facts, r) {
                return Some(Obligation::Returns {
                    facts: Box::new(returned),
                    inner: Vec::new(),
                    is_async: body.is_async,
                    callback: None,
                });
            }
            // An offset store of what the callers pass: each call of the wrapper stores.
            if matches!(facts.op, Op::StoreOffsets)
                && super::guards::passes_own_params(body, bi, &facts.args)
            {
                return Some(Obligation::Forwards {
                    facts: Box::new(facts),
                    slot: ArgSlot::default(),
                });
            }
            // A transaction step: each call of the wrapper is that step; a commit only where
            // its failure reaches the wrapper's callers (raised past every handler here, or
            // the `Result` returned).
            if let Op::Transaction { step, raises, .. } = facts.op {
                let reaches_callers = match step {
                    TxStep::Commit if raises => raised_to_caller(&body.stmts, call.range),
                    TxStep::Commit => facts.result.end == End::Returned,
                    TxStep::Begin | TxStep::Scope | TxStep::Abort => true,
                };
                if reaches_callers {
                    return Some(Obligation::Forwards {
                        facts: Box::new(facts),
                        slot: ArgSlot::default(),
                    });
                }
                continue;
            }
            // A commit of the message the callers pass (`fn commit(&self, m: &BorrowedMessage)
            // { self.consumer.commit_message(m, CommitMode::Async) }`): each call commits it.
            if matches!(facts.op, Op::CommitMessage)
                && (facts.args.first())
                    .is_some_and(|a| super::guards::derived_from_params(body, bi, &a.value))
            {
                return Some(Obligation::Forwards {
                    facts: Box::new(facts),
                    slot: ArgSlot::default(),
                });
            }
            // Commits: judged together below, from the branches that reach them.
            if matches!(facts.op, Op::Commit { .. } | Op::CommitPosition) {
                commits.push((*call, facts));
                continue;
            }
            // The wrapper forwards one of its parameters into the operation's slot.
            if let Some(forwarded) = forwarded_obligation(body, bi, facts) {
                return Some(forwarded);
            }
        }
        let pairs: Vec<(&Call, &CallFacts)> = commits.iter().map(|(c, f)| (*c, f)).collect();
        if let Some(plan) = CommitPlan::of(body, bi, &pairs) {
            let (_, facts) = commits.swap_remove(0);
            return Some(Obligation::Commits {
                facts: Box::new(facts),
                plan: Box::new(plan),
            });
        }
        // A commit completed from the wrapper's `**kwargs`.
        if let Some(o) = (commits.into_iter()).find_map(|(_, f)| forwarded_obligation(body, bi, f))
        {
            return Some(o);
        }
        self.transaction_context(func, bi, depth)
    }

    /// `def transaction(self): return TransactionContext(self)`, a class whose `__enter__`
    /// begins a transaction and whose `__exit__` commits it: `with p.transaction():` is a
    /// transaction scope, as aiokafka's own `transaction()` is.
    fn transaction_context(
        &self,
        func: FuncRef,
        bi: &super::index::BodyIndex,
        depth: u32,
    ) -> Option<Obligation<'m>> {
        let r = self.resolver;
        let step_in = |names: &[&str], want: TxStep| {
            bi.returns.iter().find_map(|e| {
                let Some(Value::Instance(cls)) = r.value(func.file, func.body, e) else {
                    return None;
                };
                let m = names.iter().find_map(|n| r.find_method(cls, n))?;
                let index = r.program.index(m.file)?;
                (index.calls.iter())
                    .filter(|(_, b)| *b == m.body)
                    .find_map(|(c, b)| {
                        let used = &index.uses[c.id.0 as usize];
                        let f = self.facts_depth(m.file, *b, c, used, depth + 1)?;
                        matches!(f.op, Op::Transaction { step, .. } if step == want).then_some(f)
                    })
            })
        };
        step_in(&["__enter__", "__aenter__"], TxStep::Begin)?;
        let commit = step_in(&["__exit__", "__aexit__"], TxStep::Commit)?;
        let Op::Transaction { awaits, raises, .. } = commit.op else {
            return None;
        };
        Some(Obligation::Forwards {
            facts: Box::new(CallFacts {
                op: Op::Transaction {
                    step: TxStep::Scope,
                    awaits,
                    raises,
                },
                ..commit
            }),
            slot: ArgSlot::default(),
        })
    }
}

/// Whether a failure raised by the call at `at` in `stmts` reaches the function's caller: no
/// enclosing `try` has a handler that ends without raising.
fn raised_to_caller(stmts: &[Stmt], at: TextRange) -> bool {
    let inside = |s: &Stmt| s.range.start <= at.start && at.end <= s.range.end;
    let Some(s) = stmts.iter().find(|s| inside(s)) else {
        return true;
    };
    match &s.kind {
        StmtKind::Try {
            body,
            handlers,
            orelse,
            finally,
        } => {
            let in_body = body.iter().any(inside);
            (!in_body || handlers.iter().all(|h| ends_raising(&h.body)))
                && [&body[..], orelse, finally]
                    .iter()
                    .all(|b| raised_to_caller(b, at))
                && (handlers.iter()).all(|h| raised_to_caller(&h.body, at))
        }
        StmtKind::If { body, orelse, .. } => {
            raised_to_caller(body, at) && raised_to_caller(orelse, at)
        }
        StmtKind::Loop { body, orelse, .. } => {
            raised_to_caller(body, at) && raised_to_caller(orelse, at)
        }
        StmtKind::Match { arms, .. } => arms.iter().all(|a| raised_to_caller(&a.body, at)),
        StmtKind::Block(b) => raised_to_caller(b, at),
        _ => true,
    }
}

/// Whether a block ends by raising (`except Exception as e: log(e); raise Wrapped(..) from e`).
fn ends_raising(block: &[Stmt]) -> bool {
    block.last().is_some_and(|s| {
        matches!(
            s.kind,
            StmtKind::Exit {
                kind: ExitKind::Raise,
                ..
            }
        )
    })
}

/// A function that only collects its keyword arguments (`def make_kwargs(**kw): return {k:
/// v for k, v in kw.items() if v is not None}`): a splat of its call passes them on (dropping
/// `None`s passes what omitting them passes).
fn collects_keywords(body: &Body, bi: &super::index::BodyIndex) -> bool {
    let [p] = body.params.as_slice() else {
        return false;
    };
    p.kind == ParamKind::VarKwargs
        && !bi.returns.is_empty()
        && (bi.returns.iter()).all(|e| super::guards::reads_any(e, &[p.name.as_str()]))
}

/// A produce in `wrapper` whose delivery callback only completes a future that the wrapper
/// returns (`fut.set_result(msg)` / `fut.set_exception(..)`; `return fut`): the same call,
/// seen by the wrapper's callers as a send whose handle is that future.
fn completed_send<'m>(
    wrapper: FuncRef,
    bi: &super::index::BodyIndex,
    facts: &CallFacts<'m>,
    r: &Resolver,
) -> Option<CallFacts<'m>> {
    let Op::Produce { callback, .. } = &facts.op else {
        return None;
    };
    let ArgPresence::Present(cb) = facts.find_arg(callback) else {
        return None;
    };
    let (block, _) = r.callable_body(wrapper.file, wrapper.body, cb)?;
    let future = super::completes::completed_future(block, &r.knowledge.vocab)?;
    (bi.returns.iter())
        .any(|e| matches!(e, Expr::Name { id, .. } if *id == future))
        .then(|| CallFacts {
            op: Op::Send {
                awaits: 1,
                raises: true,
                callback: None,
            },
            ..facts.clone()
        })
}

/// The wrapper forwards one of its parameters (or its `**kwargs`) into the slot of `facts`.
fn forwarded_obligation<'m>(
    body: &Body,
    bi: &super::index::BodyIndex,
    facts: CallFacts<'m>,
) -> Option<Obligation<'m>> {
    let slot = forwarded_slot(body, bi, &facts, slot_of(&facts.op)?)?;
    Some(Obligation::Forwards {
        facts: Box::new(facts),
        slot,
    })
}

/// Whether `e` is a list the body builds from what `name` holds, item by item: `out = []`,
/// then `out.append(..)` of each item of a loop over `name` (or what it derives from the item:
/// `out.append(Context(m))`), as a poll helper collects the messages it keeps.
fn collects_from(e: &Expr, name: &str, bi: &super::index::BodyIndex) -> bool {
    let Expr::Name { id: acc, .. } = e else {
        return false;
    };
    let values = bi.assigns.get(acc.as_str()).unwrap_or_default();
    if values.is_empty() || !values.iter().all(|(v, _)| is_empty_seq(v)) {
        return false;
    }
    let items: Vec<&str> = (bi.for_loops.iter())
        .filter(|(_, iter)| super::guards::derived_from_name(iter, name, bi))
        .filter_map(|(t, _)| match t {
            Target::Name(n, _) => Some(n.as_str()),
            _ => None,
        })
        .collect();
    (bi.method_calls.get(acc.as_str()).unwrap_or_default())
        .iter()
        .any(|c| {
            matches!(
                c.func.last_name(),
                Some("append" | "extend" | "add" | "push")
            ) && (c.args.first()).is_some_and(|a| {
                items
                    .iter()
                    .any(|i| super::guards::derived_from_name(&a.value, i, bi))
            })
        })
}

fn is_empty_seq(e: &Expr) -> bool {
    matches!(e, Expr::Seq { elts, .. } if elts.is_empty())
}

/// Operations whose result carries the outcome the caller must look at.
fn returns_outcome(op: &Op) -> bool {
    // A position query too: a commit of what a wrapper's `position()` returns is bare. And a
    // poll: what a wrapper's `poll()` returns is a polled message, and a loop over it is a
    // consume loop (OL103, OL104).
    matches!(
        op,
        Op::Send { .. }
            | Op::Flush {
                returns_result: true
            }
            | Op::Position
            | Op::Poll { .. }
    )
}

/// The argument slot a caller must fill: the delivery callback, the commit's offsets.
fn slot_of(op: &Op) -> Option<&ArgSlot> {
    match op {
        Op::Produce { callback, .. } => Some(callback),
        Op::Commit { offsets } => Some(offsets),
        _ => None,
    }
}

/// The same operation with its slot filled from the wrapper's parameter instead.
fn remap(op: &Op, slot: ArgSlot) -> Op {
    match op {
        Op::Produce { policy, .. } => Op::Produce {
            callback: slot,
            policy: *policy,
        },
        Op::Commit { .. } => Op::Commit { offsets: slot },
        other => other.clone(),
    }
}

/// When the slot is filled by a parameter of the wrapper (`on_delivery=on_delivery`), or by
/// its `**kwargs` that the wrapper does not complete itself, the slot as its callers see it.
fn forwarded_slot(
    body: &Body,
    bi: &super::index::BodyIndex,
    facts: &CallFacts,
    slot: &ArgSlot,
) -> Option<ArgSlot> {
    match find_arg(&facts.args, slot) {
        ArgPresence::Present(_) => {
            // Every parameter that fills the slot (`commit(message=message, offsets=offsets)`):
            // a caller passing either one fills it.
            let forwarded = forwarded_params(body, &facts.args, slot);
            callers_slot(body, forwarded.into_iter().map(|(i, _)| i))
        }
        ArgPresence::Unknown => {
            if let Some(slot) = forwarded_through_local_dict(body, bi, facts, slot) {
                return Some(slot);
            }
            let kwargs = body
                .params
                .iter()
                .find(|p| p.kind == ParamKind::VarKwargs)?;
            let spread = facts.args.iter().any(|a| {
                a.spread == Spread::DoubleStar
                    && matches!(&a.value, Expr::Name { id, .. } if *id == kwargs.name)
            });
            // `kwargs["on_delivery"] = cb` / `kwargs.setdefault("on_delivery", cb)` complete it.
            let completed = bi
                .item_assigns
                .get(kwargs.name.as_str())
                .into_iter()
                .flatten()
                .any(|(k, _)| {
                    k.as_str()
                        .is_some_and(|k| slot.keywords.iter().any(|s| s == k))
                })
                || bi
                    .method_calls
                    .get(kwargs.name.as_str())
                    .into_iter()
                    .flatten()
                    .any(|c| matches!(c.func.last_name(), Some("setdefault" | "update")));
            (spread && !completed).then(|| ArgSlot {
                keywords: slot.keywords.clone(),
                position: None,
            })
        }
        _ => None,
    }
}

/// `kwargs = {"topic": topic}; if on_delivery is not None: kwargs["on_delivery"] =
/// on_delivery; self._p.produce(**kwargs)`: a local dict of arguments, spread into the call,
/// that puts one of the wrapper's parameters in the slot. Its callers' argument decides.
fn forwarded_through_local_dict(
    body: &Body,
    bi: &super::index::BodyIndex,
    facts: &CallFacts,
    slot: &ArgSlot,
) -> Option<ArgSlot> {
    let spread = facts.args.iter().find_map(|a| match (&a.value, a.spread) {
        (Expr::Name { id, .. }, Spread::DoubleStar) => Some(id.as_str()),
        _ => None,
    })?;
    let [(Expr::Dict { items, .. }, _)] = bi.assigns.get(spread)? else {
        return None;
    };
    let written = items
        .iter()
        .filter_map(|(k, v)| Some((k.as_ref()?, v)))
        .chain(
            bi.item_assigns
                .get(spread)
                .into_iter()
                .flatten()
                .map(|(k, v)| (*k, *v)),
        );
    let mut params = Vec::new();
    for (key, value) in written {
        let in_slot = key
            .as_str()
            .is_some_and(|k| slot.keywords.iter().any(|s| s == k));
        if !in_slot {
            continue;
        }
        let Expr::Name { id, .. } = value else {
            return None;
        };
        params.push(body.params.iter().position(|p| p.name == id)?);
    }
    callers_slot(body, params)
}

/// The slot as the wrapper's callers see it: its parameters (indices into `body.params`)
/// that fill it, but those whose default fills it anyway; `None` when none is left.
fn callers_slot(body: &Body, params: impl IntoIterator<Item = usize>) -> Option<ArgSlot> {
    let params: Vec<usize> = (params.into_iter())
        .filter(|&i| !fills_by_default(&body.params[i]))
        .collect();
    let &first = params.first()?;
    Some(ArgSlot {
        keywords: params
            .iter()
            .map(|&i| body.params[i].name.to_string())
            .collect(),
        position: forwarded_position(body, first),
    })
}

/// A parameter whose default fills the slot itself (`delivery_callback=log_errors`): a caller
/// that omits it has passed that default, not left the slot empty.
fn fills_by_default(p: &Param) -> bool {
    p.default
        .as_deref()
        .is_some_and(|d| !matches!(d, Expr::Lit { lit: Lit::None, .. }))
}
