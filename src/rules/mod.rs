//! Rules. Each rule is one function in its own file, written against the model and the shared
//! analyses; `run` is the one dispatcher that calls them per node kind.

mod boundary;
mod commit;
mod delivery;
mod helpers;
mod meta;
mod registry;
mod taint;

use std::cell::RefCell;

pub use meta::syntax_error::syntax_error;
pub use meta::unused_suppression::unused_suppression;
pub use registry::{select, Group, Rule};

use crate::analysis::FileAnalysis;
use crate::config::Settings;
use crate::diagnostic::Finding;
use crate::source::LineIndex;

/// What a rule sees: the analysed file, the settings, and a place to report.
pub struct RuleContext<'a> {
    pub analysis: &'a FileAnalysis<'a>,
    pub settings: &'a Settings,
    /// The file's path as given (checkpoint globs match its name).
    pub path: &'a std::path::Path,
    pub source: &'a str,
    pub lines: &'a LineIndex,
    findings: RefCell<Vec<Finding>>,
}

impl<'a> RuleContext<'a> {
    pub fn new(
        analysis: &'a FileAnalysis<'a>,
        settings: &'a Settings,
        path: &'a std::path::Path,
        source: &'a str,
        lines: &'a LineIndex,
    ) -> Self {
        RuleContext {
            analysis,
            settings,
            path,
            source,
            lines,
            findings: RefCell::new(Vec::new()),
        }
    }

    pub fn enabled(&self, rule: Rule) -> bool {
        self.settings.enabled(rule)
    }

    pub fn report(&self, finding: Finding) {
        self.findings.borrow_mut().push(finding);
    }

    pub fn into_findings(self) -> Vec<Finding> {
        self.findings.into_inner()
    }
}

/// Runs every enabled per-file rule.
pub fn run(ctx: &RuleContext) {
    let analysis = ctx.analysis;
    for call in &analysis.calls {
        let Some(facts) = analysis.facts(call.id) else {
            continue;
        };
        if ctx.enabled(Rule::BareCommit) {
            commit::bare_commit(ctx, call, facts);
        }
        if ctx.enabled(Rule::UnconfirmedProduce) {
            delivery::unconfirmed_produce(ctx, call, facts);
        }
        if ctx.enabled(Rule::FlushResultIgnored) {
            delivery::flush_result_ignored(ctx, call, facts);
        }
    }
    if ctx.enabled(Rule::ModelOffset) {
        for hit in &analysis.taint_hits {
            taint::model_offset(ctx, hit);
        }
    }
    if ctx.enabled(Rule::CheckpointNetworkImport) {
        boundary::checkpoint_network_import(ctx);
    }
}
