//! OL403 declared-boundary: a file bound by a boundary declared in configuration
//! (`[[boundaries]]`: a name, the files it binds, the modules they must not import, the
//! exceptions) imports a forbidden module, directly or through project modules. Each finding
//! names its boundary.

use super::{check, Violation};
use crate::registry::Rule;
use crate::rules::RuleContext;

/// OL403
pub(crate) fn declared_boundary(ctx: &RuleContext) {
    for boundary in ctx.knowledge.boundaries.iter().filter(|b| b.declared) {
        let name = boundary.kind.as_str();
        check(ctx, name, Rule::DeclaredBoundary, |v, how| {
            describe(name, v, how)
        });
    }
}

fn describe(name: &str, v: &Violation, how: &str) -> (String, String) {
    let message = match v.chain.first() {
        None => format!("boundary `{name}`: this file {how} `{}`", v.found),
        Some((_, _, via)) => format!(
            "boundary `{name}`: this file {how} `{via}`, which reaches `{}`",
            v.found
        ),
    };
    let help = format!(
        "the `{name}` boundary in the configuration forbids it: move the import out of the bound files, or list the module in the boundary's `allowed`"
    );
    (message, help)
}
