//! `offsetlint check [PATH]...`

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::{Args, Parser, ValueEnum};

use super::{render_error, Output};
use crate::config::{
    default_checkpoint_globs, find_config, glob_set, load_config, parse_size, resolve_rules,
    FileSize, Loaded, Settings, Sourced,
};
use crate::engine::check_paths;
use crate::engine::discover::WalkOptions;
use crate::engine::read::DEFAULT_MAX_FILE_SIZE;
use crate::error::{Error, ExitStatus, Origin};
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
    /// Skip (with a warning) files larger than this: bytes, or with a unit (`20MB`, `512KiB`).
    /// Default 10 MiB.
    #[arg(long, value_name = "SIZE")]
    pub max_file_size: Option<String>,
}

struct Prepared {
    settings: Settings,
    exclude: globset::GlobSet,
    max_file_size: u64,
}

fn flag_values(values: &[String], flag: &'static str) -> Vec<Sourced> {
    values
        .iter()
        .map(|v| Sourced {
            value: v.clone(),
            origin: Origin::Flag(flag),
        })
        .collect()
}

fn file_values(
    loaded: &Loaded,
    key: &'static str,
    values: &[toml::Spanned<String>],
) -> Vec<Sourced> {
    values
        .iter()
        .map(|v| Sourced {
            value: v.get_ref().clone(),
            origin: loaded.origin(key, v.span()),
        })
        .collect()
}

const SIZE_HELP: &str = "a number of bytes, or a number with a unit: `20MB`, `512KiB`, `1GiB`";

fn max_file_size(args: &CheckArgs, loaded: &Loaded) -> Result<u64, Error> {
    if let Some(text) = &args.max_file_size {
        return parse_size(text)
            .map_err(|m| Error::bad_value(text, m, SIZE_HELP, &Origin::Flag("--max-file-size")));
    }
    let Some(spanned) = &loaded.values.max_file_size else {
        return Ok(DEFAULT_MAX_FILE_SIZE);
    };
    let origin = loaded.origin("max-file-size", spanned.span());
    match spanned.get_ref() {
        FileSize::Bytes(n) if *n > 0 => Ok(*n as u64),
        FileSize::Bytes(n) => Err(Error::bad_value(
            &n.to_string(),
            "the size must be above 0".into(),
            SIZE_HELP,
            &origin,
        )),
        FileSize::Text(t) => parse_size(t).map_err(|m| Error::bad_value(t, m, SIZE_HELP, &origin)),
    }
}

/// Validates a loaded configuration alone, as `check` with no flags would (fuzzing).
pub(crate) fn validate(loaded: &Loaded) -> Result<(), Error> {
    let args = CheckArgs::parse_from(["check"]);
    settings_from(&args, loaded.clone()).map(|_| ())
}

fn prepare(args: &CheckArgs) -> Result<Prepared, Error> {
    let loaded = match (&args.config, args.isolated) {
        (_, true) => Loaded::default(),
        (Some(path), false) => load_config(path)?,
        (None, false) => match std::env::current_dir()
            .ok()
            .as_deref()
            .and_then(find_config)
        {
            Some(path) => load_config(&path)?,
            None => Loaded::default(),
        },
    };
    settings_from(args, loaded)
}

fn settings_from(args: &CheckArgs, loaded: Loaded) -> Result<Prepared, Error> {
    let file = &loaded.values;
    let select = if args.select.is_empty() {
        file_values(&loaded, "select", &file.select)
    } else {
        flag_values(&args.select, "--select")
    };
    let mut ignore = file_values(&loaded, "ignore", &file.ignore);
    ignore.extend(flag_values(&args.ignore, "--ignore"));
    let rules = resolve_rules(&select, &ignore)?;
    let globs = match &file.checkpoint_globs {
        Some(globs) => file_values(&loaded, "checkpoint-globs", globs),
        None => default_checkpoint_globs(),
    };
    let heuristic = file.heuristic.unwrap_or(true) && !args.no_heuristic;
    let settings = Settings::new(rules, heuristic, &globs)?;
    let mut excludes = file_values(&loaded, "exclude", &file.exclude);
    excludes.extend(flag_values(&args.exclude, "--exclude"));
    Ok(Prepared {
        settings,
        exclude: glob_set(&excludes)?,
        max_file_size: max_file_size(args, &loaded)?,
    })
}

#[derive(Parser)]
struct CheckOnly {
    #[command(flatten)]
    args: CheckArgs,
}

impl CheckArgs {
    fn parse_from<const N: usize>(argv: [&str; N]) -> CheckArgs {
        CheckOnly::parse_from(argv).args
    }
}

pub fn run_check(args: CheckArgs, out: &mut Output) -> ExitStatus {
    let stderr_color = match args.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal(),
    };
    let prepared = match prepare(&args) {
        Ok(p) => p,
        Err(e) => {
            out.stderr.push_str(&render_error(&e, stderr_color));
            return ExitStatus::Error;
        }
    };
    let walk = WalkOptions {
        respect_gitignore: !args.no_respect_gitignore,
        exclude: &prepared.exclude,
        force_exclude: args.force_exclude,
        max_file_size: prepared.max_file_size,
    };
    if args.show_files {
        let (files, errors) = crate::engine::discover::discover(&args.paths, &walk);
        for (path, _) in &files {
            out.stdout.push_str(&format!(
                "{}\n",
                render::escape_text(&path.display().to_string())
            ));
        }
        for e in &errors {
            out.stderr.push_str(&render_error(e, stderr_color));
        }
        return if errors.iter().all(Error::is_warning) {
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
    for e in report.warnings.iter().chain(&report.errors) {
        out.stderr.push_str(&render_error(e, stderr_color));
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
