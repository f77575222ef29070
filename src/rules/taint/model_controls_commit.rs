//! OL302 model-controls-commit: a commit, checkpoint write or commit retry chosen or delayed
//! by model output (a tainted branch condition, guard or `assert`, or a tainted sleep before
//! the commit).

use crate::analysis::taint::Control;
use crate::diagnostic::Finding;
use crate::registry::Rule;
use crate::rules::RuleContext;

/// OL302
pub(crate) fn model_controls_commit(ctx: &RuleContext) {
    for hit in ctx.analysis.control_hits() {
        let (message, primary) = match hit.how {
            Control::Branch => (
                format!("model output decides whether `{}` runs: it is in a branch on model output", hit.sink),
                "commit chosen by model output",
            ),
            Control::Guard => (
                format!("model output decides whether `{}` runs: an earlier check on model output guards it", hit.sink),
                "commit chosen by model output",
            ),
            Control::Delay => (
                format!("model output decides when `{}` is retried: a sleep before it is timed by model output", hit.sink),
                "commit retry delayed by model output",
            ),
        };
        let mut finding = Finding::new(Rule::ModelControlsCommit, hit.range, message)
            .primary(primary)
        .help("decide commits from processing outcomes (delivery confirmed, write succeeded), never from a model's answer or score; a score is not a fence epoch");
        for (i, step) in hit.steps.iter().enumerate() {
            finding = finding.label(step.range, format!("{}. {}", i + 1, step.label));
        }
        ctx.report(finding);
    }
}
