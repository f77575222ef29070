//! `--statistics`: findings counted per rule, instead of the findings themselves.
//!
//! As a table (human and concise formats):
//!
//! ```text
//! count  code   name                       fixable
//!     3  OL101  bare-commit                1 (unsafe)
//!     1  OL301  model-offset
//! ```
//!
//! With `--format json`, one JSON object (documented in docs/output-formats.md, "Statistics as
//! JSON"):
//! `{"findings", "files_with_findings", "files_checked", "fixable", "unsafe_fixable",
//! "hidden_by_baseline", "depth_cuts", "files_with_depth_cuts",
//! "rules": [{"code", "rule", "count", "fixable", "unsafe_fixable"}]}`.
//!
//! Both forms say how many resolution chains the depth bound cut (see
//! `FileAnalysis::depth_cuts`): the table in a line after it, when there are any.
//! With `--format json-lines`, one line per rule of that `rules` array.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::diagnostic::Applicability;
use crate::engine::{Report, RESOLUTION_DEPTH};
use crate::registry::Rule;

#[derive(Serialize)]
pub struct RuleCount {
    pub code: &'static str,
    pub rule: &'static str,
    pub count: usize,
    /// Findings `--fix` fixes as the options stand.
    pub fixable: usize,
    /// Findings whose fix needs `--unsafe-fixes` too.
    pub unsafe_fixable: usize,
}

#[derive(Serialize)]
pub struct Statistics {
    pub findings: usize,
    pub files_with_findings: usize,
    pub files_checked: usize,
    pub fixable: usize,
    pub unsafe_fixable: usize,
    pub hidden_by_baseline: usize,
    /// Resolution chains cut at the depth bound where a rule asked about a call named as a
    /// Kafka method: findings there may be missing.
    pub depth_cuts: usize,
    pub files_with_depth_cuts: usize,
    pub rules: Vec<RuleCount>,
}

/// Counts per rule, in code order. `unsafe_fixes` says whether unsafe fixes are enabled.
pub fn statistics(report: &Report, unsafe_fixes: bool, hidden_by_baseline: usize) -> Statistics {
    let mut per_rule: BTreeMap<Rule, RuleCount> = BTreeMap::new();
    for f in report.files.iter().flat_map(|f| &f.findings) {
        let c = per_rule.entry(f.rule).or_insert_with(|| RuleCount {
            code: f.rule.code(),
            rule: f.rule.name(),
            count: 0,
            fixable: 0,
            unsafe_fixable: 0,
        });
        c.count += 1;
        match f.fix.as_ref().map(|x| x.applicability) {
            Some(Applicability::Safe) => c.fixable += 1,
            Some(Applicability::Unsafe) if unsafe_fixes => c.fixable += 1,
            Some(Applicability::Unsafe) => c.unsafe_fixable += 1,
            None => {}
        }
    }
    let rules: Vec<RuleCount> = per_rule.into_values().collect();
    Statistics {
        findings: report.finding_count(),
        files_with_findings: report
            .files
            .iter()
            .filter(|f| !f.findings.is_empty())
            .count(),
        files_checked: report.files_checked,
        fixable: rules.iter().map(|r| r.fixable).sum(),
        unsafe_fixable: rules.iter().map(|r| r.unsafe_fixable).sum(),
        hidden_by_baseline,
        depth_cuts: report.depth_cuts.chains,
        files_with_depth_cuts: report.depth_cuts.files,
        rules,
    }
}

impl Statistics {
    pub fn table(&self) -> String {
        let mut out = self.rule_table();
        if self.depth_cuts > 0 {
            let (n, files) = (self.depth_cuts, self.files_with_depth_cuts);
            out.push_str(&format!(
                "{n} resolution chain{} cut at the depth bound ({RESOLUTION_DEPTH}) in {files} file{}: findings there may be missing\n",
                crate::render::plural(n),
                crate::render::plural(files),
            ));
        }
        out
    }

    fn rule_table(&self) -> String {
        if self.rules.is_empty() {
            return String::new();
        }
        let mut out = format!(
            "{:>5}  {:<6} {:<26} {}\n",
            "count", "code", "name", "fixable"
        );
        for r in &self.rules {
            let fixable = match (r.fixable, r.unsafe_fixable) {
                (0, 0) => String::new(),
                (0, u) => format!("{u} (unsafe)"),
                (f, 0) => format!("{f}"),
                (f, u) => format!("{f} (+{u} unsafe)"),
            };
            out.push_str(
                format!("{:>5}  {:<6} {:<26} {fixable}", r.count, r.code, r.rule).trim_end(),
            );
            out.push('\n');
        }
        out
    }

    pub fn json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }

    pub fn json_lines(&self) -> String {
        self.rules
            .iter()
            .filter_map(|r| serde_json::to_string(r).ok())
            .map(|l| l + "\n")
            .collect()
    }
}
