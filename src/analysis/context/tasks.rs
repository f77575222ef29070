//! Task spawns (OL203): which calls spawn a task, whether it is kept, whether it touches Kafka.
//! A program function that returns the task it created spawns it for its callers (the
//! catalog's "Obligations pass through wrappers"); a spawn returned by a lambda handed to a
//! call that discards the lambda's result (`loop.add_signal_handler(..)`) is dropped.

use super::{is_commit, is_produce, Reads, Spawn};
use crate::analysis::control::{Pos, RegionId, RegionKind};
use crate::analysis::facts::ArgPresence;
use crate::analysis::guards::reads_any;
use crate::analysis::index::FileIndex;
use crate::analysis::resolve::{FuncRef, Value};
use crate::analysis::uses::End;
use crate::analysis::CallFacts;
use crate::analysis::FileAnalysis;
use crate::knowledge::failure::FailureKind;
use crate::knowledge::tasks::{ExecutorSpawns, QueueHandoffs, TaskKnowledge};
use crate::knowledge::vocab::Vocabulary;
use crate::knowledge::Op;
use crate::model::visit::{self};
use crate::model::*;

/// What a function body binds to a name or attribute from calls (`task =
/// asyncio.create_task(..)`, `self._task = ..`), and whether it observes the name's task itself
/// (`task.add_done_callback(..)`): returning the name returns the task, unobserved unless it
/// does.
struct BoundTask<'m, 'a> {
    target: &'a [&'a str],
    spawns: Vec<&'m Call>,
    /// Assignments of anything other than a call.
    others: usize,
    observed: bool,
}

impl<'m, 'a> BoundTask<'m, 'a> {
    fn find(stmts: &'m [Stmt], target: &'a [&'a str]) -> Self {
        let mut found = BoundTask {
            target,
            spawns: Vec::new(),
            others: 0,
            observed: false,
        };
        visit::walk_block(&mut found, stmts);
        found
    }

    fn is_target(&self, t: &Target) -> bool {
        match t {
            Target::Name(n, _) => self.target == [n.as_str()],
            Target::Attr { value, attr, .. } => value.dotted().is_some_and(|mut d| {
                d.push(attr);
                d[..] == *self.target
            }),
            _ => false,
        }
    }
}

impl<'m> visit::Visitor<'m> for BoundTask<'m, '_> {
    fn visit_stmt(&mut self, stmt: &'m Stmt) {
        if let StmtKind::Assign { targets, value, .. } = &stmt.kind {
            if let [t] = targets.as_slice() {
                if self.is_target(t) {
                    match value {
                        Expr::Call(c) => self.spawns.push(c),
                        _ => self.others += 1,
                    }
                }
            }
        }
        visit::walk_stmt(self, stmt);
    }

    fn visit_expr(&mut self, expr: &'m Expr) {
        if let Expr::Call(c) = expr {
            if let Expr::Attr { value, attr, .. } = &c.func {
                if attr == "add_done_callback"
                    && value.dotted().is_some_and(|d| d[..] == *self.target)
                {
                    self.observed = true;
                }
            }
        }
        visit::walk_expr(self, expr);
    }
}

/// Wrappers returning wrappers' tasks deeper than this are not followed.
const MAX_TASK_WRAPPER_DEPTH: u32 = 6;

impl<'p, 'm> FileAnalysis<'p, 'm> {
    /// The hand-offs of work on a message to another thread in loop `l` (OL104): task spawns
    /// (an executor's `submit`/`execute`, `CompletableFuture.runAsync`) whose future is
    /// dropped, with a call on message data inside their arguments. Found once per loop.
    pub fn loop_handoffs(&self, l: RegionId) -> &[(&'m Call, Pos)] {
        match self.loop_handoffs.get(l.0 as usize) {
            Some(cell) => cell.get_or_init(|| {
                let body = self.control().region(l).body;
                let names = self.message_names(body);
                let work_on_message = |h: &Call| {
                    self.region_calls(l).any(|(u, _)| {
                        u.id != h.id
                            && h.range.start <= u.range.start
                            && u.range.end <= h.range.end
                            && (u.args.iter()).any(|a| self.refs_message_data(&a.value, names))
                    })
                };
                // Put on a concurrent queue, here or by a program method it is passed to
                // (`writer.submit(value)` doing `events.offer(value)`): worked on later by
                // the thread that takes it, whatever the call returns.
                let queued = |h: &Call| {
                    (h.args.iter()).any(|a| self.refs_message_data(&a.value, names))
                        && self.queues(h, body)
                };
                self.region_calls(l)
                    .filter(|(h, _)| {
                        let result = &self.index.uses[h.id.0 as usize];
                        let spawned = || {
                            result.adapters.is_empty()
                                && result.end == End::Discarded
                                && self.task_spawn(h, body).is_some()
                                && work_on_message(h)
                        };
                        self.facts(h.id).is_none() && (spawned() || queued(h))
                    })
                    .collect()
            }),
            None => &[],
        }
    }

    /// Whether `call` puts its arguments on a concurrent queue, itself or through a program
    /// method (a hand-off of [`Self::loop_handoffs`] that no future can wait on).
    pub fn queues(&self, call: &Call, body: BodyId) -> bool {
        queue_put(&self.knowledge.tasks.queues, self.index, call, body)
            || self.queues_its_arguments(call, body)
    }

    /// Whether `call` calls a program method that puts one of its parameters on a concurrent
    /// queue (`boolean submit(String e) { return events.offer(e); }`).
    fn queues_its_arguments(&self, call: &Call, body: BodyId) -> bool {
        let Some(func) = self.resolver.program_func(self.file, body, &call.func) else {
            return false;
        };
        let Some(index) = self.program.index(func.file) else {
            return false;
        };
        let params: Vec<&str> = (index.body(func.body).params.iter())
            .map(|p| p.name.as_str())
            .collect();
        (index.calls.iter()).any(|(c, b)| {
            *b == func.body
                && queue_put(&self.knowledge.tasks.queues, index, c, func.body)
                && (c.args.iter()).any(|a| reads_any(&a.value, &params))
        })
    }

    /// Whether `call` is an argument of a task spawn (`asyncio.create_task(self.handle(msg))`):
    /// it runs in that task, later, not where it is written. (Code in a block the spawn runs,
    /// `tokio::spawn(async move { .. })`, is judged in that block.)
    pub fn spawned_within(&self, call: &Call, body: BodyId) -> bool {
        (self.index.calls.iter()).any(|(h, b)| {
            *b == body
                && (h.args.iter()).any(|a| matches!(&a.value, Expr::Call(c) if c.id == call.id))
                && self.task_spawn(h, body).is_some()
        })
    }

    /// Whether `call` spawns a background task (OL203), and which kind.
    pub fn task_spawn(&self, call: &Call, body: BodyId) -> Option<Spawn> {
        let kind = spawn_kind(&self.knowledge.tasks, self.index, call, body)?;
        (!self.wraps_kept_task(call, body)).then_some(kind)
    }

    /// `asyncio.ensure_future(self._task)` where this body binds `self._task` only to tasks
    /// it spawned: the call hands the same task back and starts nothing (a coroutine held in
    /// the name would start a new one, so any other binding keeps the spawn).
    fn wraps_kept_task(&self, call: &Call, body: BodyId) -> bool {
        let tasks = &self.knowledge.tasks;
        if !call
            .func
            .last_name()
            .is_some_and(|n| tasks.passthrough.iter().any(|p| p == n))
        {
            return false;
        }
        let Some(target) = call.args.first().and_then(|a| a.value.dotted()) else {
            return false;
        };
        let stmts = self.index.module.bodies[body.0 as usize].stmts.as_slice();
        let bound = BoundTask::find(stmts, &target);
        bound.others == 0
            && !bound.spawns.is_empty()
            && (bound.spawns.iter())
                .all(|c| spawn_kind(tasks, self.index, c, body) == Some(Spawn::Any))
    }

    /// When `call` calls a program function that returns an asyncio task it created
    /// (`def send(..): return asyncio.ensure_future(..)`), so that its caller holds the task:
    /// how many awaits of the call's result give the task (1 for an `async def`).
    pub fn returned_task(&self, call: &Call, body: BodyId) -> Option<usize> {
        let func = self.resolver.program_func(self.file, body, &call.func)?;
        self.returns_task(func, 0).then(|| {
            let index = self.program.index(func.file);
            usize::from(index.is_some_and(|i| i.body(func.body).is_async))
        })
    }

    /// Whether program function `func` returns a task it spawned, directly or as the result
    /// of a program function that does (memoised per function).
    fn returns_task(&self, func: FuncRef, depth: u32) -> bool {
        if let Some(&known) = self.task_returners.borrow().get(&func) {
            return known;
        }
        // A recursive wrapper is not assumed to return a task while it is being decided.
        self.task_returners.borrow_mut().insert(func, false);
        let found = self.program.index(func.file).is_some_and(|index| {
            // `returns` holds the body's own `return` values, not a nested lambda's.
            index.bodies[func.body.0 as usize]
                .returns
                .iter()
                .any(|e| match e {
                    Expr::Call(c) => {
                        spawn_kind(&self.knowledge.tasks, index, c, func.body) == Some(Spawn::Any)
                            || (depth < MAX_TASK_WRAPPER_DEPTH
                                && (self.resolver.program_func(func.file, func.body, &c.func))
                                    .is_some_and(|inner| self.returns_task(inner, depth + 1)))
                    }
                    // `task = asyncio.create_task(..)` then `return task`.
                    Expr::Name { id, .. } => {
                        let target = [id.as_str()];
                        let bound = BoundTask::find(
                            index.module.bodies[func.body.0 as usize].stmts.as_slice(),
                            &target,
                        );
                        !bound.observed
                            && (bound.spawns.iter()).any(|c| {
                                spawn_kind(&self.knowledge.tasks, index, c, func.body)
                                    == Some(Spawn::Any)
                            })
                    }
                    _ => false,
                })
        });
        self.task_returners.borrow_mut().insert(func, found);
        found
    }

    /// Whether `call` is what a lambda returns, handed to a call that discards what it
    /// returns: `loop.add_signal_handler(sig, lambda: loop.create_task(stop()))`.
    pub fn returned_to_discarder(&self, call: &Call) -> bool {
        let Some(pos) = self.call_pos(call) else {
            return false;
        };
        let control = self.control();
        let Some(RegionKind::Closure {
            call: Some(owner), ..
        }) = control.regions_above(pos).find_map(|r| {
            let kind = &control.region(r).kind;
            matches!(kind, RegionKind::Closure { .. }).then_some(kind)
        })
        else {
            return false;
        };
        let Some(taker) = self.call_by_id(*owner) else {
            return false;
        };
        let Some(Expr::Closure(lambda)) = self.discarded_callable(taker) else {
            return false;
        };
        lambda.body.iter().any(|s| {
            matches!(&s.kind, StmtKind::Exit {
                kind: ExitKind::Return,
                value: Some(Expr::Call(c)),
            } if c.id == call.id)
        })
    }

    /// The callable `call` is handed to run later with its result thrown away
    /// (`atexit.register(f)`, `loop.call_soon(f)`, `signal.signal(sig, f)`).
    pub fn discarded_callable(&self, call: &'m Call) -> Option<&'m Expr> {
        // A produce's delivery callback: the client calls it and ignores what it returns.
        if let Some(f) = self.facts(call.id) {
            return match &f.op {
                Op::Produce { callback, .. } => match f.find_arg(callback) {
                    ArgPresence::Present(e) => Some(e),
                    _ => None,
                },
                _ => None,
            };
        }
        let last = call.func.last_name()?;
        let &(_, at, keyword, returns) =
            (self.knowledge.vocab.callable_takers.iter()).find(|(n, ..)| *n == last)?;
        if returns {
            return None;
        }
        // By position or by its keyword (`add_signal_handler(sig=s, callback=lambda: ..)`).
        let arg = call
            .positional()
            .nth(at)
            .or_else(|| call.keyword(keyword))?;
        Some(&arg.value)
    }

    /// Whether `call` hands a program function that returns its task to a call that
    /// discards the result: `loop.add_signal_handler(sig, self.stop)`.
    pub fn hands_task_to_discarder(&self, call: &'m Call, body: BodyId) -> bool {
        self.discarded_callable(call)
            .filter(|f| !matches!(f, Expr::Closure(_)))
            .and_then(|f| self.resolver.program_func(self.file, body, f))
            .is_some_and(|func| self.returns_task(func, 0))
    }

    /// Whether `name` is read anywhere in the file's bodies (closures included): a task bound
    /// to it is kept. Other bodies count because of `nonlocal` and `global` names.
    pub fn reads_name_anywhere(&self, name: &str) -> bool {
        (0..self.module.bodies.len()).any(|b| self.reads_name(BodyId(b as u32), name))
    }

    /// Whether `call` sits in a `with self.assertRaises(..):` / `with pytest.raises(..):`
    /// block: a test expecting the call to raise.
    pub fn expects_raise(&self, call: &Call) -> bool {
        let Some(pos) = self.call_pos(call) else {
            return false;
        };
        let control = self.control();
        control.regions_above(pos).any(|r| {
            let region = control.region(r);
            matches!(region.kind, RegionKind::Plain)
                && region.stmts.first().is_some_and(|s| match &s.kind {
                    StmtKind::Assign {
                        value: Expr::Call(c),
                        ..
                    } => c
                        .func
                        .last_name()
                        .is_some_and(|n| self.knowledge.vocab.expect_raises.contains(&n)),
                    _ => false,
                })
        })
    }

    /// Whether `name` is read anywhere in `body` (closures included), not only assigned.
    pub fn reads_name(&self, body: BodyId, name: &str) -> bool {
        let mut v = Reads {
            name,
            skip: &[],
            found: false,
        };
        visit::walk_block(&mut v, &self.module.bodies[body.0 as usize].stmts);
        v.found
    }

    /// Whether the code a spawn runs produces to Kafka or commits: in its closure argument,
    /// or in a function of this file it calls there.
    pub fn spawn_touches_kafka(&self, call: &'m Call, body: BodyId) -> bool {
        let touches = |f: &CallFacts| is_commit(&f.op) || is_produce(&f.op);
        let control = self.control();
        let mut inner: Vec<&'m Call> = Vec::new();
        for (i, region) in control.regions.iter().enumerate() {
            if let RegionKind::Closure {
                call: Some(owner), ..
            } = region.kind
            {
                if owner == call.id {
                    inner.extend(self.region_calls(RegionId(i as u32)).map(|(c, _)| c));
                }
            }
        }
        // `tokio::spawn(run(consumer))`: the argument's own calls.
        if let Some(pos) = self.call_pos(call) {
            inner.extend(self.calls_at(pos).filter(|c| {
                c.id != call.id
                    && call.range.start <= c.range.start
                    && c.range.end <= call.range.end
            }));
        }
        // What the task runs: its closure (handed to the spawn, or to the `Thread` it starts),
        // or a local bound to one (`Runnable task = () -> ..; executor.submit(task)`).
        let mut tasks: Vec<&'m Expr> = call.args.iter().map(|a| &a.value).collect();
        if let Some((Expr::Call(built), _)) = call.func.as_method() {
            tasks.extend(built.args.iter().map(|a| &a.value));
        }
        // A method reference (`this::run`) or a name bound to one is a function to look into.
        let mut written = CallsIn(Vec::new());
        let mut refs: Vec<&'m Expr> = Vec::new();
        for t in tasks {
            let bound = match t {
                Expr::Name { id, .. } => {
                    self.index.bodies[body.0 as usize].assigns.get(id.as_str())
                }
                _ => None,
            };
            let values = bound.into_iter().flatten().map(|(v, _)| *v);
            for v in std::iter::once(t).chain(values) {
                match v {
                    Expr::Closure(c) => visit::walk_block(&mut written, &c.body),
                    Expr::Name { .. } | Expr::Attr { .. } => refs.push(v),
                    // `Runnable task = new SendTask(..)`: the class it builds.
                    Expr::Call(c) => refs.push(&c.func),
                    _ => {}
                }
            }
        }
        inner.extend(written.0);
        // A produce or commit whose failure a handler of the task hands on is seen.
        inner.retain(|c| !self.failure_handed_on(c));
        for c in &inner {
            if self.facts(c.id).is_some_and(touches) {
                return true;
            }
        }
        let mut seen = Vec::new();
        (inner.iter().map(|c| &c.func).chain(refs)).any(|f| {
            match self.resolver.value(self.file, body, f) {
                Some(Value::Func(func)) => {
                    self.func_touches_kafka(func, TASK_CALL_DEPTH, &mut seen)
                }
                // A task object of the program's (`executor.submit(new SendTask(rec, p))`):
                // what its `run`/`call` method does.
                Some(Value::Class(cls)) => (self.knowledge.tasks.executors.task_methods.iter())
                    .filter_map(|m| self.resolver.find_method(cls, m))
                    .any(|func| self.func_touches_kafka(func, TASK_CALL_DEPTH, &mut seen)),
                _ => false,
            }
        })
    }

    /// Whether program function `func` produces or commits, itself or through the program
    /// functions it calls (`depth` levels more), in whatever file they live: a task running
    /// `KafkaConsumer::stream_subscriber(con)` from another module commits.
    fn func_touches_kafka(&self, func: FuncRef, depth: u32, seen: &mut Vec<FuncRef>) -> bool {
        if seen.contains(&func) {
            return false;
        }
        seen.push(func);
        self.in_file(func.file, |a| {
            let calls = || {
                (a.index.calls.iter()).filter(|(c, b)| *b == func.body && !a.failure_handed_on(c))
            };
            calls().any(|(c, _)| {
                a.facts(c.id)
                    .is_some_and(|f| is_commit(&f.op) || is_produce(&f.op))
            }) || depth > 0
                && calls().any(|(c, b)| match a.resolver.value(a.file, *b, &c.func) {
                    Some(Value::Func(next)) => a.func_touches_kafka(next, depth - 1, seen),
                    _ => false,
                })
        })
        .unwrap_or(false)
    }
}

impl FileAnalysis<'_, '_> {
    /// Whether `c` runs in the code a handler protects that catches its failure (broad or
    /// transient) and hands it on: a call, not a log line, taking the caught exception or a
    /// value read from it (`WorkerUtils.abort(log, "send", e, doneFuture)`,
    /// `result.complete(error(e.getMessage()))`). A task failing there is seen by whoever
    /// gets it; a handler that only logs, swallows or rethrows leaves it to the dropped handle.
    fn failure_handed_on(&self, c: &Call) -> bool {
        let control = self.control();
        (0..control.regions.len() as u32).map(RegionId).any(|r| {
            let RegionKind::Handler { handler } = control.region(r).kind else {
                return false;
            };
            self.failure_site(r)
                .is_some_and(|s| matches!(s.kind, FailureKind::Broad | FailureKind::Transient))
                && hands_failure_on(handler, &self.knowledge.vocab)
                && self.protected_calls(r).iter().any(|p| p.id == c.id)
        })
    }
}

/// Whether a handler passes its caught failure to a call other than a log line (see
/// `failure_handed_on`), directly or through a local it derives from it.
fn hands_failure_on(handler: &Handler, vocab: &Vocabulary) -> bool {
    struct HandsOn<'v> {
        names: Vec<String>,
        vocab: &'v Vocabulary,
        found: bool,
    }
    impl<'m> visit::Visitor<'m> for HandsOn<'_> {
        fn visit_stmt(&mut self, stmt: &'m Stmt) {
            if let StmtKind::Assign { targets, value, .. } = &stmt.kind {
                let names: Vec<&str> = self.names.iter().map(String::as_str).collect();
                if reads_any(value, &names) {
                    for t in targets {
                        if let Target::Name(n, _) = t {
                            self.names.push(n.to_string());
                        }
                    }
                }
            }
            visit::walk_stmt(self, stmt);
        }
        fn visit_expr(&mut self, expr: &'m Expr) {
            if let Expr::Call(c) = expr {
                let names: Vec<&str> = self.names.iter().map(String::as_str).collect();
                // Neither a log line nor the construction of an exception to rethrow
                // (`throw new RuntimeException(e)`: the failure leaves with the task).
                let passes = c.func.last_name().is_some_and(|n| {
                    !self.vocab.log_methods.contains(&n)
                        && !n.starts_with("print")
                        && !n.starts_with(char::is_uppercase)
                });
                if passes && c.args.iter().any(|a| reads_any(&a.value, &names)) {
                    self.found = true;
                }
            }
            visit::walk_expr(self, expr);
        }
    }
    let Some(name) = &handler.name else {
        return false;
    };
    let mut v = HandsOn {
        names: vec![name.to_string()],
        vocab,
        found: false,
    };
    visit::walk_block(&mut v, &handler.body);
    v.found
}

/// How many calls deep a spawned task's body is followed for a produce or commit.
const TASK_CALL_DEPTH: u32 = 2;

/// Which kind of task `call` (in `body` of the file `index`) spawns, if it spawns one.
fn spawn_kind(
    tasks: &TaskKnowledge,
    index: &FileIndex,
    call: &Call,
    body: BodyId,
) -> Option<Spawn> {
    // Cheap first: the callee's last name must be a spawn's.
    let last = call.func.last_name()?;
    let named = |paths: &[Vec<String>]| paths.iter().any(|p| p.last().is_some_and(|l| l == last));
    let ex = &tasks.executors;
    if ex.methods.contains(&last) || last == ex.start {
        return executor_spawn(ex, index, call, body).then_some(Spawn::KafkaOnly(ex.help));
    }
    let kafka_only = || tasks.kafka_only.iter().map(|(p, _)| p);
    if !kafka_only().any(|p| p.last().is_some_and(|l| l == last))
        && !named(&tasks.spawn_functions)
        && !tasks.loop_spawn_methods.iter().any(|m| m == last)
    {
        return None;
    }
    let q = index.names.qualify_expr(&call.func);
    let ends = |paths: &[Vec<String>]| {
        q.as_ref().is_some_and(|q| {
            paths.iter().any(|p| {
                q.len() >= p.len() && q[q.len() - p.len()..].iter().zip(p).all(|(a, b)| a == b)
            })
        })
    };
    for (p, help) in &tasks.kafka_only {
        if ends(std::slice::from_ref(p)) {
            return Some(Spawn::KafkaOnly(help));
        }
    }
    if ends(&tasks.spawn_functions) {
        return Some(Spawn::Any);
    }
    let (recv, m) = call.func.as_method()?;
    if !tasks.loop_spawn_methods.iter().any(|s| s == m) {
        return None;
    }
    // `asyncio.get_running_loop().create_task(..)`, `loop.create_task(..)`.
    let is_loop = |e: &Expr| match e {
        Expr::Call(c) => c
            .func
            .last_name()
            .is_some_and(|n| tasks.loop_factories.iter().any(|f| f == n)),
        _ => e
            .last_name()
            .is_some_and(|n| n.to_ascii_lowercase().contains(&tasks.loop_word)),
    };
    let bound_to_loop = match recv {
        Expr::Name { id, .. } => index.bodies[body.0 as usize]
            .assigns
            .get(id.as_str())
            .is_some_and(|vs| vs.iter().any(|(v, _)| is_loop(v))),
        _ => false,
    };
    (is_loop(recv) || bound_to_loop).then_some(Spawn::Any)
}

/// Whether `call` hands a task to a Java executor (`executor.submit(..)`, `.execute(..)`) or
/// starts a thread built on the spot (`new Thread(task).start()`).
fn executor_spawn(ex: &ExecutorSpawns, index: &FileIndex, call: &Call, body: BodyId) -> bool {
    let Some((recv, m)) = call.func.as_method() else {
        return false;
    };
    if m == ex.start {
        // `Thread` unqualified: `java.lang` needs no import (Python's is `threading.Thread`).
        return matches!(recv, Expr::Call(c)
            if index.names.qualify_expr(&c.func).is_some_and(|q| q == [ex.thread]));
    }
    let made = |e: &Expr| {
        matches!(e, Expr::Call(c)
            if c.func.last_name().is_some_and(|n| ex.factories.contains(&n)))
    };
    declared_as(index, recv, body, (ex.types, ex.packages), &made)
}

/// Whether `call` puts something on a Java concurrent queue (`queue.offer(record)`), the
/// receiver declared as one or made by its constructor.
pub(crate) fn queue_put(q: &QueueHandoffs, index: &FileIndex, call: &Call, body: BodyId) -> bool {
    let Some((recv, m)) = call.func.as_method() else {
        return false;
    };
    let made = |e: &Expr| matches!(e, Expr::Call(c) if c.func.last_name().is_some_and(|n| q.types.contains(&n)));
    q.methods.contains(&m) && declared_as(index, recv, body, (q.types, q.packages), &made)
}

/// Whether receiver `recv` in `body` is declared as one of `types` (imported from one of
/// `packages`, or by name under an on-demand import of one), or made by a call `made`
/// accepts: a local, a parameter, a field (`this.x`, a bare name, `Class.x` in a static
/// method).
fn declared_as(
    index: &FileIndex,
    recv: &Expr,
    body: BodyId,
    (types, packages): (&[&str], &[&str]),
    made: &dyn Fn(&Expr) -> bool,
) -> bool {
    let names = &index.names;
    let in_package = |p: &str| packages.contains(&p);
    let typed = |t: &TypeRef| {
        t.paths.iter().any(|p| match names.qualify(p).as_slice() {
            [package, ty] => in_package(package) && types.contains(&ty.as_str()),
            [ty] => {
                types.contains(&ty.as_str())
                    && (names.globs.iter()).any(|(g, _)| g.len() == 1 && in_package(&g[0]))
            }
            _ => false,
        })
    };
    let field = |name: &str| {
        let class = index.body(body).class.as_deref();
        (index.module.classes.iter())
            .filter(|c| Some(c.name.as_str()) == class)
            .any(|c| {
                c.fields.iter().any(|f| f.name == name && typed(&f.ty))
                    || c.attrs.iter().any(|(n, v)| n == name && made(v))
            })
    };
    match recv {
        Expr::Call(_) => made(recv),
        Expr::Name { id, .. } => {
            let local = index.bodies[body.0 as usize].assigns.get(id.as_str());
            match local {
                Some(vs) => vs.iter().any(|(v, t)| made(v) || t.is_some_and(typed)),
                None => {
                    let param = index.body(body).params.iter().find(|p| p.name == *id);
                    match param {
                        Some(p) => p.annotation.as_deref().is_some_and(typed),
                        // A static field, named bare.
                        None => field(id),
                    }
                }
            }
        }
        Expr::Attr { value, attr, .. } if matches!(value.as_ref(), Expr::Name { id, .. } if id == "this") => {
            field(attr)
        }
        // A static field read from a static method (`Class.pool`).
        Expr::Attr { value, attr, .. }
            if matches!(value.as_ref(), Expr::Name { id, .. }
            if index.body(body).class.as_deref().is_some_and(|c| {
                c == id.as_str() || c.rsplit('.').next() == Some(id.as_str())
            })) =>
        {
            field(attr)
        }
        _ => false,
    }
}

/// The calls written in a block (closures included).
struct CallsIn<'m>(Vec<&'m Call>);

impl<'m> visit::Visitor<'m> for CallsIn<'m> {
    fn visit_expr(&mut self, expr: &'m Expr) {
        if let Expr::Call(c) = expr {
            self.0.push(c);
        }
        visit::walk_expr(self, expr);
    }
}
