//! `offsetlint inventory [PATH]...`: the Kafka clients of the code, their durability
//! settings, uses and findings. Walks as `check` does; a report, so findings do not change
//! the exit code (tool errors exit 2).

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::check::{prepare, SettingsArgs};
use super::{render_error, Output};
use crate::engine::discover::WalkOptions;
use crate::engine::inventory_paths;
use crate::error::ExitStatus;
use crate::render::inventory;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum InventoryFormat {
    /// A block per client, grouped by file.
    Human,
    /// One JSON object; the schema is documented in docs/inventory.md and stable.
    Json,
    /// Markdown tables, for an audit ticket.
    Markdown,
}

#[derive(Args, Debug)]
pub struct InventoryArgs {
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// Files or directories to inventory (default `.`).
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = InventoryFormat::Human)]
    pub format: InventoryFormat,
    /// Apply `--exclude` to files named on the command line too.
    #[arg(long)]
    pub force_exclude: bool,
}

pub fn run_inventory(args: InventoryArgs, out: &mut Output) -> ExitStatus {
    let color = std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal();
    let configs = match prepare(&args.settings) {
        Ok(c) => c,
        Err(e) => {
            out.stderr.push_str(&render_error(&e, color));
            return ExitStatus::Error;
        }
    };
    let walk = WalkOptions {
        configs,
        force_exclude: args.force_exclude,
        batch_targets: args.settings.batch_targets,
    };
    let paths = if args.paths.is_empty() {
        vec![PathBuf::from(".")]
    } else {
        args.paths
    };
    let mut report = inventory_paths(&paths, &walk);
    for e in report.warnings.iter().chain(&report.errors) {
        out.stderr.push_str(&render_error(e, color));
    }
    let built = inventory::build(&mut report);
    out.stdout = match args.format {
        InventoryFormat::Human => inventory::human(&built),
        InventoryFormat::Json => inventory::json(&built),
        InventoryFormat::Markdown => inventory::markdown(&built),
    };
    if report.errors.is_empty() {
        ExitStatus::Clean
    } else {
        ExitStatus::Error
    }
}
