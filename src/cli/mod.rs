//! Command line: `check` (the default), `rule`, `rules`, `config`, `inventory`. Arguments are validated into
//! `Settings` once; nothing below reads them again.

mod check;
mod config;
mod inventory;
mod progress;
mod rule;

use std::io::Write;

use clap::{Parser, Subcommand};

pub use check::CheckArgs;

use crate::error::{Error, ExitStatus};

/// A tool error or warning through miette's graphical handler: the message, the file's line
/// under a label when the value came from a configuration file, and the help. Colour only
/// when asked for (the caller checks the terminal and `NO_COLOR`); lines are not wrapped, so
/// paths stay whole.
pub(crate) fn render_error(e: &Error, color: bool) -> String {
    let theme = if color {
        miette::GraphicalTheme::unicode()
    } else {
        miette::GraphicalTheme::unicode_nocolor()
    };
    let handler = miette::GraphicalReportHandler::new_themed(theme)
        .with_links(false)
        .with_wrap_lines(false);
    let label = if e.is_warning() { "warning" } else { "error" };
    // One line, whatever the output format: it names the key and where it was set.
    if matches!(e, Error::UnmatchedConfig { .. }) {
        return format!("{label}: {e}\n");
    }
    let mut out = String::new();
    if handler.render_report(&mut out, e).is_err() {
        out = format!("{label}: {e}\n");
    } else {
        out = format!("{label}: {}", out.trim_start_matches('\n'));
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

#[derive(Parser, Debug)]
#[command(
    name = "offsetlint",
    version,
    about = "Lint Kafka consumers and producers (Python and Rust) for offset, delivery and checkpoint contracts"
)]
pub struct App {
    #[command(subcommand)]
    pub command: Commands,
}

#[derive(Subcommand, Debug)]
pub enum Commands {
    /// Lint files and directories (the default command).
    Check(Box<CheckArgs>),
    /// Print a rule's document: `offsetlint rule OL101` or `offsetlint rule bare-commit`.
    Rule(rule::RuleArgs),
    /// List every rule: code, name, languages, summary (`--format json` for programs).
    Rules(rule::RulesArgs),
    /// Show the settings that apply to a file, and where each came from.
    Config(Box<config::ConfigArgs>),
    /// List every Kafka client: where it is built, its durability settings, its uses and
    /// the findings that concern it (a report: exits 0 whatever the findings).
    Inventory(Box<inventory::InventoryArgs>),
    /// Run the language server on standard input and output (for editors): findings as
    /// diagnostics while you type, fixes and suppressions as code actions, rule documents on
    /// hover. Configuration is read from the project's files, as `check` reads it.
    Server,
}

/// Output collected by a run: what goes to stdout and stderr, and the exit status.
#[derive(Debug, Default)]
pub struct Output {
    pub stdout: String,
    pub stderr: String,
    /// Bytes written to stdout after `stdout`: standard input's source given back by
    /// `--fix` when it is not UTF-8 (a PEP 263 latin-1 buffer).
    pub raw_stdout: Vec<u8>,
}

const SUBCOMMANDS: &[&str] = &[
    "check",
    "rule",
    "rules",
    "config",
    "inventory",
    "server",
    "help",
    "-h",
    "--help",
    "-V",
    "--version",
];

/// Parses and runs; separated from `main` so tests can drive it without a process.
/// Standard input (`offsetlint check - --stdin-filename F`) is read from the process.
pub fn main_with_args(args: impl IntoIterator<Item = String>) -> (ExitStatus, Output) {
    main_with_input(args, None)
}

/// `main_with_args` with the text standard input would give (`None`: read the process's).
pub fn main_with_input(
    args: impl IntoIterator<Item = String>,
    stdin: Option<String>,
) -> (ExitStatus, Output) {
    // A panic while linting a file becomes a tool error naming it, without a backtrace.
    crate::engine::isolate::install_panic_hook();
    let mut args: Vec<String> = args.into_iter().collect();
    // `offsetlint PATH` means `offsetlint check PATH`; but a word that is no path and is
    // close to a subcommand's name is a mistyped subcommand.
    if let Some(word) = args.get(1).filter(|a| !SUBCOMMANDS.contains(&a.as_str())) {
        if let Some(meant) = mistyped_subcommand(word) {
            let out = Output {
                stderr: format!(
                    "error: unrecognized subcommand `{}`; did you mean `{meant}`?\n\n\
                     (`offsetlint PATH` lints PATH, but there is no file or directory of that name)\n",
                    crate::error::escape_text(word)
                ),
                ..Output::default()
            };
            return (ExitStatus::Error, out);
        }
    }
    if args
        .get(1)
        .is_none_or(|a| !SUBCOMMANDS.contains(&a.as_str()))
    {
        args.insert(1.min(args.len()), "check".into());
    }
    let mut out = Output::default();
    let app = match App::try_parse_from(&args) {
        Ok(app) => app,
        Err(e) => {
            let status = if e.use_stderr() {
                ExitStatus::Error
            } else {
                ExitStatus::Clean
            };
            let text = e.render().to_string();
            if e.use_stderr() {
                out.stderr = text;
            } else {
                out.stdout = text;
            }
            return (status, out);
        }
    };
    let status = match app.command {
        Commands::Check(a) => check::run_check(*a, &mut out, stdin),
        Commands::Rule(a) => rule::run_rule(a, &mut out),
        Commands::Rules(a) => rule::run_rules(a, &mut out),
        Commands::Config(a) => config::run_config(*a, &mut out),
        Commands::Inventory(a) => inventory::run_inventory(*a, &mut out),
        Commands::Server => crate::server::run(),
    };
    (status, out)
}

/// The subcommand `word` is a typo of: not an existing path, not an option, and at most two
/// edits away from a subcommand's name (`chek`, `rulez`, `confg`).
fn mistyped_subcommand(word: &str) -> Option<&'static str> {
    if word.starts_with('-') || word == "." || std::path::Path::new(word).exists() {
        return None;
    }
    ["check", "rule", "rules", "config", "inventory", "server"]
        .into_iter()
        .map(|name| (edit_distance(word, name), name))
        .filter(|&(d, _)| d <= 2)
        .min_by_key(|&(d, _)| d)
        .map(|(_, name)| name)
}

/// Levenshtein distance, by characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// Entry point for the binary.
pub fn main() -> ExitStatus {
    let (status, out) = main_with_args(std::env::args());
    // A closed pipe (`offsetlint check | head`) is not an error worth a panic.
    let _ = std::io::stdout().write_all(out.stdout.as_bytes());
    let _ = std::io::stdout().write_all(&out.raw_stdout);
    let _ = std::io::stderr().write_all(out.stderr.as_bytes());
    status
}

/// Entry points for the fuzz targets (`fuzz/`); not a stable API.
#[doc(hidden)]
pub mod fuzzing {
    use std::path::Path;

    use crate::config::Settings;

    /// Decodes and lints a file's bytes as the engine does, then renders every finding in
    /// every format (line/column computation, escaping, miette). Returns the finding count.
    pub fn lint_bytes(name: &str, bytes: &[u8]) -> usize {
        let mut report =
            crate::engine::report_for_bytes(Path::new(name), bytes, &Settings::default());
        crate::render::fix::complete(&mut report);
        let _ = crate::render::human(&report, false, false);
        let _ = crate::render::concise(&report);
        let _ = crate::render::json(&report);
        report.finding_count()
    }

    /// Parses a configuration file's text (`offsetlint.toml`, or `pyproject.toml` when
    /// `pyproject`) and validates it as `check` does; renders the error if any.
    pub fn config_text(text: &str, pyproject: bool) -> Result<(), String> {
        let name = if pyproject {
            "pyproject.toml"
        } else {
            "offsetlint.toml"
        };
        let dir = Path::new("fuzz");
        let prepared = crate::config::parse_config(&dir.join(name), text.to_string())
            .and_then(|loaded| super::check::validate_config(&loaded));
        prepared.map_err(|e| super::render_error(&e, false))
    }

    /// Findings for [`baseline_bytes`] to hide: one file of two bare commits.
    const BASELINED: &str = "from confluent_kafka import Consumer\n\nconsumer = Consumer({\"group.id\": \"g\", \"enable.auto.commit\": False})\n\n\ndef run():\n    consumer.commit()\n    consumer.commit()\n";

    /// Reads a baseline file's bytes as `--baseline` does, then applies it to the report of
    /// a small file with findings, renders its note (stale entries, escaped), ratchets it
    /// and writes it back out as text; renders the error if any. Returns the findings the
    /// baseline hid.
    pub fn baseline_bytes(bytes: &[u8]) -> Result<usize, String> {
        let path = Path::new("fuzz/offsetlint-baseline.json");
        let baseline = crate::render::baseline::Baseline::parse(path, bytes)
            .map_err(|e| super::render_error(&e, false))?;
        let mut report = crate::engine::report_for_bytes(
            Path::new("fuzz/app.py"),
            BASELINED.as_bytes(),
            &Settings::default(),
        );
        let applied = baseline.apply(&mut report);
        let _ = super::check::baseline_note(path, &applied);
        let _ = crate::render::human(&report, false, false);
        let _ = baseline.ratchet(&report, &applied).to_json();
        let _ = (baseline.count(), baseline.entry_count(), baseline.to_json());
        Ok(applied.hidden.len())
    }
}
