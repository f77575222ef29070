//! OL401 checkpoint-network-import: a checkpoint/watermark module imports network code.

use crate::diagnostic::Finding;
use crate::model::ImportKind;
use crate::registry::Rule;
use crate::rules::RuleContext;

/// OL401
pub(crate) fn checkpoint_network_import(ctx: &RuleContext) {
    if !ctx.file.is_checkpoint_module {
        return;
    }
    let module = ctx.analysis.module;
    let network = &ctx.knowledge.network;
    for import in &module.imports {
        let Some(found) = import
            .entries
            .iter()
            .find_map(|e| network.matches(module.lang, &e.path))
        else {
            continue;
        };
        let how = match (import.kind, import.local) {
            (ImportKind::Dynamic, _) => "dynamically imports",
            (ImportKind::Static, true) => "imports (inside a function)",
            (ImportKind::Static, false) => "imports",
        };
        ctx.report(
            Finding::new(Rule::CheckpointNetworkImport, import.range, format!("checkpoint module {how} network code `{found}`"))
                .primary("network import")
                .help("keep checkpoint and watermark modules local: do the network call in the caller and pass the data in"),
        );
    }
}
