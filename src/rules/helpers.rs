//! Pieces several rules share: the receiver label the catalog asks every client diagnostic to
//! carry, and the resolution kind for JSON.

use super::RuleContext;
use crate::analysis::bindings::{Client, Resolution, Via};
use crate::diagnostic::{Finding, ResolutionKind};
use crate::model::{Call, Ranged};

/// Adds the receiver label ("resolved: ..." / "heuristic: ...") and the resolution kind.
pub fn with_receiver(ctx: &RuleContext, finding: Finding, call: &Call, client: &Client) -> Finding {
    let Some((receiver, _)) = call.func.as_method() else {
        return finding;
    };
    let (text, kind) = match &client.resolution {
        Resolution::Resolved { via, at } => {
            let line = ctx.file.lines.line(at.start);
            let ty = client.ty.as_deref().unwrap_or(client.role.display());
            let how = match via {
                Via::Constructor => format!("`{ty}` constructed at line {line}"),
                Via::Annotation => format!("declared as `{ty}` at line {line}"),
            };
            (
                format!(
                    "resolved: {} {} ({how})",
                    ctx.knowledge.lib(client.lib).name,
                    client.role.display()
                ),
                ResolutionKind::Resolved,
            )
        }
        Resolution::Heuristic { name } => (
            format!(
                "heuristic: `{name}` contains `{}` in a file importing {}",
                client.role.display(),
                ctx.knowledge.lib(client.lib).name
            ),
            ResolutionKind::Heuristic,
        ),
    };
    finding.label(receiver.range(), text).resolution(kind)
}
