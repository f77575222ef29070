//! Semantic queries over the control context (`control.rs`) that need call facts and value
//! resolution: which loops are consume loops, which names hold polled messages (or data
//! derived from them), what kind of failure a failure path handles, what code it protects,
//! which calls are effects on message data, checkpoint advances, in-memory buffers, task
//! spawns and consumer constructions. Rules ask these; none walks the tree itself.

mod advances;
mod buffers;
mod channels;
mod consumers;
mod delivery;
mod failures;
mod flush;
mod loops;
mod messages;
mod tasks;
mod transactions;

pub use channels::ChannelId;
pub use consumers::ConfigSource;
pub use flush::FlushCheck;

use super::control::{Control, Later, Pos, RegionId};
use super::index::FileIndex;
use super::program::FileId;
use super::resolve::{Client, Resolver, Value};
use super::FileAnalysis;
use crate::knowledge::failure::FailureKind;
use crate::knowledge::Op;
use crate::model::visit::{self, Visitor};
use crate::model::*;

/// A failure path of the file, classified.
#[derive(Debug, Clone, Copy)]
pub struct FailureSite {
    pub region: RegionId,
    pub kind: FailureKind,
    /// Where handler findings are reported (the `except` clause, the `Err` pattern); for
    /// `finally`, its first statement.
    pub range: TextRange,
}

/// A Kafka commit in any form, including an explicit offset store.
pub fn is_commit(op: &Op) -> bool {
    matches!(
        op,
        Op::Commit { .. } | Op::CommitPosition | Op::CommitMessage | Op::StoreOffsets
    )
}

/// A produce (callback style or returning a delivery handle).
pub fn is_produce(op: &Op) -> bool {
    matches!(op, Op::Produce { .. } | Op::Send { .. })
}

/// The calls of a loop that are a message's effect (see `loop_effects`), with where each is.
#[derive(Debug, Default)]
pub struct Effects<'m> {
    pub calls: Vec<&'m Call>,
    pub at: Later,
}

/// An in-memory buffer that message data goes into in a loop.
#[derive(Debug, Clone)]
pub struct Buffer {
    /// The buffer as a dotted path (`batch`, `self.pending`).
    pub name: String,
    /// Where message data is added to it.
    pub adds: Vec<Pos>,
    /// Where it is written out (passed to a call, iterated), with the range to show.
    pub writes: Vec<(Pos, TextRange)>,
}

/// A task spawn whose handle is dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spawn {
    /// Any task (`asyncio.create_task`): its failure is lost whatever it does.
    Any,
    /// A task that only matters when it produces or commits (`tokio::spawn`,
    /// `executor.submit(..)`), with the help its form's knowledge gives.
    KafkaOnly(&'static str),
}

impl<'p, 'm> FileAnalysis<'p, 'm> {
    pub fn control(&self) -> &'p Control<'m> {
        &self.index.control
    }

    pub fn call_pos(&self, call: &Call) -> Option<Pos> {
        self.index.control.pos(call.id)
    }

    /// The innermost loop around `call` (within its closure, if any).
    pub fn enclosing_loop(&self, call: &Call) -> Option<RegionId> {
        self.control().enclosing_loop(self.call_pos(call)?)
    }

    /// The failure paths around `call` (handlers, `finally`, `Err` arms, error closures),
    /// innermost first, classified.
    pub fn enclosing_handlers(&self, call: &Call) -> Vec<FailureSite> {
        match self.call_pos(call) {
            Some(pos) => self.enclosing_failures(pos),
            None => Vec::new(),
        }
    }

    pub fn call_by_id(&self, id: CallId) -> Option<&'m Call> {
        self.call_by_id.get(id.0 as usize).copied().flatten()
    }

    /// Calls inside region `r` (or a region nested in it), in walk order.
    pub fn region_calls(
        &self,
        r: RegionId,
    ) -> impl Iterator<Item = (&'m Call, Pos)> + use<'_, 'p, 'm> {
        let control = self.control();
        let end = control.region(r).end;
        let sorted = self.calls_by_region.get_or_init(|| {
            let mut v: Vec<(u32, usize)> = self
                .calls
                .iter()
                .enumerate()
                .filter_map(|(i, c)| control.pos(c.id).map(|p| (p.region.0, i)))
                .collect();
            v.sort();
            v
        });
        let start = sorted.partition_point(|(reg, _)| *reg < r.0);
        sorted[start..]
            .iter()
            .take_while(move |(reg, _)| *reg < end)
            .filter_map(move |(_, i)| {
                let c = self.calls[*i];
                Some((c, control.pos(c.id)?))
            })
    }

    /// Calls positioned exactly at `pos` (in the statement's own expressions).
    pub(super) fn calls_at(&self, pos: Pos) -> impl Iterator<Item = &'m Call> + use<'_, 'p, 'm> {
        self.region_calls(pos.region)
            .filter(move |(_, p)| *p == pos)
            .map(|(c, _)| c)
    }
}

/// The Kafka client `call` (in body `body` of file `f`) constructs, if it is one: a client
/// type's constructor, a builder's `create`, `from_config`, a project subclass.
pub(crate) fn constructed_client(
    r: &Resolver,
    f: FileId,
    index: &FileIndex,
    call: &Call,
    body: BodyId,
) -> Option<Client> {
    // Cheap first: a client type's name, a builder's `create`, `from_config`, or a class-like
    // callee (a subclass of a client).
    let last = call.func.last_name()?;
    if last == "__init__" {
        return r.super_construction(f, body, call);
    }
    let candidate = r.is_builder_create(call)
        || last.starts_with("from_config")
        || r.knowledge.clients.iter().any(|t| t.name == last)
        // `_AIOKafkaProducer`: a private alias of a client class is a class name too.
        || last.trim_start_matches('_').starts_with(char::is_uppercase);
    if !candidate {
        return None;
    }
    let here = |c: &Client| {
        c.origin()
            .is_some_and(|o| o.file == f && o.range == call.range)
    };
    if let Some(Value::Kafka(c)) = r.call_value(f, body, call) {
        return here(&c).then_some(c);
    }
    if !r.is_builder_create(call) {
        return None;
    }
    // `let c: StreamConsumer = ClientConfig::new()...create()?`: the annotation says.
    let bi = &index.bodies[body.0 as usize];
    let annotation = bi.assigns.values().flatten().find_map(|(v, a)| {
        matches!(r.strip(f, v), Expr::Call(c) if c.id == call.id).then_some(*a)?
    });
    let annotation = annotation.or_else(|| {
        let returned = index.uses[call.id.0 as usize].end == super::uses::End::Returned;
        returned
            .then(|| index.module.bodies[body.0 as usize].returns.as_deref())
            .flatten()
    });
    // `let consumer = ClientConfig::new()...create()?; Self { consumer, .. }`: the field's
    // declared type.
    let annotation = annotation.or_else(|| {
        let is_call = |v: &Expr| matches!(r.strip(f, v), Expr::Call(c) if c.id == call.id);
        let bound: Vec<&str> = (bi.assigns.iter())
            .filter(|(_, vs)| vs.iter().any(|(v, _)| is_call(v)))
            .map(|(n, _)| *n)
            .collect();
        bi.records.iter().find_map(|&(ty, fields)| {
            fields.iter().find_map(|(name, v)| {
                let holds = is_call(v)
                    || matches!(v, Expr::Name { id, .. } if bound.contains(&id.as_str()));
                holds.then(|| r.record_field_type(f, body, ty, name))?
            })
        })
    })?;
    match r.type_value(f, annotation, call.range)? {
        Value::Kafka(mut c) => {
            c.config = r.config_reader(f, body).builder_create(call);
            Some(c)
        }
        _ => None,
    }
}

/// The names a target binds.
fn target_names<'m>(t: &'m Target, f: &mut impl FnMut(&'m str)) {
    match t {
        Target::Name(n, _) => f(n),
        Target::Tuple(ts, _) => ts.iter().for_each(|t| target_names(t, f)),
        _ => {}
    }
}

/// Last names of the calls along an expression's outer spine (outermost first), through
/// `await`, `?` and method receivers: `serde_json::from_slice(p).map_err(..)?` gives
/// `["map_err", "from_slice"]`.
fn call_spine(e: &Expr) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = e;
    for _ in 0..32 {
        cur = match cur {
            Expr::Await { value, .. } | Expr::Try { value, .. } => value,
            Expr::Call(c) => {
                if let Some(n) = c.func.last_name() {
                    out.push(n.to_string());
                }
                match c.func.as_method() {
                    Some((recv, _)) => recv,
                    None => break,
                }
            }
            _ => break,
        };
    }
    out
}

/// Finds a read of one name (closures included), except as the receiver of the `skip`
/// methods.
struct Reads<'a> {
    name: &'a str,
    skip: &'a [&'a str],
    found: bool,
}

impl<'x> Visitor<'x> for Reads<'_> {
    fn visit_expr(&mut self, e: &'x Expr) {
        match e {
            _ if self.found => {}
            Expr::Name { id, .. } if id == self.name => self.found = true,
            Expr::Call(call)
                if call.func.as_method().is_some_and(|(recv, m)| {
                    self.skip.contains(&m)
                        && matches!(recv, Expr::Name { id, .. } if id == self.name)
                }) =>
            {
                for a in &call.args {
                    self.visit_expr(&a.value);
                }
            }
            _ => visit::walk_expr(self, e),
        }
    }
}

/// Whether expression `e` reads `name` other than to register a callback on it (`skip`).
fn expr_reads_name(e: &Expr, name: &str, skip: &[&str]) -> bool {
    let mut v = Reads {
        name,
        skip,
        found: false,
    };
    v.visit_expr(e);
    v.found
}

/// Whether statement `s` reads `name` other than to register a callback on it (`skip`).
fn stmt_reads_name(s: &Stmt, name: &str, skip: &[&str]) -> bool {
    let mut v = Reads {
        name,
        skip,
        found: false,
    };
    visit::walk_stmt(&mut v, s);
    v.found
}
