//! Shared analyses over the model, read by every rule: the one walk (result uses, per-body
//! index), the program (files and imports), value resolution across it, call facts (direct
//! and through wrappers), taint.
//!
//! Their maps hash with foldhash: keys are short names and ids looked up on every resolution
//! step, where SipHash was a tenth of a run. foldhash is seeded per process, so a crafted
//! file cannot pick names that collide (which an unseeded hash such as Fx would allow).

pub mod bound;
pub mod branches;
pub mod callbacks;
pub mod completes;
pub mod config;
pub mod context;
pub mod control;
pub mod facts;
pub mod groups;
pub mod guards;
pub mod index;
pub mod invocation;
pub mod names;
pub mod program;
pub mod resolve;
pub mod scope;
pub mod taint;
pub mod uses;
pub mod walk;

use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use facts::FactFinder;
pub use facts::{ArgPresence, CallFacts};
use index::FileIndex;
use program::{FileId, Program};
pub use resolve::Context;
use resolve::Resolver;

use crate::knowledge::{Knowledge, Op, Role};
use crate::model::*;

/// Everything the rules may ask about one file of the program.
pub struct FileAnalysis<'p, 'm> {
    pub program: &'p Program<'m>,
    pub file: FileId,
    pub index: &'p FileIndex<'m>,
    pub module: &'m Module,
    pub knowledge: &'m Knowledge,
    pub resolver: Resolver<'p, 'm>,
    /// Every call node, in walk order.
    pub calls: Vec<&'m Call>,
    /// Indexed by `CallId`: facts for calls on Kafka clients (and their wrappers), found
    /// when a rule first asks (a file linted for OL203 alone never needs them).
    facts: OnceCell<Vec<Option<CallFacts<'m>>>>,
    /// OL301's sink hits and OL302's control hits, computed when a rule first asks.
    taint: OnceCell<taint::TaintResult>,
    polled: Vec<OnceCell<Vec<&'m str>>>,
    /// Indexed by body: the parameter a consume loop hands each message (OL103, OL204).
    per_message: Vec<OnceCell<Option<&'m str>>>,
    explicit_stores: OnceCell<Vec<(Option<resolve::Origin>, String, BodyId)>>,
    /// Indexed by `CallId`.
    call_by_id: Vec<Option<&'m Call>>,
    /// (region, index into `calls`), sorted (`context.rs`).
    calls_by_region: OnceCell<Vec<(u32, usize)>>,
    /// Per body: names holding message data (`context.rs`).
    messages: Vec<OnceCell<std::collections::HashSet<&'m str>>>,
    /// Per region: whether it is a consume loop (`context.rs`).
    consume_loops: OnceCell<Vec<bool>>,
    /// The channels this file's consume loops send their messages into (`context.rs`).
    fed_channels: OnceCell<Vec<context::ChannelId>>,
    /// The Kafka clients constructed in this file, with their constructor calls (`context.rs`),
    /// found once for OL105, OL205 and OL404.
    constructions: OnceCell<Vec<(&'m Call, BodyId, resolve::Client)>>,
    /// Per region: the buffers of the loop it is (`context.rs`), found once for all the
    /// commits in it.
    loop_buffers: Vec<OnceCell<Vec<context::Buffer>>>,
    /// Per region: the hand-offs of message work to another thread in the loop it is
    /// (`context/tasks.rs`), found once for all the commits in it.
    loop_handoffs: Vec<OnceCell<Vec<(&'m Call, control::Pos)>>>,
    /// Per loop and body: the message's effects in the loop (`context.rs`).
    loop_effects: RefCell<HashMap<(control::RegionId, BodyId), Rc<context::Effects<'m>>>>,
    /// Calls to a Kafka method name whose facts came out empty because the resolution
    /// depth bound cut a chain while they were found ([`FileAnalysis::depth_cuts`]).
    depth_cuts: std::cell::Cell<usize>,
    /// Program functions that return a task they spawned (OL203), decided once each.
    task_returners: RefCell<HashMap<resolve::FuncRef, bool>>,
    /// Analyses of other files whose helpers this file calls (OL204's produce in a helper of
    /// another module), made once each.
    other_files: RefCell<HashMap<FileId, Option<Rc<FileAnalysis<'p, 'm>>>>>,
}

impl<'p, 'm> FileAnalysis<'p, 'm> {
    pub fn new(
        program: &'p Program<'m>,
        file: FileId,
        knowledge: &'m Knowledge,
        heuristic: bool,
    ) -> Option<Self> {
        let index = program.index(file)?;
        let resolver = Resolver::new(program, knowledge, heuristic);
        let mut call_by_id = vec![None; index.module.call_count as usize];
        for (call, _) in &index.calls {
            if let Some(slot) = call_by_id.get_mut(call.id.0 as usize) {
                *slot = Some(*call);
            }
        }
        Some(FileAnalysis {
            call_by_id,
            calls_by_region: OnceCell::new(),
            messages: vec![OnceCell::new(); index.module.bodies.len()],
            consume_loops: OnceCell::new(),
            fed_channels: OnceCell::new(),
            constructions: OnceCell::new(),
            loop_buffers: vec![OnceCell::new(); index.control.regions.len()],
            loop_handoffs: vec![OnceCell::new(); index.control.regions.len()],
            loop_effects: RefCell::default(),
            depth_cuts: std::cell::Cell::new(0),
            task_returners: RefCell::default(),
            other_files: RefCell::default(),
            program,
            file,
            index,
            module: index.module,
            knowledge,
            calls: index.calls.iter().map(|(c, _)| *c).collect(),
            facts: OnceCell::new(),
            resolver,
            taint: OnceCell::new(),
            polled: vec![OnceCell::new(); index.module.bodies.len()],
            per_message: vec![OnceCell::new(); index.module.bodies.len()],
            explicit_stores: OnceCell::new(),
        })
    }

    /// The analysis of another file of the program, made once and kept for this file's run.
    pub fn other_file(&self, file: FileId) -> Option<Rc<FileAnalysis<'p, 'm>>> {
        if let Some(a) = self.other_files.borrow().get(&file) {
            return a.clone();
        }
        let heuristic = self.resolver.heuristic_on();
        let made = FileAnalysis::new(self.program, file, self.knowledge, heuristic).map(Rc::new);
        self.other_files.borrow_mut().insert(file, made.clone());
        made
    }

    /// `f` applied to the analysis of `file`: this one, or another file's (`None` when that
    /// file has no analysis).
    pub fn in_file<T>(
        &self,
        file: FileId,
        f: impl FnOnce(&FileAnalysis<'p, 'm>) -> T,
    ) -> Option<T> {
        if file == self.file {
            return Some(f(self));
        }
        self.other_file(file).map(|other| f(&other))
    }

    /// Model output reaching offset sinks (OL301), computed once on first use.
    pub fn taint_hits(&self) -> &[taint::SinkHit] {
        &self.taint.get_or_init(|| taint::analyze(self)).sinks
    }

    /// Commits and checkpoint writes chosen or delayed by model output (OL302).
    pub fn control_hits(&self) -> &[taint::ControlHit] {
        &self.taint.get_or_init(|| taint::analyze(self)).controls
    }

    pub fn facts(&self, id: CallId) -> Option<&CallFacts<'m>> {
        self.all_facts().get(id.0 as usize).and_then(Option::as_ref)
    }

    fn all_facts(&self) -> &[Option<CallFacts<'m>>] {
        self.facts.get_or_init(|| {
            let finder = FactFinder::new(&self.resolver);
            let mut facts = vec![None; self.index.module.call_count as usize];
            for (call, body) in &self.index.calls {
                let used = &self.index.uses[call.id.0 as usize];
                let cuts = self.resolver.cuts.get();
                match finder.facts(self.file, *body, call, used) {
                    Some(f) => facts[call.id.0 as usize] = Some(f),
                    None if self.resolver.cuts.get() > cuts && self.names_kafka_method(call) => {
                        self.depth_cuts.set(self.depth_cuts.get() + 1);
                    }
                    None => {}
                }
            }
            facts
        })
    }

    /// Whether `call` is a method call named as a Kafka client method is (`commit`, `poll`,
    /// `produce`, `flush`, ...), whatever its receiver.
    fn names_kafka_method(&self, call: &Call) -> bool {
        call.func
            .as_method()
            .is_some_and(|(_, m)| self.knowledge.methods.iter().any(|k| k.name == m))
    }

    /// Calls named as Kafka client methods (`commit`, `poll`, `produce`, ...) that the rules
    /// asked about and whose receiver was not resolved because a chain of values (aliases,
    /// returns, fields, parameters) ran past the resolution depth bound (48 steps): a
    /// finding on them may be missing (`--statistics` counts them). A chain cut once is
    /// remembered as unknown, so two calls on one cut chain may count once.
    pub fn depth_cuts(&self) -> usize {
        self.depth_cuts.get()
    }

    /// Whether the code stores offsets explicitly (`store_offsets(message=msg)`,
    /// `store_offset_from_message(&m)`) on the same consumer as `call`: the same client
    /// anywhere resolution reaches, or the same receiver in the same function or class.
    pub fn stores_offsets_explicitly(&self, call: &CallFacts) -> bool {
        let stores = self
            .explicit_stores
            .get_or_init(|| self.compute_explicit_stores());
        let origin = call.client.origin();
        let class = |b: BodyId| self.module.bodies[b.0 as usize].class.as_deref();
        stores.iter().any(|(o, r, body)| {
            origin.is_some() && *o == origin
                || call.receiver.as_deref() == Some(r.as_str())
                    && (*body == call.body
                        || class(*body).is_some() && class(*body) == class(call.body))
        })
    }

    fn compute_explicit_stores(&self) -> Vec<(Option<resolve::Origin>, String, BodyId)> {
        let mut out: Vec<_> = self
            .all_facts()
            .iter()
            .flatten()
            .filter(|f| matches!(f.op, Op::StoreOffsets))
            .filter(|f| {
                let (body, bi) = (
                    self.index.body(f.body),
                    &self.index.bodies[f.body.0 as usize],
                );
                !guards::passes_own_params(body, bi, &f.args)
            })
            .map(|f| {
                (
                    f.client.origin(),
                    f.receiver.clone().unwrap_or_default(),
                    f.body,
                )
            })
            .collect();
        // Explicit stores anywhere, on clients resolved to the same construction. Where
        // the program's stores lead does not depend on the file being linted, so it is found
        // once per program (and knowledge): per file, it made a large project quadratic.
        let key = (
            std::ptr::from_ref(self.knowledge) as usize,
            self.resolver.heuristic_on(),
        );
        let stores = self.program.explicit_stores(key, || {
            // A resolver of its own: what it finds must not depend on which file asked first.
            let resolver = Resolver::new(self.program, self.knowledge, key.1);
            let finder = FactFinder::new(&resolver);
            let names = (self.knowledge.methods.iter())
                .filter(|m| matches!(m.op, Op::StoreOffsets))
                .map(|m| m.name);
            let mut found = Vec::new();
            for name in names {
                for &(g, b, call) in self.program.calls_named(name) {
                    let Some((recv, method)) = call.func.as_method() else {
                        continue;
                    };
                    // The store's own consumer (through a delegating wrapper too), and those
                    // its callers pass in when the receiver is a parameter (a helper, a trait
                    // method on the client type).
                    // A wrapper's store of what its callers pass stores when they call it
                    // (found as their call, through the wrapper).
                    let Some(index) = self.program.index(g) else {
                        continue;
                    };
                    let facts = finder.facts(g, b, call, &index.uses[call.id.0 as usize]);
                    if facts.as_ref().is_some_and(|f| {
                        guards::passes_own_params(
                            index.body(b),
                            &index.bodies[b.0 as usize],
                            &f.args,
                        )
                    }) {
                        continue;
                    }
                    let passed = resolver.clients_passed_as(g, b, recv);
                    let own = (facts.filter(|f| matches!(f.op, Op::StoreOffsets)))
                        .map(|f| f.client)
                        .or_else(|| resolver.method_client(g, b, recv, method));
                    for c in own.into_iter().chain(passed) {
                        if let Some(o) = c.origin().filter(|_| c.role == Role::Consumer) {
                            found.push((g, o.file, o.range));
                        }
                    }
                }
            }
            found
        });
        // Stores in this file too: those reached through a parameter name another origin.
        for &(_, file, range) in stores.iter() {
            let origin = Some(resolve::Origin { file, range });
            out.push((origin, String::new(), BodyId(u32::MAX)));
        }
        out
    }

    /// Names in `body` that hold one polled message: `msg = consumer.poll(1.0)`,
    /// `for msg in consumer:`, `let m = consumer.recv().await?` (not batches: `consume()`,
    /// `getmany()`, kafka-python's `poll()`).
    pub fn polled_messages(&self, body: BodyId) -> &[&'m str] {
        // Memoised: every finding in a body asks the same question.
        self.polled[body.0 as usize].get_or_init(|| self.compute_polled_messages(body))
    }

    /// The polled messages that hold a message at `at` on every path: bound before it, not
    /// in a sibling branch or arm, and not a result still to unwrap (`let r =
    /// consumer.recv().await` in Rust is a `KafkaResult`).
    pub fn messages_at(&self, body: BodyId, at: TextRange) -> Vec<&'m str> {
        let stmts = &self.index.body(body).stmts;
        self.polled_messages(body)
            .iter()
            .copied()
            .filter(|name| match bound::binding_at(stmts, name, at) {
                Some(bound::Bound::Pattern) => true,
                Some(bound::Bound::Assigned(v)) => !self.holds_poll_result(v),
                None => false,
            })
            .collect()
    }

    /// A name bound to a batch (`consume(n)`, `getmany()`, kafka-python's `poll()`) that holds
    /// it at `at` on every path.
    pub fn batch_at(&self, body: BodyId, at: TextRange) -> Option<&'m str> {
        let index = &self.index.bodies[body.0 as usize];
        let stmts = &self.index.body(body).stmts;
        let mut batches: Vec<&str> = index
            .assigns
            .keys()
            .copied()
            .filter(|name| !name.starts_with('_'))
            .filter(|name| match bound::binding_at(stmts, name, at) {
                Some(bound::Bound::Assigned(v)) => self.polls_kind(v, false),
                _ => false,
            })
            .collect();
        batches.sort();
        match batches.as_slice() {
            [one] => Some(one),
            _ => None,
        }
    }

    /// `consumer.recv().await` / `consumer.poll(..)` as written, of a client whose poll
    /// returns a result still to unwrap.
    fn holds_poll_result(&self, v: &Expr) -> bool {
        let v = match v {
            Expr::Await { value, .. } => value,
            other => other,
        };
        let Expr::Call(c) = v else { return false };
        self.facts(c.id).is_some_and(|f| {
            matches!(f.op, Op::Poll { .. }) && self.knowledge.lib(f.client.lib).poll_wraps_result
        })
    }

    /// Whether `e` (through awaits, `?` and pass-through calls) polls one message (`single`)
    /// or a batch.
    fn polls_kind(&self, e: &Expr, single: bool) -> bool {
        match self.resolver.strip(self.file, e) {
            Expr::Call(c) => matches!(
                self.facts(c.id).map(|f| &f.op),
                Some(Op::Poll { single: s }) if *s == single
            ),
            _ => false,
        }
    }

    fn compute_polled_messages(&self, body: BodyId) -> Vec<&'m str> {
        let index = &self.index.bodies[body.0 as usize];
        let polls_one = |e: &Expr| self.polls_kind(e, true);
        let mut out: Vec<&str> = index
            .assigns
            .iter()
            .filter(|(_, values)| values.iter().any(|(v, _)| polls_one(v)))
            .map(|(name, _)| *name)
            .collect();
        for (target, iter) in &index.for_loops {
            let over_consumer = self
                .resolver
                .client_of(self.file, body, iter)
                .is_some_and(|c| c.role == Role::Consumer);
            if let (true, Target::Name(name, _)) = (over_consumer, target) {
                out.push(name);
            }
        }
        // `_m`: bound to be ignored, not a message anyone processed.
        out.retain(|name| !name.starts_with('_'));
        out.sort();
        out.dedup();
        out
    }
}
