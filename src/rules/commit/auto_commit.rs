//! OL105 auto-commit: a consumer whose visible configuration leaves auto-commit and
//! the automatic offset store on: offsets advance on a timer, whatever processing did.

use crate::diagnostic::Finding;
use crate::knowledge::Role;
use crate::registry::Rule;
use crate::rules::RuleContext;

/// OL105
pub(crate) fn auto_commit(ctx: &RuleContext) {
    for (call, _, client) in ctx.analysis.constructions(Role::Consumer) {
        if !ctx.analysis.auto_commit_on(&client) {
            continue;
        }
        let ty = client.ty.as_deref().unwrap_or("consumer");
        let finding = Finding::new(
            Rule::AutoCommit,
            call.range,
            format!("`{ty}` commits offsets automatically: they advance on a timer, whatever processing did"),
        )
        .primary("auto-commit and automatic offset store left on")
        .help(ctx.knowledge.lib(client.lib).auto_commit.help);
        ctx.report(finding);
    }
}
