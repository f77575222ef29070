//! OL101's suggestion: the commit the flagged call should be, built from what the call passes
//! and what is bound where it is (catalog, "What a run promises"). It keeps the call's other
//! arguments in their places (positional ones first), passes the message in the slot the
//! called function has (a wrapper's own parameter, at the caller), never repeats a keyword
//! or passes both a message and offsets, and names a message only where one holds on every
//! path to the call; for a batch, the offsets after the last message of each partition.
//! Where no such form exists the help says why instead.

use crate::analysis::CallFacts;
use crate::diagnostic::{Edit, Suggestion, MESSAGE_PLACEHOLDER};
use crate::knowledge::{ArgSlot, Op};
use crate::model::{Call, Ranged, Spread};
use crate::rules::commit::bare_commit::slot_fillers;
use crate::rules::fix_imports;
use crate::rules::RuleContext;

/// The keywords of the two commit forms, which are never passed together.
const EXCLUSIVE: [&str; 2] = ["message", "offsets"];

pub(super) struct Suggested {
    pub suggestion: Suggestion,
    /// What to commit, before the code (the help's second half).
    pub what: &'static str,
    /// The fix's import edits, when the suggestion is offered as a fix.
    pub fix: Option<Vec<Edit>>,
}

/// The suggestion, or why there is none.
pub(super) fn suggest(
    ctx: &RuleContext,
    call: &Call,
    facts: &CallFacts,
) -> Result<Suggested, String> {
    let lib = ctx.knowledge.lib(facts.client.lib);
    let analysis = ctx.analysis;
    let body = analysis.index.body(facts.body);
    if lib.rebalance_callbacks.contains(&body.name.as_str()) {
        return Err(format!(
            "`{}` runs on a rebalance, where no message is at hand: commit each message \
             where it is processed, or store the processed offsets and commit those here",
            body.name
        ));
    }
    let slot = match &facts.op {
        Op::Commit { offsets } => Some(offsets),
        _ => None,
    };
    // What the call passes besides the offsets: positional arguments stay first.
    let fillers = slot
        .and_then(|s| slot_fillers(facts, s))
        .unwrap_or_default();
    let (mut before, mut keywords) = (Vec::new(), Vec::new());
    for a in facts.args.iter().filter(|a| {
        a.spread == Spread::None
            && !fillers.iter().any(|f| std::ptr::eq(*f, **a))
            // A wrapper's returned commit carries its inner call's arguments: not this call's.
            && call.range.start <= a.value.range().start
            && a.value.range().end <= call.range.end
    }) {
        let range = a.value.range();
        let Some(text) = ctx
            .file
            .source
            .get(range.start as usize..range.end as usize)
        else {
            continue;
        };
        match &a.name {
            Some(name) => keywords.push((name.clone(), format!("{name}={text}"))),
            None => before.push(text.to_string()),
        }
    }
    // The message: one that holds at the call; in a loop over a batch, the loop's name; else
    // the batch; else a placeholder (help only).
    let at = call.range;
    // The form follows the client version the project pins (kafka-python's
    // `OffsetAndMetadata`); with none that runs on every version it allows, no code.
    let Some(form) = lib.commit_fix_for(ctx.file.pins) else {
        return Err(lib.commit_fix_unversioned.to_string());
    };
    // A library without a batch form (rdkafka) has no batches, only streams (`stream()`).
    let batch = analysis
        .batch_at(facts.body, at)
        .filter(|_| form.batch.is_some());
    let in_loop = batch.and_then(|b| crate::analysis::bound::loop_target_over(&body.stmts, b, at));
    let (message, template, imports, what) = match (
        analysis.messages_at(facts.body, at).as_slice(),
        in_loop,
        form.batch.zip(batch),
    ) {
        ([one], _, _) => (*one, form.template, lib.commit_fix_imports, MESSAGE),
        (_, Some(m), _) => (m, form.template, lib.commit_fix_imports, MESSAGE),
        (_, None, Some((t, b))) if facts.wrapper.is_none() => {
            (b, t, lib.commit_batch_imports, BATCH)
        }
        _ => (
            MESSAGE_PLACEHOLDER,
            form.template,
            lib.commit_fix_imports,
            MESSAGE,
        ),
    };
    let keyword = keyword(facts, slot, template, &before)?;
    // Never a repeated keyword, never a message and offsets together.
    let passed = |k: &str| keywords.iter().any(|(n, _)| n == k);
    let inserted = keyword
        .clone()
        .or_else(|| default_keyword(template).map(str::to_string));
    if let Some(k) = &inserted {
        if passed(k) {
            return Err(format!("`{}` already passes `{k}`", facts.method));
        }
        if let Some(other) = EXCLUSIVE.iter().find(|e| *e != k && passed(e)) {
            return Err(format!(
                "`{}` passes `{other}`: pass the processed message or its offsets, not both",
                facts.method
            ));
        }
    }
    let receiver = match &facts.receiver {
        Some(r) => r.clone(),
        // `CONSUMERS[i].commit()`, `ping(3).commit_consumer_state(..)`: as written.
        None => {
            let r = facts.receiver_range;
            let text = ctx
                .file
                .source
                .get(r.start as usize..r.end as usize)
                .unwrap_or("");
            if text.is_empty() || text.contains('\n') {
                return Err(MESSAGE.to_string());
            }
            text.to_string()
        }
    };
    let needed = fix_imports::needed(ctx, lib, imports);
    let suggestion = Suggestion {
        template,
        receiver,
        method: facts.method.clone(),
        message: message.to_string(),
        before,
        keyword,
        keep_args: keywords.into_iter().map(|(_, text)| text).collect(),
        renames: needed
            .as_ref()
            .map(|n| n.renames.clone())
            .unwrap_or_default(),
    };
    let offered = lib.offers_commit_fix
        && message != MESSAGE_PLACEHOLDER
        && facts.wrapper.is_none()
        && facts.receiver.is_some();
    Ok(Suggested {
        suggestion,
        what,
        fix: needed.filter(|_| offered).map(|n| n.edits),
    })
}

const MESSAGE: &str = "commit the message you processed";
const BATCH: &str =
    "a batch spans partitions: commit the offset after the last message of each partition";

/// The keyword the template's `message=` defaults to (`{kw=message}`).
fn default_keyword(template: &str) -> Option<&str> {
    let start = template.find("{kw=")? + "{kw=".len();
    let len = template[start..].find('}')?;
    Some(&template[start..start + len])
}

/// The keyword to pass the message or offsets as, `None` for the template's own form. A
/// wrapper takes them in its own parameter (`def ack(self, msg=None)`: `ack(msg=m)`).
fn keyword(
    facts: &CallFacts,
    slot: Option<&ArgSlot>,
    template: &str,
    before: &[String],
) -> Result<Option<String>, String> {
    let Some(slot) = slot else {
        return Ok(None);
    };
    if let Some(default) = default_keyword(template) {
        if facts.wrapper.is_none() {
            return Ok(None);
        }
        return match slot.keywords.as_slice() {
            ks if ks.iter().any(|k| k == default) => Ok(Some(default.to_string())),
            [one] if !EXCLUSIVE.contains(&one.as_str()) => Ok(Some(one.clone())),
            ks => Err(format!(
                "`{}` takes what it commits as {}, not as a message: pass the offsets \
                 of the messages processed there",
                facts.method,
                ks.iter()
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(" or ")
            )),
        };
    }
    if !template.contains("{kw}") || slot.position == Some(before.len()) {
        return Ok(None);
    }
    // The positional slot is not where the inserted value would land: by name.
    match slot.keywords.first() {
        Some(k) => Ok(Some(k.clone())),
        None => Err(format!(
            "`{}` takes no offsets argument by name",
            facts.method
        )),
    }
}
