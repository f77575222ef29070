//! OL101 bare-commit: a commit of the consumer's position instead of a processed message.

use crate::analysis::{ArgPresence, CallFacts};
use crate::diagnostic::{Finding, Suggestion};
use crate::knowledge::Op;
use crate::model::{BodyId, Call, Expr, Lit, Ranged, Spread};
use crate::registry::Rule;
use crate::rules::fix_imports;
use crate::rules::helpers::with_receiver;
use crate::rules::RuleContext;

/// OL101
pub(crate) fn bare_commit(ctx: &RuleContext, call: &Call, facts: &CallFacts) {
    let position_wide = match &facts.op {
        Op::CommitPosition => true,
        Op::Commit { offsets } => match facts.find_arg(offsets) {
            ArgPresence::Absent => true,
            // `commit(None)` passes nothing.
            ArgPresence::Present(arg) => {
                matches!(arg, Expr::Lit { lit: Lit::None, .. })
                    || is_position_query(ctx, arg, facts.body)
            }
            ArgPresence::Unknown => false,
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
    // The fix names the polled message, so it is offered only when exactly one is in scope;
    // else the help says `<message>`, not a name the code does not have.
    let (msg, fixable) = match ctx.analysis.polled_messages(facts.body) {
        [one] => (*one, true),
        _ => (crate::diagnostic::MESSAGE_PLACEHOLDER, false),
    };
    let lib = ctx.knowledge.lib(client.lib);
    let help = "a position-wide commit also commits offsets a failure path left uncommitted; commit the message you processed";
    let finding = Finding::new(
        Rule::BareCommit,
        call.range,
        format!(
            "`{}` commits the consumer's position, not a processed message",
            facts.method
        ),
    )
    .primary("position-wide commit");
    // The replacement's form depends on the client version the project pins (kafka-python).
    let Some(template) = lib.commit_fix_for(ctx.file.pins) else {
        let finding = finding.help(format!("{help}; {}", lib.commit_fix_unversioned));
        ctx.report(with_receiver(ctx, finding, facts));
        return;
    };
    let imports = fix_imports::needed(ctx, lib);
    let mut finding = finding.help(help).suggest(Suggestion {
        template,
        receiver: facts.receiver.clone().unwrap_or_else(|| "consumer".into()),
        method: facts.method.clone(),
        message: msg.to_string(),
        keep_args: kept_args(ctx, facts),
        renames: imports
            .as_ref()
            .map(|i| i.renames.clone())
            .unwrap_or_default(),
    });
    let offered = fixable && facts.wrapper.is_none();
    if let (true, Some(_), Some(imports)) = (offered, &facts.receiver, imports) {
        finding = finding.fix_replaces(call.range).fix_imports(imports.edits);
    }
    ctx.report(with_receiver(ctx, finding, facts));
}

/// Source text of the arguments other than the (position-wide) offsets: the commit mode,
/// `asynchronous=False`.
fn kept_args(ctx: &RuleContext, facts: &CallFacts) -> Vec<String> {
    let offsets_arg = match &facts.op {
        Op::Commit { offsets } => match facts.find_arg(offsets) {
            ArgPresence::Present(e) => Some(e.range()),
            _ => None,
        },
        _ => None,
    };
    facts
        .args
        .iter()
        .filter(|a| a.spread == Spread::None && Some(a.value.range()) != offsets_arg)
        .filter_map(|a| {
            let text = ctx
                .file
                .source
                .get(a.value.range().start as usize..a.value.range().end as usize)?;
            Some(match &a.name {
                Some(name) => format!("{name}={text}"),
                None => text.to_string(),
            })
        })
        .collect()
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
            let values = index
                .assigns
                .get(id.as_str())
                .map(Vec::as_slice)
                .unwrap_or_default();
            // Only a name that never holds anything else.
            !values.is_empty()
                && values.iter().all(|(v, _)| {
                    !matches!(v, Expr::Name { .. }) && is_position_query(ctx, v, body)
                })
        }
        _ => false,
    }
}
