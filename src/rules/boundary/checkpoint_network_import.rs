//! OL401 checkpoint-network-import: a checkpoint/watermark module imports network code,
//! directly or through project modules.

use super::{check, Violation};
use crate::knowledge::boundary::CHECKPOINT;
use crate::registry::Rule;
use crate::rules::RuleContext;

/// OL401
pub(crate) fn checkpoint_network_import(ctx: &RuleContext) {
    check(ctx, CHECKPOINT, Rule::CheckpointNetworkImport, describe);
}

fn describe(v: &Violation, how: &str) -> (String, String) {
    let help = "keep checkpoint and watermark modules local: do the network call in the caller and pass the data in";
    let message = match v.chain.first() {
        None => format!("checkpoint module {how} network code `{}`", v.found),
        Some((_, _, via)) => format!(
            "checkpoint module {how} `{via}`, which reaches network code `{}`",
            v.found
        ),
    };
    (message, help.to_string())
}
