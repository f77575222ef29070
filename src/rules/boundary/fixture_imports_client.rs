//! OL402 fixture-imports-client: a fixture-generation module imports a Kafka client or a
//! checkpoint module, directly or through project modules.

use super::{check, Violation};
use crate::knowledge::boundary::{Forbid, FIXTURE};
use crate::registry::Rule;
use crate::rules::RuleContext;

/// OL402
pub(crate) fn fixture_imports_client(ctx: &RuleContext) {
    check(ctx, FIXTURE, Rule::FixtureImportsClient, describe);
}

fn describe(v: &Violation, how: &str) -> (String, String) {
    let what = match v.forbid {
        Forbid::Kind(_) => "checkpoint module",
        _ => "Kafka client",
    };
    let message = match v.chain.first() {
        None => format!("fixture module {how} {what} `{}`", v.found),
        Some((_, _, via)) => format!(
            "fixture module {how} `{via}`, which reaches {what} `{}`",
            v.found
        ),
    };
    let help = "generate fixtures from plain data: a fixture module that can reach a client or a checkpoint can move real offsets";
    (message, help.to_string())
}
