//! OL105 auto-commit: a consumer whose visible, complete configuration leaves auto-commit and
//! the automatic offset store on: offsets advance on a timer, whatever processing did.

use crate::analysis::config::{ConfigValue, ConfigView};
use crate::diagnostic::Finding;
use crate::registry::Rule;
use crate::rules::RuleContext;

/// OL105
pub(crate) fn auto_commit(ctx: &RuleContext) {
    for (call, client) in ctx.analysis.consumer_constructions() {
        let ConfigView::Visible { open: false, .. } = &client.config else {
            continue;
        };
        let lib = ctx.knowledge.lib(client.lib);
        let keys = &lib.auto_commit;
        let config = &client.config;
        // Without a group nothing is committed.
        match config.get(keys.group) {
            None | Some(ConfigValue::Null) => continue,
            Some(ConfigValue::Str(s)) if s.is_empty() => continue,
            Some(_) => {}
        }
        // On by default; a value that is not a literal is not visible.
        let on = |key: &str| match config.get(key) {
            None => Some(true),
            Some(ConfigValue::Other | ConfigValue::Null) => None,
            Some(v) => Some(!v.is_false()),
        };
        if on(keys.commit) != Some(true) {
            continue;
        }
        if let Some(store) = keys.store {
            if on(store) != Some(true) {
                continue;
            }
        }
        let ty = client.ty.as_deref().unwrap_or("consumer");
        let finding = Finding::new(
            Rule::AutoCommit,
            call.range,
            format!("`{ty}` commits offsets automatically: they advance on a timer, whatever processing did"),
        )
        .primary("auto-commit and automatic offset store left on")
        .help(keys.help);
        ctx.report(finding);
    }
}
