//! OL102 commit-on-failure: a commit on a path where processing failed for a reason that is
//! not known to be permanent (a broad or transient failure handler, a `finally`).

use crate::analysis::context::{is_commit, FailureSite};
use crate::analysis::{ArgPresence, CallFacts};
use crate::diagnostic::Finding;
use crate::knowledge::failure::FailureKind;
use crate::knowledge::Op;
use crate::model::Call;
use crate::registry::Rule;
use crate::rules::helpers::with_receiver;
use crate::rules::RuleContext;

/// OL102
pub(crate) fn commit_on_failure(ctx: &RuleContext, call: &Call, facts: &CallFacts) {
    if !is_commit(&facts.op) {
        return;
    }
    let Some(site) = failure_site(ctx, call, facts) else {
        return;
    };
    let finding = Finding::new(
        Rule::CommitOnFailure,
        call.range,
        format!(
            "`{}` on a failure path: {}",
            facts.method,
            describe(&site)
        ),
    )
    .primary("commit after a failure that may not be permanent")
    .label(site.range, label(&site))
    .help("commit only after processing succeeded; on a failure that is not known to be permanent leave the offset alone (re-raise, stop, or seek back) so the message is delivered again, and commit in a handler only for poison messages (deserialization or validation errors)");
    ctx.report(with_receiver(ctx, finding, facts));
}

/// The failure path that makes this commit an OL102 finding, if any (OL104 leaves such a
/// commit to OL102: one finding for one problem).
pub(crate) fn failure_site(
    ctx: &RuleContext,
    call: &Call,
    facts: &CallFacts,
) -> Option<FailureSite> {
    let analysis = ctx.analysis;
    if commits_stored_offsets_only(ctx, facts) {
        return None;
    }
    // Any enclosing failure path counts (a poison handler nested in a broad one still runs
    // only after the broad failure); a handler around a fetch or a commit alone has no failed
    // message.
    analysis.enclosing_handlers(call).into_iter().find(|s| {
        matches!(
            s.kind,
            FailureKind::Broad | FailureKind::Transient | FailureKind::Finally
        ) && !analysis.failure_protects_kafka_only(s.region)
    })
}

fn describe(site: &FailureSite) -> &'static str {
    match site.kind {
        FailureKind::Finally => {
            "a `finally` block also runs after a failure, so the offset moves past a message whose processing failed"
        }
        FailureKind::Transient => {
            "this handler catches transient failures, so the offset moves past a message that a retry could have processed"
        }
        _ => "this handler catches every failure, so the offset moves past a message whose processing failed",
    }
}

fn label(site: &FailureSite) -> &'static str {
    match site.kind {
        FailureKind::Finally => "runs on failure too",
        FailureKind::Transient => "catches transient failures",
        _ => "catches every failure",
    }
}

/// A commit without offsets on a consumer whose automatic offset store is off (visibly, or as
/// the explicit stores show, as for OL101) commits only the offsets stored after processing
/// succeeded: on a failure path it moves nothing past the failed message.
fn commits_stored_offsets_only(ctx: &RuleContext, facts: &CallFacts) -> bool {
    let position_wide = match &facts.op {
        Op::CommitPosition => true,
        Op::Commit { offsets } => matches!(facts.find_arg(offsets), ArgPresence::Absent),
        _ => false,
    };
    let client = &facts.client;
    position_wide
        && ctx.knowledge.lib(client.lib).offset_store
        && (client
            .config
            .get("enable.auto.offset.store")
            .is_some_and(|v| v.is_false())
            || ctx.analysis.stores_offsets_explicitly(facts))
}
