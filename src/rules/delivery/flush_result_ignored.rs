//! OL202 flush-result-ignored: a flush whose result (what is still queued, or the error) is
//! thrown away.

use crate::analysis::context::FlushCheck;
use crate::analysis::CallFacts;
use crate::diagnostic::Finding;
use crate::model::Call;
use crate::registry::Rule;
use crate::rules::helpers::with_receiver;
use crate::rules::RuleContext;

/// OL202
pub(crate) fn flush_result_ignored(ctx: &RuleContext, call: &Call, facts: &CallFacts) {
    // Only where flush reports something: the library must be known (catalog, OL202).
    if !facts.client.lib_certain || ctx.analysis.flush_check(call, facts) != FlushCheck::Ignored {
        return;
    }
    let finding = Finding::new(
        Rule::FlushResultIgnored,
        call.range,
        format!(
            "result of `{}` is thrown away: messages still queued go unnoticed",
            facts.method
        ),
    )
    .primary("flush result ignored")
    .help(ctx.hint(facts, |l| (l.flush_hint, l.flush_hint_local)));
    ctx.report(with_receiver(ctx, finding, facts));
}
