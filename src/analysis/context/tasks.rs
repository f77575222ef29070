//! Task spawns (OL203): which calls spawn a task, whether it is kept, whether it touches Kafka.

use super::{is_commit, is_produce, Reads, Spawn};
use crate::analysis::control::{RegionId, RegionKind};
use crate::analysis::resolve::Value;
use crate::analysis::CallFacts;
use crate::analysis::FileAnalysis;
use crate::model::visit::{self};
use crate::model::*;

impl<'p, 'm> FileAnalysis<'p, 'm> {
    /// Whether `call` spawns a background task (OL203), and which kind.
    pub fn task_spawn(&self, call: &Call, body: BodyId) -> Option<Spawn> {
        let tasks = &self.knowledge.tasks;
        // Cheap first: the callee's last name must be a spawn's.
        let last = call.func.last_name()?;
        let named =
            |paths: &[Vec<String>]| paths.iter().any(|p| p.last().is_some_and(|l| l == last));
        if !named(&tasks.kafka_only)
            && !named(&tasks.spawn_functions)
            && !tasks.loop_spawn_methods.iter().any(|m| m == last)
        {
            return None;
        }
        let q = self.index.names.qualify_expr(&call.func);
        let ends = |paths: &[Vec<String>]| {
            q.as_ref().is_some_and(|q| {
                paths.iter().any(|p| {
                    q.len() >= p.len() && q[q.len() - p.len()..].iter().zip(p).all(|(a, b)| a == b)
                })
            })
        };
        if ends(&tasks.kafka_only) {
            return Some(Spawn::KafkaOnly);
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
            Expr::Name { id, .. } => self.index.bodies[body.0 as usize]
                .assigns
                .get(id.as_str())
                .is_some_and(|vs| vs.iter().any(|(v, _)| is_loop(v))),
            _ => false,
        };
        (is_loop(recv) || bound_to_loop).then_some(Spawn::Any)
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
    pub fn spawn_touches_kafka(&self, call: &Call, body: BodyId) -> bool {
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
        for c in &inner {
            if self.facts(c.id).is_some_and(touches) {
                return true;
            }
        }
        for c in inner {
            if let Some(Value::Func(func)) = self.resolver.value(self.file, body, &c.func) {
                if func.file != self.file {
                    continue;
                }
                let found = self
                    .index
                    .calls
                    .iter()
                    .any(|(c2, b)| *b == func.body && self.facts(c2.id).is_some_and(touches));
                if found {
                    return true;
                }
            }
        }
        false
    }
}
