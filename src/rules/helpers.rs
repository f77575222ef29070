//! Pieces several rules share: the receiver label the catalog asks every client diagnostic to
//! carry (how the client was recognised, and where it came from), and the resolution kind for
//! JSON.

use super::RuleContext;
use crate::analysis::resolve::{Origin, Resolution, Via};
use crate::analysis::CallFacts;
use crate::diagnostic::{Finding, ResolutionKind};

/// Adds the receiver label ("resolved: ..." / "heuristic: ...") and the resolution kind.
pub fn with_receiver(ctx: &RuleContext, finding: Finding, facts: &CallFacts) -> Finding {
    let client = &facts.client;
    let lib = ctx.knowledge.lib(client.lib).name;
    let (mut text, kind) = match &client.resolution {
        Resolution::Resolved { via, at, hops } => {
            let ty = client.ty.as_deref().unwrap_or(client.role.display());
            let place = place(ctx, *at);
            let mut how = match via {
                Via::Constructor => format!("`{ty}` constructed {place}"),
                Via::Annotation => format!("declared as `{ty}` {place}"),
            };
            for hop in hops {
                how.push_str(", ");
                how.push_str(&hop.describe());
            }
            (
                format!("resolved: {lib} {} ({how})", client.role.display()),
                ResolutionKind::Resolved,
            )
        }
        Resolution::Heuristic { name } => (
            format!(
                "heuristic: `{name}` contains `{}` in a file importing {lib}",
                client.role.display(),
            ),
            ResolutionKind::Heuristic,
        ),
    };
    if let Some(w) = &facts.wrapper {
        text.push_str(&format!("; through `{}` {}", w.name, place(ctx, w.at)));
    }
    finding.label(facts.receiver_range, text).resolution(kind)
}

/// "at line 12" in this file, "in app/kafka.py:12" in another.
fn place(ctx: &RuleContext, at: Origin) -> String {
    let analysis = ctx.analysis;
    if at.file == analysis.file {
        return format!("at line {}", ctx.file.lines.line(at.range.start));
    }
    let file = analysis.program.file(at.file);
    match analysis.program.lines(at.file) {
        Some(lines) => format!("in {}:{}", file.path.display(), lines.line(at.range.start)),
        None => format!("in {}", file.path.display()),
    }
}
