//! Shared analyses over the model, computed once per file and read by every rule: name
//! resolution, Kafka client bindings and call facts, result uses, taint.

pub mod bindings;
pub mod config;
pub mod index;
pub mod names;
pub mod taint;
pub mod uses;
pub mod walk;

use bindings::{Bindings, Client};
use index::{BodyIndex, Indexer};
use names::Names;
use uses::{End, ResultUse};

use crate::knowledge::{ArgSlot, Knowledge, Op};
use crate::model::*;

/// A call on a Kafka client, with what it does.
#[derive(Debug, Clone)]
pub struct CallFacts {
    pub client: Client,
    pub op: Op,
    /// The method name as written (for messages).
    pub method: String,
    /// The receiver as a dotted path (`consumer`, `self.consumer`), when it is one.
    pub receiver: Option<String>,
    pub body: BodyId,
}

/// Whether an argument slot is filled.
#[derive(Debug, Clone, Copy)]
pub enum ArgPresence<'a> {
    Present(&'a Expr),
    Absent,
    /// A `*args` / `**kwargs` splat may fill it.
    Unknown,
}

pub fn find_arg<'a>(call: &'a Call, slot: &ArgSlot) -> ArgPresence<'a> {
    for kw in &slot.keywords {
        if let Some(arg) = call.keyword(kw) {
            return ArgPresence::Present(&arg.value);
        }
    }
    if let Some(pos) = slot.position {
        let mut index = 0;
        for arg in &call.args {
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
    if call.has_spread(Spread::DoubleStar) && !slot.keywords.is_empty() {
        return ArgPresence::Unknown;
    }
    ArgPresence::Absent
}

/// Everything the rules may ask about one file.
pub struct FileAnalysis<'m> {
    pub module: &'m Module,
    pub knowledge: &'m Knowledge,
    pub names: &'m Names,
    pub bindings: Bindings<'m>,
    /// Every call node, in walk order.
    pub calls: Vec<&'m Call>,
    /// Indexed by `CallId`: facts for calls on Kafka clients.
    pub facts: Vec<Option<CallFacts>>,
    /// Indexed by `CallId`.
    pub uses: Vec<ResultUse>,
    /// OL301's sink hits, computed when a rule first asks.
    taint_hits: std::cell::OnceCell<Vec<taint::SinkHit>>,
    /// Receivers (and bodies) of explicit offset-store calls; usually few, kept apart so
    /// per-finding questions do not scan every call.
    explicit_stores: Vec<(String, BodyId)>,
    polled: Vec<std::cell::OnceCell<Vec<&'m str>>>,
}

impl<'m> FileAnalysis<'m> {
    pub fn new(
        module: &'m Module,
        knowledge: &'m Knowledge,
        names: &'m Names,
        heuristic: bool,
    ) -> Self {
        let count = module.call_count as usize;
        let mut indexer = Indexer {
            bodies: &module.bodies,
            indexes: module.bodies.iter().map(|_| BodyIndex::default()).collect(),
            calls: Vec::with_capacity(count),
            uses: vec![ResultUse::new(End::Used); count],
        };
        for (i, body) in module.bodies.iter().enumerate() {
            walk::walk_body(body, BodyId(i as u32), &knowledge.vocab, &mut indexer);
        }
        let Indexer {
            indexes,
            calls,
            uses,
            ..
        } = indexer;
        let bindings = Bindings::new(module, knowledge, names, heuristic, indexes);
        let facts: Vec<Option<CallFacts>> = {
            let mut facts = vec![None; count];
            for (call, body) in &calls {
                if let Some(f) = call_facts(&bindings, knowledge, &uses, call, *body) {
                    facts[call.id.0 as usize] = Some(f);
                }
            }
            facts
        };
        let explicit_stores = facts
            .iter()
            .flatten()
            .filter(|f| matches!(f.op, Op::StoreOffsets))
            .filter_map(|f| Some((f.receiver.clone()?, f.body)))
            .collect();
        FileAnalysis {
            module,
            knowledge,
            names,
            bindings,
            calls: calls.into_iter().map(|(c, _)| c).collect(),
            facts,
            uses,
            taint_hits: std::cell::OnceCell::new(),
            explicit_stores,
            polled: vec![std::cell::OnceCell::new(); module.bodies.len()],
        }
    }

    /// Model output reaching offset sinks (OL301), computed once on first use.
    pub fn taint_hits(&self) -> &[taint::SinkHit] {
        self.taint_hits.get_or_init(|| {
            taint::analyze(&taint::TaintInput {
                module: self.module,
                names: self.names,
                bindings: &self.bindings,
                facts: &self.facts,
                knowledge: self.knowledge,
            })
        })
    }

    pub fn facts(&self, id: CallId) -> Option<&CallFacts> {
        self.facts.get(id.0 as usize).and_then(Option::as_ref)
    }

    pub fn result_use(&self, id: CallId) -> &ResultUse {
        &self.uses[id.0 as usize]
    }

    /// Whether the code stores offsets explicitly (`store_offsets(message=msg)`,
    /// `store_offset_from_message(&m)`) on the same receiver as `call`, in the same function
    /// or another method of the same class.
    pub fn stores_offsets_explicitly(&self, call: &CallFacts) -> bool {
        let Some(receiver) = &call.receiver else {
            return false;
        };
        let class = |b: BodyId| self.module.bodies[b.0 as usize].class.as_deref();
        self.explicit_stores.iter().any(|(r, body)| {
            r == receiver
                && (*body == call.body
                    || class(*body).is_some() && class(*body) == class(call.body))
        })
    }

    /// Names in `body` that hold a polled message: `msg = consumer.poll(1.0)`,
    /// `for msg in consumer:`, `let m = consumer.recv().await?`.
    pub fn polled_messages(&self, body: BodyId) -> &[&'m str] {
        // Memoised: every finding in a body asks the same question.
        self.polled[body.0 as usize].get_or_init(|| self.compute_polled_messages(body))
    }

    fn compute_polled_messages(&self, body: BodyId) -> Vec<&'m str> {
        let index = &self.bindings.indexes[body.0 as usize];
        let is_poll = |e: &Expr| match self.bindings.strip(e) {
            Expr::Call(c) => matches!(self.facts(c.id).map(|f| &f.op), Some(Op::Poll)),
            _ => false,
        };
        let mut out: Vec<&str> = index
            .assigns
            .iter()
            .filter(|(_, values)| values.iter().any(|(v, _)| is_poll(v)))
            .map(|(name, _)| *name)
            .collect();
        for (target, iter) in &index.for_loops {
            let over_consumer = is_poll(iter)
                || self
                    .bindings
                    .client_of(iter, body)
                    .is_some_and(|c| c.role == crate::knowledge::Role::Consumer);
            if let (true, Target::Name(name, _)) = (over_consumer, target) {
                out.push(name);
            }
        }
        out.sort();
        out.dedup();
        out
    }
}

/// What a method call on a Kafka client does, if its receiver is one.
fn call_facts(
    bindings: &Bindings,
    knowledge: &Knowledge,
    uses: &[ResultUse],
    call: &Call,
    body: BodyId,
) -> Option<CallFacts> {
    let (recv, method) = call.func.as_method()?;
    let client = bindings.client_of(recv, body)?;
    let spec = if client.lib_certain {
        knowledge.method(client.lib, client.role, client.ty.as_deref(), method)
    } else {
        // Heuristic receiver, several libraries imported: the first that knows it.
        bindings
            .libs
            .iter()
            .find_map(|lib| knowledge.method(*lib, client.role, None, method))
    }?;
    // An awaited call of a synchronous method: a heuristic receiver that is not this
    // library's client (an async wrapper).
    let awaited = uses[call.id.0 as usize].adapters.first() == Some(&uses::Adapter::Await);
    if client.is_heuristic() && awaited && !spec.asynchronous {
        return None;
    }
    Some(CallFacts {
        op: spec.op.clone(),
        method: method.to_string(),
        receiver: recv.dotted().map(|d| d.join(".")),
        client,
        body,
    })
}
