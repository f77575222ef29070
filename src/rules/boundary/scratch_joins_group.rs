//! OL404 scratch-joins-group: a consumer constructed in scratch code (a notebook, sandbox or
//! draft module) joins the consumer group of a consumer constructed in production code of the
//! same project. The group's coordinator hands the scratch consumer partitions the production
//! consumer then stops seeing, and its commits move the production group's offsets.

use crate::analysis::groups::{group_of, production_groups};
use crate::diagnostic::{Finding, Related};
use crate::knowledge::boundary::SCRATCH;
use crate::knowledge::Role;
use crate::registry::Rule;
use crate::rules::RuleContext;

/// OL404
pub(crate) fn scratch_joins_group(ctx: &RuleContext) {
    let analysis = ctx.analysis;
    let program = analysis.program;
    let here = program.file(analysis.file);
    // Test code runs against test brokers.
    if !here.kinds.iter().any(|k| k == SCRATCH) || here.is_test() {
        return;
    }
    let consumers = analysis.constructions(Role::Consumer);
    if consumers.is_empty() {
        return;
    }
    let members = production_groups(&analysis.resolver);
    for (call, _, client) in consumers {
        let Some(group) = group_of(ctx.knowledge, &client) else {
            continue;
        };
        let Some(member) = members
            .iter()
            .find(|m| m.group == group && program.file(m.file).namespace == here.namespace)
        else {
            continue;
        };
        let there = program.file(member.file);
        let (line, column) = program.lines(member.file).map_or((0, 0), |l| {
            (
                l.line(member.range.start),
                l.byte_column(member.range.start),
            )
        });
        let mut finding = Finding::new(
            Rule::ScratchJoinsGroup,
            call.range,
            format!("scratch consumer joins the production consumer group `{group}`"),
        )
        .primary(format!("joins `{group}`"))
        .help(format!(
            "give scratch code a group of its own (or none): as a member of `{group}` it takes \
             partitions from the production consumer and its commits move that group's offsets"
        ));
        finding.related.push(Related {
            path: there.path.clone(),
            line,
            column,
            message: format!("production consumer in group `{group}`"),
        });
        ctx.report(finding);
    }
}
