//! OL101 bare-commit: a commit of the consumer's position instead of a processed message.

use crate::analysis::resolve::Value;
use crate::analysis::{ArgPresence, CallFacts};
use crate::diagnostic::Finding;
use crate::knowledge::{ArgSlot, Op};
use crate::model::{Arg, BodyId, Call, Expr, Lit, Spread};
use crate::registry::Rule;
use crate::rules::commit::suggest_commit::{self, Suggested};
use crate::rules::helpers::with_receiver;
use crate::rules::RuleContext;

const HELP: &str = "a position-wide commit also commits offsets a failure path left uncommitted";

/// OL101
pub(crate) fn bare_commit(ctx: &RuleContext, call: &Call, facts: &CallFacts) {
    let position_wide = match &facts.op {
        Op::CommitPosition => true,
        Op::Commit { offsets } => match slot_fillers(facts, offsets) {
            // `commit(None)`, `commit(message=None)` pass nothing; explicit offsets in any
            // slot keyword (`commit(message=None, offsets=[..])`) are not the position.
            Some(fillers) => fillers.iter().all(|a| {
                matches!(a.value, Expr::Lit { lit: Lit::None, .. })
                    || is_not_offsets(&a.value)
                    || is_typed_not_offsets(ctx, &a.value, facts.body)
                    || is_program_object(ctx, &a.value, facts.body)
                    || is_position_query(ctx, &a.value, facts.body)
            }),
            None => false,
        },
        _ => false,
    };
    if !position_wide || ctx.analysis.commit_decided_by_params(call, facts.body) {
        return;
    }
    // With the automatic offset store off, a bare commit commits only what the code stored
    // explicitly: librdkafka's documented at-least-once pattern. Explicit `store_offsets`
    // calls on the same consumer (same function or class) are the same evidence when the
    // config is built elsewhere: they only make sense with the automatic store off.
    let client = &facts.client;
    if ctx.knowledge.lib(client.lib).offset_store
        && (client
            .config
            .get("enable.auto.offset.store")
            .is_some_and(|v| v.is_false())
            || ctx.analysis.stores_offsets_explicitly(facts))
    {
        return;
    }
    let finding = Finding::new(
        Rule::BareCommit,
        call.range,
        format!(
            "`{}` commits the consumer's position, not a processed message",
            facts.method
        ),
    )
    .primary("position-wide commit");
    let note = ctx.knowledge.lib(client.lib).bare_commit_note;
    let head = if note.is_empty() {
        HELP.to_string()
    } else {
        format!("{HELP}; {note}")
    };
    let finding = match suggest_commit::suggest(ctx, call, facts) {
        Ok(Suggested {
            suggestion,
            what,
            fix,
        }) => {
            let f = finding.help(format!("{head}; {what}")).suggest(suggestion);
            match fix {
                Some(imports) => f.fix_replaces(call.range).fix_imports(imports),
                None => f,
            }
        }
        Err(why) => finding.help(format!("{head}; {why}")),
    };

    ctx.report(with_receiver(ctx, finding, facts));
}

/// The arguments that fill the offsets slot (by keyword or position); `None` when a `*args`
/// may fill it.
pub(super) fn slot_fillers<'m>(facts: &CallFacts<'m>, slot: &ArgSlot) -> Option<Vec<&'m Arg>> {
    if let ArgPresence::Unknown = facts.find_arg(slot) {
        return None;
    }
    let mut index = 0;
    let mut out = Vec::new();
    for &arg in &facts.args {
        match (&arg.name, arg.spread) {
            (Some(name), Spread::None) if slot.keywords.iter().any(|k| *k == name) => out.push(arg),
            (None, Spread::None) => {
                if Some(index) == slot.position {
                    out.push(arg);
                }
                index += 1;
            }
            _ => {}
        }
    }
    Some(out)
}

/// A value that fills the offsets position but cannot be offsets: a callback
/// (kafka-clients `commitAsync(callback)`) or a timeout (`commitSync(Duration.ofSeconds(5))`).
fn is_not_offsets(arg: &Expr) -> bool {
    match arg {
        Expr::Closure(_) => true,
        Expr::Call(c) => (c.func.dotted()).is_some_and(|d| {
            d.len() >= 2 && crate::knowledge::vocab::TIMEOUT_TYPES.contains(&d[d.len() - 2])
        }),
        _ => false,
    }
}

/// A parameter of the enclosing function declared with a type that is never offsets (a
/// decorator's `commitSync(Duration timeout)` forwarding `timeout`).
fn is_typed_not_offsets(ctx: &RuleContext, arg: &Expr, body: BodyId) -> bool {
    let Expr::Name { id, .. } = arg else {
        return false;
    };
    let b = ctx.analysis.index.body(body);
    (b.params.iter()).any(|p| p.name == *id && crate::knowledge::vocab::declared_not_offsets(p))
}

/// An object of one of the program's classes built in the call
/// (`commitAsync(new LoggingCommitCallback())`), or one of a class deriving from a client
/// library's type (a field holding an `OffsetCommitCallback`): a callback, never offsets. (Any
/// other object a name or a field holds may be a message wrapper a Python `commit(msg)`
/// commits.)
fn is_program_object(ctx: &RuleContext, arg: &Expr, body: BodyId) -> bool {
    let resolver = &ctx.analysis.resolver;
    match resolver.value(ctx.analysis.file, body, arg) {
        Some(Value::Instance(cls)) => {
            matches!(arg, Expr::Call(_)) || resolver.derives_from_library(cls)
        }
        _ => false,
    }
}

/// `&consumer.position()?` / `consumer.assignment()`, or a name bound to one: the offsets
/// are the current position.
fn is_position_query(ctx: &RuleContext, arg: &Expr, body: BodyId) -> bool {
    match ctx.analysis.resolver.strip(ctx.analysis.file, arg) {
        Expr::Call(inner) => matches!(
            ctx.analysis.facts(inner.id).map(|f| &f.op),
            Some(Op::Position)
        ),
        Expr::Name { id, .. } => {
            let index = &ctx.analysis.index.bodies[body.0 as usize];
            let values = index.assigns.get(id.as_str()).unwrap_or_default();
            // Only a name that never holds anything else.
            !values.is_empty()
                && values.iter().all(|(v, _)| {
                    !matches!(v, Expr::Name { .. }) && is_position_query(ctx, v, body)
                })
        }
        _ => false,
    }
}
