//! `offsetlint check [PATH]...`

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::Output;
use crate::config::{
    find_config, glob_set, load_config, resolve_rules, ConfigFile, Settings,
    DEFAULT_CHECKPOINT_GLOBS,
};
use crate::engine::check_paths;
use crate::engine::discover::WalkOptions;
use crate::error::{Error, ExitStatus};
use crate::render::{self, Format};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Color {
    Auto,
    Always,
    Never,
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Files or directories to lint.
    #[arg(default_value = ".")]
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Rules to run: codes, names, prefixes (`OL1`) or `ALL`; comma-separated or repeated.
    #[arg(long, value_delimiter = ',')]
    pub select: Vec<String>,
    /// Rules to skip, in the same forms as `--select`.
    #[arg(long, value_delimiter = ',')]
    pub ignore: Vec<String>,
    /// Exit 0 even when there are findings (tool errors still exit 2).
    #[arg(long)]
    pub exit_zero: bool,
    /// Print findings only: no summary line.
    #[arg(long, short)]
    pub quiet: bool,
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
    /// Skip paths matching this glob (repeatable).
    #[arg(long)]
    pub exclude: Vec<String>,
    /// Lint files that `.gitignore` ignores too.
    #[arg(long)]
    pub no_respect_gitignore: bool,
    /// Apply `--exclude` to files named on the command line too (for pre-commit).
    #[arg(long)]
    pub force_exclude: bool,
    /// Configuration file (default: the closest offsetlint.toml, .offsetlint.toml or
    /// pyproject.toml with [tool.offsetlint]).
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Ignore every configuration file.
    #[arg(long)]
    pub isolated: bool,
    /// Turn off the receiver-name heuristic: only resolved Kafka clients are checked.
    #[arg(long)]
    pub no_heuristic: bool,
    /// Print the files that would be linted, one per line, and exit.
    #[arg(long)]
    pub show_files: bool,
}

struct Prepared {
    settings: Settings,
    exclude: globset::GlobSet,
}

fn prepare(args: &CheckArgs) -> Result<Prepared, Error> {
    let file = match (&args.config, args.isolated) {
        (_, true) => ConfigFile::default(),
        (Some(path), false) => load_config(path)?,
        (None, false) => match std::env::current_dir()
            .ok()
            .as_deref()
            .and_then(find_config)
        {
            Some(path) => load_config(&path)?,
            None => ConfigFile::default(),
        },
    };
    let select = if args.select.is_empty() {
        &file.select
    } else {
        &args.select
    };
    let ignore: Vec<String> = file.ignore.iter().chain(&args.ignore).cloned().collect();
    let rules = resolve_rules(select, &ignore)?;
    let globs = file.checkpoint_globs.clone().unwrap_or_else(|| {
        DEFAULT_CHECKPOINT_GLOBS
            .iter()
            .map(|s| s.to_string())
            .collect()
    });
    let heuristic = file.heuristic.unwrap_or(true) && !args.no_heuristic;
    let settings = Settings::new(rules, heuristic, &globs)?;
    let excludes: Vec<String> = file.exclude.iter().chain(&args.exclude).cloned().collect();
    Ok(Prepared {
        settings,
        exclude: glob_set(&excludes)?,
    })
}

pub fn run_check(args: CheckArgs, out: &mut Output) -> ExitStatus {
    let prepared = match prepare(&args) {
        Ok(p) => p,
        Err(e) => {
            out.stderr.push_str(&format!("error: {e}\n"));
            return ExitStatus::Error;
        }
    };
    let walk = WalkOptions {
        respect_gitignore: !args.no_respect_gitignore,
        exclude: &prepared.exclude,
        force_exclude: args.force_exclude,
    };
    if args.show_files {
        let (files, errors) = crate::engine::discover::discover(&args.paths, &walk);
        for (path, _) in &files {
            out.stdout.push_str(&format!("{}\n", path.display()));
        }
        for e in &errors {
            out.stderr.push_str(&format!("error: {e}\n"));
        }
        return if errors.is_empty() {
            ExitStatus::Clean
        } else {
            ExitStatus::Error
        };
    }
    let mut report = check_paths(&args.paths, &prepared.settings, &walk);
    render::fix::complete(&mut report);
    let color = match args.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => std::env::var_os("NO_COLOR").is_none() && std::io::stdout().is_terminal(),
    };
    out.stdout.push_str(&match args.format {
        Format::Human => render::human(&report, color),
        Format::Concise => render::concise(&report),
        Format::Json => render::json(&report),
    });
    for e in &report.errors {
        out.stderr.push_str(&format!("error: {e}\n"));
    }
    if !args.quiet && args.format != Format::Json {
        out.stderr.push_str(&render::summary(&report));
        out.stderr.push('\n');
    }
    if !report.errors.is_empty() {
        ExitStatus::Error
    } else if report.finding_count() > 0 && !args.exit_zero {
        ExitStatus::Findings
    } else {
        ExitStatus::Clean
    }
}
