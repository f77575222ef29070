//! Producer transactions (OL201): whether a send runs inside a transaction whose commit
//! reports a failed delivery to code that does not swallow it.

use crate::analysis::control::{Exits, Pos, RegionKind};
use crate::analysis::{CallFacts, FileAnalysis};
use crate::knowledge::failure::FailureKind;
use crate::knowledge::{Op, TxStep};
use crate::model::*;

impl<'p, 'm> FileAnalysis<'p, 'm> {
    /// Whether the send `call` runs inside a transaction of its producer that commits with
    /// its failure observed: after a `begin_transaction()` and before a `commit_transaction()`
    /// on the same receiver in the same function, or inside `async with
    /// producer.transaction():`. A transaction commit fails when any of its deliveries
    /// failed, so the commit confirms them (catalog OL201), unless its failure is swallowed:
    /// discarded (`let _ =`, `.ok()`, not awaited) or caught by a broad handler that neither
    /// re-raises nor ends the process.
    pub fn in_committed_transaction(&self, call: &Call, facts: &CallFacts) -> bool {
        self.committed_transaction(call, facts, None)
    }

    /// Whether the send `call` is confirmed by a transaction commit that runs before `at`
    /// (OL204: an advance there is not ahead of its delivery).
    pub fn transaction_committed_before(&self, call: &Call, at: Pos) -> bool {
        let Some(facts) = self.facts(call.id) else {
            return false;
        };
        self.committed_transaction(call, facts, Some(at))
    }

    /// [`Self::in_committed_transaction`], with the commit before `until` when given.
    fn committed_transaction(&self, call: &Call, facts: &CallFacts, until: Option<Pos>) -> bool {
        let Some(receiver) = facts.receiver.as_deref() else {
            return false;
        };
        let Some(pos) = self.call_pos(call) else {
            return false;
        };
        let control = self.control();
        // The commit at `at` runs before `until` (the end of a `with` block when it is the
        // commit, so `until` must be outside it).
        let before_until = |at: Pos, range: TextRange, scope: bool| match until {
            None => true,
            Some(u) => {
                let Some(stmt) = control.stmt(u) else {
                    return false;
                };
                (!scope || !control.contains(at.region, u))
                    && control.follows(at, range, u, stmt.range)
            }
        };
        let class = |b: BodyId| self.module.bodies[b.0 as usize].class.as_deref();
        // A field of the instance (`self.producer`, Java's `this.producer`).
        let own_field = |b: BodyId| {
            (self.module.bodies[b.0 as usize].self_name.as_deref())
                .and_then(|me| receiver.strip_prefix(me))
                .is_some_and(|rest| rest.starts_with('.'))
        };
        let (mut begun, mut committed) = (false, false);
        // A transactional wrapper class (`begin()`, `send()`, `commit()` as its methods on
        // one field): a send in one method is in the transaction its sibling methods begin
        // and commit (librdkafka refuses a transactional producer's send outside one).
        // A method that both begins and commits holds a transaction of its own: the sends of
        // its siblings are not in it.
        let (mut class_begins, mut class_commits) = (Vec::new(), Vec::new());
        for c in &self.calls {
            let Some(f) = self.facts(c.id) else {
                continue;
            };
            let Op::Transaction {
                step,
                awaits,
                raises,
            } = f.op
            else {
                continue;
            };
            if f.receiver.as_deref() != Some(receiver) {
                continue;
            }
            let Some(at) = self.call_pos(c) else {
                continue;
            };
            if f.body != facts.body {
                let sibling = until.is_none()
                    && own_field(facts.body)
                    && class(f.body).is_some()
                    && class(f.body) == class(facts.body);
                if sibling {
                    match step {
                        TxStep::Begin => class_begins.push(f.body),
                        TxStep::Commit => class_commits.push((
                            f.body,
                            f.result.observes_outcome(awaits, raises)
                                && !self.swallowed(at, receiver),
                        )),
                        TxStep::Scope | TxStep::Abort => {}
                    }
                }
                continue;
            }
            match step {
                TxStep::Begin => begun |= control.follows(at, c.range, pos, call.range),
                TxStep::Commit => {
                    committed |= control.follows(pos, call.range, at, c.range)
                        && before_until(at, c.range, false)
                        && f.result.observes_outcome(awaits, raises)
                        && !self.swallowed(at, receiver)
                }
                // `with producer.transaction():` holds the send in its block, and commits
                // (raising on failure) when the block ends.
                TxStep::Scope => {
                    if control.contains(at.region, pos)
                        && control.follows(at, c.range, pos, call.range)
                        && before_until(at, c.range, true)
                        && !self.swallowed(at, receiver)
                    {
                        return true;
                    }
                }
                TxStep::Abort => {}
            }
        }
        let spread = |b: &BodyId| !class_commits.iter().any(|(c, _)| c == b);
        let begins_elsewhere = class_begins.iter().any(spread);
        let commits_elsewhere =
            (class_commits.iter()).any(|(b, observed)| *observed && !class_begins.contains(b));
        // A class that begins transactions and commits none hands each over to whoever
        // commits it (a sink's writer and its committer): that commit is judged there.
        let handed_over = class_commits.is_empty();
        begun && committed || begins_elsewhere && (commits_elsewhere || handed_over)
    }

    /// Whether a failure raised at `pos` is caught by a broad (or transient) handler of an
    /// enclosing `try` that neither re-raises, nor panics, nor ends the process, nor aborts
    /// the transaction of `receiver` (the KafkaProducer javadoc's `catch (KafkaException e) {
    /// producer.abortTransaction(); }`: the failure is seen and the transaction's records and
    /// offsets are rolled back).
    fn swallowed(&self, pos: Pos, receiver: &str) -> bool {
        let control = self.control();
        let keeps = Exits::FAILS;
        control.regions_above(pos).any(|r| {
            let region = control.region(r);
            if !matches!(region.kind, RegionKind::Try) {
                return false;
            }
            (0..control.regions.len() as u32)
                .map(crate::analysis::control::RegionId)
                .filter(|&h| {
                    let handler = control.region(h);
                    matches!(handler.kind, RegionKind::Handler { .. })
                        && handler.parent == region.parent
                })
                .any(|h| {
                    self.failure_site(h).is_some_and(|s| {
                        matches!(s.kind, FailureKind::Broad | FailureKind::Transient)
                    }) && !control.region(h).exits.any(keeps)
                        && !self.aborts(h, receiver)
                })
        })
    }

    /// Whether handler `h` aborts the transaction of `receiver`: itself, or through a program
    /// function it hands the producer to (`abortTransactionAndResetPosition(producer,
    /// consumer)`).
    fn aborts(&self, h: crate::analysis::control::RegionId, receiver: &str) -> bool {
        let body = self.control().region(h).body;
        self.region_calls(h).any(|(c, _)| match self.facts(c.id) {
            Some(f) => is_abort(&f.op) && f.receiver.as_deref() == Some(receiver),
            None => {
                let passed = (c.args.iter())
                    .any(|a| a.value.dotted().is_some_and(|d| d.join(".") == receiver));
                passed && self.helper_calls_op(c, body, is_abort)
            }
        })
    }
}

fn is_abort(op: &Op) -> bool {
    matches!(
        op,
        Op::Transaction {
            step: TxStep::Abort,
            ..
        }
    )
}
