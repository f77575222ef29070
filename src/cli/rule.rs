//! `offsetlint rule <CODE|NAME>` and `offsetlint rules`.

use clap::Args;

use super::Output;
use crate::error::ExitStatus;
use crate::registry::Rule;

#[derive(Args, Debug)]
pub struct RuleArgs {
    /// A rule code (`OL101`) or name (`bare-commit`).
    pub rule: String,
}

pub fn run_rule(args: RuleArgs, out: &mut Output) -> ExitStatus {
    match args.rule.parse::<Rule>() {
        Ok(rule) => {
            out.stdout.push_str(rule.doc());
            if VERSIONED.contains(&rule) {
                let here = std::env::current_dir().ok();
                let pinned = here.as_deref().and_then(crate::engine::pinned_versions);
                if let Some((root, pins)) = pinned {
                    out.stdout.push_str(&this_project(&root, &pins));
                }
            }
            ExitStatus::Clean
        }
        Err(()) => {
            out.stderr.push_str(&format!(
                "error: unknown rule `{}`; run `offsetlint rules` for the list\n",
                args.rule
            ));
            ExitStatus::Error
        }
    }
}

/// Rules whose defaults or fix forms depend on the client version a project pins: run in a
/// project, `offsetlint rule` says which versions that project pins.
const VERSIONED: &[Rule] = &[Rule::BareCommit, Rule::WeakAcks];

/// The section `offsetlint rule` adds for a versioned rule, run in a project.
fn this_project(root: &std::path::Path, pins: &[String]) -> String {
    let root = crate::error::shown(root);
    let what = if pins.is_empty() {
        "pins no Kafka client version in the files offsetlint reads: defaults that changed \
         between releases are not assumed, and no version-specific fix is offered"
            .to_string()
    } else {
        format!("pins {}", pins.join("; "))
    };
    format!("\n## This project\n\nThe project at `{root}` (where this command was run) {what}.\n")
}

#[derive(Args, Debug, Default)]
pub struct RulesArgs {
    /// `text` (a table) or `json` (an array of objects: `code`, `name`, `summary`,
    /// `languages`, `fixable`, `default_enabled`, `default_severity`).
    #[arg(long, value_enum, default_value_t = RulesFormat::Text)]
    pub format: RulesFormat,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum RulesFormat {
    #[default]
    Text,
    Json,
}

/// Rules whose findings can carry a fix (`--fix`, `--diff`).
const FIXABLE: &[Rule] = &[Rule::UnusedSuppression, Rule::BareCommit];

pub fn run_rules(args: RulesArgs, out: &mut Output) -> ExitStatus {
    if args.format == RulesFormat::Json {
        let rules: Vec<serde_json::Value> = Rule::ALL
            .iter()
            .map(|&rule| {
                serde_json::json!({
                    "code": rule.code(),
                    "name": rule.name(),
                    "summary": rule.summary(),
                    "languages": rule.languages(),
                    "fixable": FIXABLE.contains(&rule),
                    // The default selection is `ALL`.
                    "default_enabled": true,
                    "default_severity": rule.default_severity().as_str(),
                })
            })
            .collect();
        let text = serde_json::to_string_pretty(&rules).unwrap_or_default();
        out.stdout.push_str(&text);
        out.stdout.push('\n');
        return ExitStatus::Clean;
    }
    out.stdout.push_str(&format!(
        "{:<6}  {:<26}  {:<19}  {}\n",
        "code", "name", "languages", "summary"
    ));
    for rule in Rule::ALL {
        out.stdout.push_str(&format!(
            "{:<6}  {:<26}  {:<19}  {}\n",
            rule.code(),
            rule.name(),
            rule.languages().join(", "),
            rule.summary()
        ));
    }
    ExitStatus::Clean
}
