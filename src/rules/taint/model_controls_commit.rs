//! OL302 model-controls-commit: a commit, checkpoint write or commit retry chosen or delayed
//! by model output (a tainted branch condition, guard or `assert`, or a tainted sleep before
//! the commit).

use crate::diagnostic::Finding;
use crate::registry::Rule;
use crate::rules::RuleContext;

/// OL302
pub(crate) fn model_controls_commit(ctx: &RuleContext) {
    for hit in ctx.analysis.control_hits() {
        let mut finding = Finding::new(
            Rule::ModelControlsCommit,
            hit.range,
            format!("model output decides whether `{}` runs: {}", hit.sink, hit.how),
        )
        .primary("commit chosen by model output")
        .help("decide commits from processing outcomes (delivery confirmed, write succeeded), never from a model's answer or score; a score is not a fence epoch");
        for (i, step) in hit.steps.iter().enumerate() {
            finding = finding.label(step.range, format!("{}. {}", i + 1, step.label));
        }
        ctx.report(finding);
    }
}
