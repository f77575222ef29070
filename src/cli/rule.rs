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

pub fn run_rules(out: &mut Output) -> ExitStatus {
    out.stdout.push_str(&format!(
        "{:<6}  {:<26}  {:<13}  {}\n",
        "code", "name", "languages", "summary"
    ));
    for rule in Rule::ALL {
        out.stdout.push_str(&format!(
            "{:<6}  {:<26}  {:<13}  {}\n",
            rule.code(),
            rule.name(),
            rule.languages().join(", "),
            rule.summary()
        ));
    }
    ExitStatus::Clean
}
