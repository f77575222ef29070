//! Rules. Each rule is one function in its own file, written against the model and the shared
//! analyses. `hook` says, for every rule of the registry, where the engine calls it; the match
//! is exhaustive, so a rule added to the registry does not compile until it is wired here.

mod boundary;
mod commit;
mod delivery;
mod fix_imports;
mod helpers;
mod meta;
mod taint;

use std::cell::RefCell;

pub use meta::syntax_error::syntax_error;
pub use meta::unused_suppression::unused_suppression;

use crate::analysis::{CallFacts, FileAnalysis};
use crate::diagnostic::Finding;
use crate::knowledge::version::Pins;
use crate::knowledge::Knowledge;
use crate::model::{Call, LineIndex};
use crate::registry::{Rule, RuleSet};

/// What a rule sees: the analysed file, the few settings rules read, and a place to report.
pub struct RuleContext<'a, 'p, 'm> {
    pub analysis: &'a FileAnalysis<'p, 'm>,
    pub knowledge: &'a Knowledge,
    pub file: &'a FileFacts<'a>,
    findings: RefCell<Vec<Finding>>,
}

/// Facts about the file being linted, fixed by the engine before the rules run.
pub struct FileFacts<'a> {
    pub source: &'a str,
    pub lines: &'a LineIndex,
    /// The client versions the file's project pins.
    pub pins: &'a Pins,
}

impl<'a, 'p, 'm> RuleContext<'a, 'p, 'm> {
    pub fn new(
        analysis: &'a FileAnalysis<'p, 'm>,
        knowledge: &'a Knowledge,
        file: &'a FileFacts<'a>,
    ) -> Self {
        RuleContext {
            analysis,
            knowledge,
            file,
            findings: RefCell::new(Vec::new()),
        }
    }

    /// A library's hint for `facts`: the propagating form (`?`) only where the enclosing
    /// function can propagate errors.
    pub fn hint(
        &self,
        facts: &CallFacts,
        pick: impl Fn(&crate::knowledge::Library) -> (&'static str, &'static str),
    ) -> &'static str {
        let (propagate, local) = pick(self.knowledge.lib(facts.client.lib));
        let body = self.analysis.index.body(facts.body);
        if body.can_propagate {
            propagate
        } else {
            local
        }
    }

    /// Records a finding, with the function it is in (`Finding::enclosing`) unless the rule
    /// set one.
    pub fn report(&self, mut finding: Finding) {
        if finding.enclosing.is_none() {
            finding.enclosing = self.analysis.module.enclosing_function(finding.range);
        }
        self.findings.borrow_mut().push(finding);
    }

    pub fn into_findings(self) -> Vec<Finding> {
        self.findings.into_inner()
    }
}

/// Where the engine calls a rule.
enum Hook {
    /// Once per call on a Kafka client.
    Call(fn(&RuleContext, &Call, &CallFacts)),
    /// Once per file.
    File(fn(&RuleContext)),
    /// By the engine itself: OL001 when a file does not parse, OL002 after suppressions.
    Engine,
}

fn hook(rule: Rule) -> Hook {
    match rule {
        Rule::SyntaxError | Rule::UnusedSuppression => Hook::Engine,
        Rule::BareCommit => Hook::Call(commit::bare_commit),
        Rule::CommitOnFailure => Hook::Call(commit::commit_on_failure),
        Rule::ContinuePastFailure => Hook::File(commit::continue_past_failure),
        Rule::CommitBeforeEffect => Hook::Call(commit::commit_before_effect),
        Rule::AutoCommit => Hook::File(commit::auto_commit),
        Rule::UnconfirmedProduce => Hook::Call(delivery::unconfirmed_produce),
        Rule::FlushResultIgnored => Hook::Call(delivery::flush_result_ignored),
        Rule::UnobservedTask => Hook::File(delivery::unobserved_task),
        Rule::WatermarkOverUnconfirmed => Hook::File(delivery::watermark_over_unconfirmed),
        Rule::WeakAcks => Hook::File(delivery::weak_acks),
        Rule::ModelOffset => Hook::File(taint::model_offset),
        Rule::ModelControlsCommit => Hook::File(taint::model_controls_commit),
        Rule::CheckpointNetworkImport => Hook::File(boundary::checkpoint_network_import),
        Rule::FixtureImportsClient => Hook::File(boundary::fixture_imports_client),
        Rule::DeclaredBoundary => Hook::File(boundary::declared_boundary),
        Rule::ScratchJoinsGroup => Hook::File(boundary::scratch_joins_group),
    }
}

/// Runs every enabled per-file rule.
pub fn run(ctx: &RuleContext, enabled: RuleSet) {
    let mut call_rules = Vec::new();
    for rule in enabled.iter() {
        match hook(rule) {
            Hook::Call(f) => call_rules.push(f),
            Hook::File(f) => f(ctx),
            Hook::Engine => {}
        }
    }
    if call_rules.is_empty() {
        return;
    }
    let analysis = ctx.analysis;
    for call in &analysis.calls {
        if let Some(facts) = analysis.facts(call.id) {
            for rule in &call_rules {
                rule(ctx, call, facts);
            }
        }
    }
}
