//! OL301 model-offset: model output reaches an offset sink.

use crate::diagnostic::Finding;
use crate::registry::Rule;
use crate::rules::RuleContext;

/// OL301
pub(crate) fn model_offset(ctx: &RuleContext) {
    for hit in ctx.analysis.taint_hits() {
        let mut finding = Finding::new(
            Rule::ModelOffset,
            hit.range,
            format!("model output reaches offset sink `{}`", hit.sink),
        )
        .primary("offset derived from model output")
        .help("take offsets only from consumed messages (`msg.offset() + 1`); a model's text must never choose a position");
        // Every hop but the sink itself (the primary span).
        for (i, step) in hit
            .steps
            .iter()
            .enumerate()
            .take(hit.steps.len().saturating_sub(1))
        {
            finding = finding.label(step.range, format!("{}. {}", i + 1, step.label));
        }
        ctx.report(finding);
    }
}
