//! `offsetlint check [PATH]...`

use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use clap::{Args, ValueEnum};

use super::progress::Progress;
use super::{render_error, Output};
use crate::config::{build, ConfigResolver, Layer, Loaded, Overrides};
use crate::engine::decode::Codec;
use crate::engine::discover::WalkOptions;
use crate::engine::{check_paths, Report};
use crate::error::{escape_text, Error, ExitStatus};
use crate::registry::Severity;
use crate::render::baseline::{Applied, Baseline};
use crate::render::{self, Format};
use crate::safe_fs::{read_bounded, write_atomic, OpenError};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Color {
    Auto,
    Always,
    Never,
}

/// The options that decide the settings (shared by `check` and `config`); they override every
/// configuration file.
#[derive(Args, Debug, Default, Clone)]
pub struct SettingsArgs {
    /// Rules to run: codes, names, prefixes (`OL1`) or `ALL`; comma-separated or repeated.
    #[arg(long, value_delimiter = ',')]
    pub select: Vec<String>,
    /// Rules to add to the selection (of the configuration, or of `--select`).
    #[arg(long, value_delimiter = ',')]
    pub extend_select: Vec<String>,
    /// Rules to skip, in the same forms as `--select`.
    #[arg(long, value_delimiter = ',')]
    pub ignore: Vec<String>,
    /// Skip paths matching this pattern (repeatable; relative to the working directory), in
    /// addition to the configuration's `exclude`.
    #[arg(long)]
    pub exclude: Vec<String>,
    /// Lint files that `.gitignore` ignores too.
    #[arg(long, conflicts_with = "respect_gitignore")]
    pub no_respect_gitignore: bool,
    /// Honour `.gitignore` files even where the configuration says `respect-gitignore = false`.
    #[arg(long)]
    pub respect_gitignore: bool,
    /// Configuration file for every file (default: for each file, the closest
    /// .offsetlint.toml, offsetlint.toml or pyproject.toml with [tool.offsetlint] above it).
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Ignore every configuration file.
    #[arg(long)]
    pub isolated: bool,
    /// Turn off the receiver-name heuristic: only resolved Kafka clients are checked.
    #[arg(long)]
    pub no_heuristic: bool,
    /// Parse and analyse every file, not only those whose bytes name something a rule looks
    /// for (the findings are the same; for testing the prefilter).
    #[arg(long, hide = true)]
    pub no_prefilter: bool,
    /// Targets linted together at the most, in whole namespaces (the findings are the same;
    /// for testing the batches and measuring what they cost and save).
    #[arg(long, hide = true, value_name = "N")]
    pub batch_targets: Option<usize>,
    /// Skip (with a warning) files larger than this: bytes, or with a unit (`20MB`, `512KiB`).
    /// Default 10 MiB.
    #[arg(long, value_name = "SIZE")]
    pub max_file_size: Option<String>,
}

/// `--fail-on`: the lowest level of finding that makes the run exit 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    /// Any finding (the default).
    Warning,
    /// Only findings at error level; warnings are reported and the run exits 0.
    Error,
}

impl FailOn {
    fn fails(self, severity: Severity) -> bool {
        match self {
            FailOn::Warning => true,
            FailOn::Error => severity == Severity::Error,
        }
    }
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// Files or directories to lint (default `.`); `-` reads the source from standard input
    /// (with `--stdin-filename`).
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, alias = "output-format", value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Write the output (findings, statistics or diff) to this file instead of stdout.
    #[arg(long, short = 'o', value_name = "PATH")]
    pub output_file: Option<PathBuf>,
    /// Exit 0 even when there are findings (tool errors still exit 2).
    #[arg(long)]
    pub exit_zero: bool,
    /// The findings that fail the run (exit 1): `warning`, any finding (the default), or
    /// `error`, findings at error level only (see `[severity]` in the configuration).
    #[arg(long, value_enum, value_name = "LEVEL", default_value_t = FailOn::Warning)]
    pub fail_on: FailOn,
    /// Print findings only: no summary line.
    #[arg(long, short)]
    pub quiet: bool,
    /// With `--write-baseline`: print the findings recorded too (by default it prints what it
    /// wrote, counted per rule).
    #[arg(long, short, conflicts_with = "quiet")]
    pub verbose: bool,
    /// Colours: `auto` honours `NO_COLOR`, then `FORCE_COLOR`, then whether stdout is a
    /// terminal.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
    /// Apply `--exclude` to files named on the command line too (for pre-commit).
    #[arg(long)]
    pub force_exclude: bool,
    /// Print the files that would be linted, one per line, and exit.
    #[arg(long)]
    pub show_files: bool,
    /// SARIF: include findings silenced by suppression comments or the baseline, marked
    /// with `suppressions`.
    #[arg(long)]
    pub sarif_include_suppressed: bool,
    /// Report only findings this baseline file does not record; list its entries that no
    /// longer occur.
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<PathBuf>,
    /// Record today's findings in this baseline file (with `--baseline` on the same file:
    /// only drop entries that no longer occur).
    #[arg(long, value_name = "FILE")]
    pub write_baseline: Option<PathBuf>,
    /// Print counts per rule instead of the findings.
    #[arg(long)]
    pub statistics: bool,
    /// The path standard input stands for (`offsetlint check - --stdin-filename x.py`): its
    /// extension gives the language, and findings are reported at it.
    #[arg(long, value_name = "PATH")]
    pub stdin_filename: Option<PathBuf>,
    /// Apply the fixes (safe ones; unsafe ones too with `--unsafe-fixes`), then report what is
    /// left.
    #[arg(long)]
    pub fix: bool,
    /// Let `--fix` and `--diff` apply unsafe fixes too (they change behaviour: review them).
    #[arg(long)]
    pub unsafe_fixes: bool,
    /// Print the fixes as a unified diff instead of writing them; exit 1 if there is any.
    #[arg(long)]
    pub diff: bool,
    /// Append `offsetlint: ignore[CODE] <reason placeholder>` to the line of every finding
    /// (the alternative to a baseline), then exit 0.
    #[arg(long, conflicts_with_all = ["fix", "diff", "write_baseline", "statistics"])]
    pub add_noqa: bool,
}

/// The command-line options that override every configuration file.
pub(crate) fn overrides(args: &SettingsArgs) -> Overrides {
    Overrides {
        select: args.select.clone(),
        extend_select: args.extend_select.clone(),
        ignore: args.ignore.clone(),
        exclude: args.exclude.clone(),
        no_heuristic: args.no_heuristic,
        no_prefilter: args.no_prefilter,
        max_file_size: args.max_file_size.clone(),
        respect_gitignore: match (args.respect_gitignore, args.no_respect_gitignore) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        },
    }
}

/// Validates a loaded configuration alone, as `check` with no flags would (fuzzing).
pub(crate) fn validate_config(loaded: &Loaded) -> Result<(), Error> {
    let root = loaded
        .path()
        .and_then(std::path::Path::parent)
        .map_or_else(|| PathBuf::from("/"), crate::config::absolute);
    let layer = Layer {
        loaded: loaded.clone(),
        root,
    };
    build(&[layer], &Overrides::default(), std::path::Path::new("/")).map(|_| ())
}

/// The configuration resolver for a run: `--config`, `--isolated` or discovery, with the
/// command line on top.
pub(crate) fn prepare(args: &SettingsArgs) -> Result<Arc<ConfigResolver>, Error> {
    if args.config.is_some() && args.isolated {
        return Err(Error::Usage {
            message: "`--config` and `--isolated` cannot be combined: `--isolated` ignores every configuration file".into(),
        });
    }
    ConfigResolver::new(args.config.as_deref(), args.isolated, overrides(args)).map(Arc::new)
}

/// How many times `--fix` re-lints and fixes again (a fix can make room for another).
const FIX_PASSES: usize = 10;

/// The source comes from standard input (`-`), its bytes as read (then as fixed), or from
/// the files under the paths.
enum Input {
    Stdin { path: PathBuf, bytes: Vec<u8> },
    Paths(Vec<PathBuf>),
}

/// Checks flag combinations clap cannot express.
fn validate(args: &CheckArgs) -> Result<(), String> {
    if args.statistics
        && matches!(
            args.format,
            Format::Sarif | Format::Github | Format::Gitlab | Format::Junit
        )
    {
        return Err(format!(
            "`--statistics` prints with the human, concise, json and json-lines formats, not `{}`",
            format_name(args.format)
        ));
    }
    if args.sarif_include_suppressed && args.format != Format::Sarif {
        return Err("`--sarif-include-suppressed` needs `--format sarif`".into());
    }
    let stdin = args.paths.iter().any(|p| p.as_os_str() == "-");
    if stdin && args.paths.len() > 1 {
        return Err("`-` (standard input) cannot be combined with other paths".into());
    }
    if args.stdin_filename.is_some() && !args.paths.is_empty() && !stdin {
        return Err("`--stdin-filename` names the file standard input stands for: pass `-` instead of paths".into());
    }
    if args.add_noqa && (stdin || args.stdin_filename.is_some()) {
        return Err("`--add-noqa` writes files: it does not read standard input".into());
    }
    if stdin && args.stdin_filename.is_none() {
        return Err("reading standard input (`-`) needs `--stdin-filename PATH` (its extension gives the language)".into());
    }
    if let Some(p) = &args.stdin_filename {
        if crate::engine::discover::language(p).is_none() {
            return Err(format!(
                "--stdin-filename {}: not a {} file name",
                p.display(),
                crate::error::SOURCE_FILES
            ));
        }
    }
    Ok(())
}

fn format_name(f: Format) -> String {
    f.to_possible_value()
        .map_or_else(String::new, |v| v.get_name().to_string())
}

/// Whether to colour stdout: `--color`, else `NO_COLOR` (set and not empty: no colour), else
/// `FORCE_COLOR` or `CLICOLOR_FORCE` (set, not empty, not `0`: colour), else whether stdout
/// is a terminal (not `TERM=dumb`).
pub(crate) fn use_color(choice: Color, stdout_is_terminal: bool) -> bool {
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    let forced = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty() && v != "0");
    match choice {
        Color::Always => true,
        Color::Never => false,
        Color::Auto if set("NO_COLOR") => false,
        Color::Auto if forced("FORCE_COLOR") || forced("CLICOLOR_FORCE") => true,
        Color::Auto => stdout_is_terminal && std::env::var_os("TERM").is_none_or(|t| t != "dumb"),
    }
}

/// Lints the input: the report, with fixes completed, before any baseline.
fn lint(input: &Input, walk: &WalkOptions) -> Report {
    let mut report = match input {
        // The buffer is linted as that file of its project (the other files from disk).
        Input::Stdin { path, bytes } => {
            crate::engine::check_buffer(path, bytes.clone(), walk).unwrap_or_default()
        }
        Input::Paths(paths) => check_paths(paths, walk),
    };
    render::fix::complete(&mut report);
    report
}

/// A lint pass after the baseline: the report of what is left, what the baseline hid and,
/// for `--write-baseline`, today's findings before it.
struct Pass {
    report: Report,
    applied: Applied,
    current: Option<Baseline>,
}

fn lint_pass(
    input: &Input,
    walk: &WalkOptions,
    baseline: Option<&Baseline>,
    write_to: Option<&std::path::Path>,
) -> Pass {
    let mut report = lint(input, walk);
    let current = write_to.map(|p| Baseline::from_report(&report, p));
    let applied = baseline.map_or_else(Applied::default, |b| b.apply(&mut report));
    Pass {
        report,
        applied,
        current,
    }
}

pub fn run_check(args: CheckArgs, out: &mut Output, stdin: Option<String>) -> ExitStatus {
    let started = Instant::now();
    let stderr_color = match args.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal(),
    };
    if let Err(message) = validate(&args) {
        out.stderr.push_str(&format!("error: {message}\n"));
        return ExitStatus::Error;
    }
    let configs = match prepare(&args.settings) {
        Ok(p) => p,
        Err(e) => {
            out.stderr.push_str(&render_error(&e, stderr_color));
            return ExitStatus::Error;
        }
    };
    let walk = WalkOptions {
        configs,
        force_exclude: args.force_exclude,
        batch_targets: args.settings.batch_targets,
    };
    let paths = if args.paths.is_empty() && args.stdin_filename.is_none() {
        vec![PathBuf::from(".")]
    } else {
        args.paths.clone()
    };
    let mut input = match &args.stdin_filename {
        Some(path) => {
            let bytes = match stdin.map_or_else(read_stdin, |s| Ok(s.into_bytes())) {
                Ok(b) => b,
                Err(e) => {
                    out.stderr
                        .push_str(&format!("error: cannot read standard input: {e}\n"));
                    return ExitStatus::Error;
                }
            };
            if walk.explicitly_excluded(path) {
                // As for an excluded file named on the command line: nothing to lint.
                if args.fix {
                    give_back(out, bytes);
                }
                return ExitStatus::Clean;
            }
            Input::Stdin {
                path: path.clone(),
                bytes,
            }
        }
        None => Input::Paths(paths),
    };
    if let Some(path) = &args.output_file {
        if output_is_linted(path, &input, &walk) {
            out.stderr.push_str(&format!(
                "error: --output-file {}: is one of the files being linted; refusing to replace it with the report\n",
                crate::error::shown(path)
            ));
            return ExitStatus::Error;
        }
    }
    if args.show_files {
        let Input::Paths(paths) = &input else {
            out.stderr
                .push_str("error: `--show-files` lists files under paths, not standard input\n");
            return ExitStatus::Error;
        };
        let (files, mut errors) = crate::engine::discover::discover(paths, &walk);
        errors.extend(walk.configs.take_errors());
        for found in &files {
            out.stdout.push_str(&format!(
                "{}\n",
                render::escape_text(&found.path.display().to_string())
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
    // `--baseline`, else the `baseline` key of the configuration of the working directory
    // (not yet there when `--write-baseline` is about to create it).
    let baseline_file = args.baseline.clone().or_else(|| {
        let configured = walk.configs.for_dir(walk.configs.cwd()).baseline.clone()?;
        (args.write_baseline.is_none() || configured.exists()).then_some(configured)
    });
    let baseline = match baseline_file.as_deref().map(Baseline::load).transpose() {
        Ok(b) => b,
        Err(e) => {
            out.stderr.push_str(&format!("error: {e}\n"));
            return ExitStatus::Error;
        }
    };
    let progress = Progress::start(
        std::io::stderr().is_terminal()
            && !args.format.is_machine()
            && !args.quiet
            && matches!(input, Input::Paths(_)),
    );
    let mut pass = lint_pass(
        &input,
        &walk,
        baseline.as_ref(),
        args.write_baseline.as_deref(),
    );
    let mut fixed = 0;
    let mut write_errors = Vec::new();
    if args.fix && !args.diff {
        for _ in 0..FIX_PASSES {
            let (changed, errors) = apply_fixes(&mut input, &pass.report, args.unsafe_fixes);
            write_errors.extend(errors);
            if changed == 0 {
                break;
            }
            fixed += changed;
            pass = lint_pass(
                &input,
                &walk,
                baseline.as_ref(),
                args.write_baseline.as_deref(),
            );
        }
    }
    progress.finish();
    if args.add_noqa {
        return add_noqa(&pass.report, &input, out, stderr_color);
    }
    let report = &pass.report;
    let mut status_errors = !report.errors.is_empty() || !write_errors.is_empty();
    for e in report.warnings.iter().chain(&report.errors) {
        out.stderr.push_str(&render_error(e, stderr_color));
    }
    for e in &write_errors {
        out.stderr.push_str(&format!("error: {e}\n"));
    }

    // The baseline file to write, before anything is printed about the old one.
    // `--baseline F --write-baseline F` with findings the old baseline does not record: they
    // are not absorbed, so they still fail the run.
    let mut ratchet_left = false;
    if let (Some(path), Some(current)) = (&args.write_baseline, &pass.current) {
        let same_file = baseline_file.as_deref().is_some_and(|b| same_path(b, path));
        let new = match (&baseline, same_file) {
            (Some(old), true) => old.ratchet(report, &pass.applied),
            _ => current.clone(),
        };
        ratchet_left = same_file && baseline.is_some() && report.finding_count() > 0;
        if ratchet_left {
            let n = report.finding_count();
            out.stderr.push_str(&format!(
                "{n} new finding{} not recorded: rewriting the baseline it was checked against only drops entries (`--write-baseline` without `--baseline` records everything)\n",
                render::plural(n)
            ));
        }
        match new.write(path) {
            Ok(()) => out.stderr.push_str(&new.written_note(path, args.quiet)),
            Err(e) => {
                out.stderr.push_str(&format!("error: {e}\n"));
                status_errors = true;
            }
        }
    }
    if let (Some(path), Some(_)) = (&baseline_file, &baseline) {
        if !args.quiet || !pass.applied.stale.is_empty() {
            out.stderr.push_str(&baseline_note(path, &pass.applied));
        }
    }

    let (fixable, unsafe_fixable) = fix_counts(report, args.unsafe_fixes);
    let mut main = String::new();
    let mut stdin_source = None;
    let mut diff_changes = false;
    if args.diff {
        let mut would_fix = 0;
        for file in &report.files {
            if let Some((text, n)) = render::fix::fixed_source(file, args.unsafe_fixes) {
                main.push_str(&render::fix::unified_diff(
                    &file.path.to_string_lossy(),
                    &file.source,
                    &text,
                ));
                would_fix += n;
            }
        }
        diff_changes = would_fix > 0;
        out.stderr.push_str(&match (would_fix, unsafe_fixable) {
            (0, 0) => "no fixes to apply\n".to_string(),
            (0, u) => format!("no fixes to apply ({u} with `--unsafe-fixes`)\n"),
            (n, _) => format!("would fix {n} finding{}\n", render::plural(n)),
        });
    } else if let (Input::Stdin { bytes, .. }, true) = (&input, args.fix) {
        // Editors read the fixed source back from stdout, in its own encoding.
        stdin_source = Some(bytes.clone());
    } else if args.write_baseline.is_some()
        && !(args.verbose || ratchet_left || args.statistics || args.output_file.is_some())
    {
        // The findings are recorded, and counted per rule above; `-v` prints them, a
        // ratchet prints those it did not record (they fail the run), `--output-file` and
        // `--statistics` are reports asked for.
    } else if args.statistics {
        let stats =
            render::statistics::statistics(report, args.unsafe_fixes, pass.applied.hidden.len());
        main.push_str(&match args.format {
            Format::Json => stats.json(),
            Format::JsonLines => stats.json_lines(),
            _ => stats.table(),
        });
    } else {
        let color =
            args.output_file.is_none() && use_color(args.color, std::io::stdout().is_terminal());
        let cwd = std::env::current_dir().unwrap_or_default();
        let root = render::repository_root(&cwd);
        main.push_str(&match args.format {
            Format::Human => render::human(report, color, args.unsafe_fixes),
            Format::Concise => render::concise(report),
            Format::Json => render::json(report),
            Format::JsonLines => render::json_lines(report),
            Format::Sarif => render::sarif::sarif(
                report,
                &render::sarif::SarifOptions {
                    root: &root,
                    baselined: &pass.applied.hidden,
                    baseline_file: baseline_file.as_deref(),
                    include_suppressed: args.sarif_include_suppressed,
                },
            ),
            Format::Github => render::github(report, &root),
            Format::Gitlab => render::gitlab(report, &render::gitlab_root(&cwd)),
            Format::Junit => render::junit(report),
        });
    }
    let main = stdin_source.unwrap_or_else(|| main.into_bytes());
    match &args.output_file {
        Some(path) => {
            if let Err(e) = write_atomic(path, &main) {
                out.stderr.push_str(&format!(
                    "error: {}: cannot write the output: {e}\n",
                    crate::error::shown(path)
                ));
                status_errors = true;
            }
        }
        None => give_back(out, main),
    }
    let stdin_fix = args.fix && matches!(input, Input::Stdin { .. });
    if !args.quiet && !args.diff && (!args.format.is_machine() || stdin_fix) {
        let extras = render::SummaryExtras {
            fixable,
            unsafe_fixable,
            baselined: pass.applied.hidden.len(),
            fixed,
            elapsed: started.elapsed(),
        };
        out.stderr.push_str(&render::summary(report, &extras));
        out.stderr.push('\n');
    }
    if status_errors {
        ExitStatus::Error
    } else if args.diff {
        if diff_changes {
            ExitStatus::Findings
        } else {
            ExitStatus::Clean
        }
    } else if args.write_baseline.is_some() && !ratchet_left {
        // Every finding is recorded now.
        ExitStatus::Clean
    } else if !args.exit_zero
        && report
            .files
            .iter()
            .flat_map(|f| &f.findings)
            .any(|f| args.fail_on.fails(f.severity))
    {
        ExitStatus::Findings
    } else {
        ExitStatus::Clean
    }
}

/// `--add-noqa`: writes a suppression on the line of each finding left (after the baseline),
/// atomically as `--fix` writes; says what it added and which lines it left alone.
fn add_noqa(report: &Report, input: &Input, out: &mut Output, color: bool) -> ExitStatus {
    let Input::Paths(paths) = input else {
        return ExitStatus::Error;
    };
    let mut errors = !report.errors.is_empty();
    for e in report.warnings.iter().chain(&report.errors) {
        out.stderr.push_str(&render_error(e, color));
    }
    let (mut added, mut files) = (0, 0);
    for file in &report.files {
        let Some(change) = crate::engine::noqa::add_noqa(file) else {
            continue;
        };
        for line in &change.skipped {
            out.stderr.push_str(&format!(
                "{}:{line}: left alone: the line holds an `offsetlint:` comment already, or a comment there would not be one (a multi-line string, a line continuation)\n",
                crate::error::shown(&file.path)
            ));
        }
        if change.added == 0 {
            continue;
        }
        let codec = crate::engine::decode::fix_codec(file.lang, &file.source);
        match write_fixed(&file.path, paths, codec, &file.source, &change.source) {
            Ok(()) => {
                added += change.added;
                files += 1;
            }
            Err(e) => {
                errors = true;
                out.stderr.push_str(&format!(
                    "error: {}: cannot add the suppressions: {e}\n",
                    crate::error::shown(&file.path)
                ));
            }
        }
    }
    out.stderr.push_str(&format!(
        "added {added} suppression comment{} to {files} file{}\n",
        render::plural(added),
        render::plural(files)
    ));
    if errors {
        ExitStatus::Error
    } else {
        ExitStatus::Clean
    }
}

/// One pass of `--fix`: each file with fixes is rewritten (standard input's bytes replaced);
/// the number of findings fixed, and the files that could not be.
fn apply_fixes(input: &mut Input, report: &Report, unsafe_fixes: bool) -> (usize, Vec<String>) {
    let mut changed = 0;
    let mut errors = Vec::new();
    for file in &report.files {
        let Some((text, n)) = render::fix::fixed_source(file, unsafe_fixes) else {
            continue;
        };
        let codec = crate::engine::decode::fix_codec(file.lang, &file.source);
        let applied = match input {
            Input::Stdin { bytes, .. } => {
                fixed_bytes(bytes, codec, &file.source, &text).map(|new| *bytes = new)
            }
            Input::Paths(paths) => write_fixed(&file.path, paths, codec, &file.source, &text),
        };
        match applied {
            Ok(()) => changed += n,
            Err(e) => errors.push(format!(
                "{}: cannot write the fixes: {e}",
                crate::error::shown(&file.path)
            )),
        }
    }
    (changed, errors)
}

/// The fixed file's bytes, only if `original` is still the text that was linted (a file
/// changed since it was read is left alone). A Python file declaring another encoding (PEP
/// 263) is written back in it; `render::fix::complete` offers no fix whose text does not
/// encode. Else UTF-8, after the byte order mark if there was one.
fn fixed_bytes(
    original: &[u8],
    declared: Option<Codec>,
    linted: &str,
    fixed: &str,
) -> Result<Vec<u8>, String> {
    const BOM: &[u8] = b"\xEF\xBB\xBF";
    if let Some(codec) = declared {
        // The file's bytes as this codec writes the linted text: anything else changed.
        if codec.encode(linted).as_deref() != Some(original) {
            return Err("the file changed since it was read".into());
        }
        return codec.encode(fixed).ok_or_else(|| {
            format!(
                "the fixed text does not encode as {}, the file's declared encoding",
                codec.name
            )
        });
    }
    let (bom, body) = match original.strip_prefix(BOM) {
        Some(rest) => (BOM, rest),
        None => (&b""[..], original),
    };
    let text = std::str::from_utf8(body)
        .map_err(|_| "not UTF-8; fixes are applied to UTF-8 files only".to_string())?;
    if text != linted {
        return Err("the file changed since it was read".into());
    }
    Ok([bom, fixed.as_bytes()].concat())
}

/// Writes a fixed file ([`fixed_bytes`]) atomically to the file its path resolves to, only
/// when that is inside what the command line names (a directory given, or the directory of
/// a file given): a symlink leading out of the tree, named or swapped in since the file was
/// read, is refused, and a symlink inside it is kept (its target is written).
fn write_fixed(
    path: &Path,
    paths: &[PathBuf],
    declared: Option<Codec>,
    linted: &str,
    fixed: &str,
) -> Result<(), String> {
    let real = std::fs::canonicalize(path).map_err(|e| e.to_string())?;
    if !fix_roots(paths).iter().any(|root| real.starts_with(root)) {
        return Err(format!(
            "it resolves to {}, outside the directories given on the command line",
            crate::error::shown(&real)
        ));
    }
    // Larger than the linted text could be written (a BOM and UTF-8, or a declared encoding,
    // which takes at most 4/3 of UTF-8's bytes): it changed.
    let most = linted.len() as u64 * 2 + 3;
    let on_disk = read_bounded(&real, most).map_err(|e| match e {
        OpenError::TooLarge(_) => "the file changed since it was read".to_string(),
        e => e.to_string(),
    })?;
    let bytes = fixed_bytes(&on_disk, declared, linted, fixed)?;
    write_atomic(&real, &bytes).map_err(|e| e.to_string())
}

/// The directories `--fix` may write in, resolved: each directory given on the command line,
/// and the directory of each file given.
fn fix_roots(paths: &[PathBuf]) -> Vec<PathBuf> {
    paths
        .iter()
        .filter_map(|p| {
            let dir = if p.is_dir() {
                p.clone()
            } else {
                crate::config::absolute(p).parent()?.to_path_buf()
            };
            std::fs::canonicalize(dir).ok()
        })
        .collect()
}

/// Whether `--output-file` names a file this run lints (the report would replace it).
fn output_is_linted(output: &Path, input: &Input, walk: &WalkOptions) -> bool {
    // Only Python and Rust files are linted; and a file that does not exist is not.
    if crate::engine::discover::language(output).is_none() {
        return false;
    }
    let Ok(target) = std::fs::canonicalize(output) else {
        return false;
    };
    let is_target = |p: &Path| std::fs::canonicalize(p).is_ok_and(|c| c == target);
    match input {
        Input::Stdin { path, .. } => is_target(path),
        Input::Paths(paths) => crate::engine::discover::discover(paths, walk)
            .0
            .iter()
            .any(|f| {
                f.canonical
                    .as_ref()
                    .map_or_else(|| is_target(&f.path), |c| *c == target)
            }),
    }
}

/// Puts bytes on stdout: as text when they are UTF-8, else as they are (standard input's
/// source given back by `--fix` in its own encoding).
fn give_back(out: &mut Output, bytes: Vec<u8>) {
    match String::from_utf8(bytes) {
        Ok(text) => out.stdout.push_str(&text),
        Err(e) => out.raw_stdout.extend(e.into_bytes()),
    }
}

/// Findings `--fix` fixes as the options stand, and those needing `--unsafe-fixes` as well.
fn fix_counts(report: &Report, unsafe_fixes: bool) -> (usize, usize) {
    let mut counts = (0, 0);
    for fix in report
        .files
        .iter()
        .flat_map(|f| &f.findings)
        .filter_map(|f| f.fix.as_ref())
    {
        if render::fix::applies(fix, unsafe_fixes) {
            counts.0 += 1;
        } else {
            counts.1 += 1;
        }
    }
    counts
}

/// The stderr lines about `--baseline`: how many findings it hid, and its entries that no
/// longer occur.
pub(crate) fn baseline_note(path: &std::path::Path, applied: &Applied) -> String {
    let hidden = applied.hidden.len();
    let path = crate::error::shown(path);
    let mut out = format!(
        "baseline {path}: {hidden} finding{} hidden\n",
        render::plural(hidden)
    );
    if !applied.stale.is_empty() {
        let gone: usize = applied.stale.iter().map(|s| s.missing).sum();
        out.push_str(&format!(
            "baseline {path}: {gone} recorded finding{} no longer occur{} (ratchet down with `--baseline {path} --write-baseline {path}`):\n",
            render::plural(gone),
            if gone == 1 { "s" } else { "" },
        ));
        // Every string of an entry comes from the baseline file: escaped, so a crafted
        // entry cannot forge a CI log line.
        for s in &applied.stale {
            let e = &s.entry;
            let at = e.function.as_deref().map_or_else(
                || "module level".to_string(),
                |f| format!("in `{}`", escape_text(f)),
            );
            out.push_str(&format!(
                "  {} {} {} {at} ({} of {} gone, hash {})\n",
                escape_text(&e.code),
                escape_text(&e.rule),
                escape_text(&e.path),
                s.missing,
                e.count,
                escape_text(&e.hash)
            ));
        }
    }
    out
}

fn same_path(a: &std::path::Path, b: &std::path::Path) -> bool {
    a == b
        || matches!(
            (std::fs::canonicalize(a), std::fs::canonicalize(b)),
            (Ok(x), Ok(y)) if x == y
        )
}

fn read_stdin() -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    std::io::stdin().read_to_end(&mut bytes)?;
    Ok(bytes)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// The run read `w.py`; before its fix is written, it is swapped for a symlink leading
    /// out of the tree: the fix is refused and the link's target is untouched.
    #[test]
    fn a_fix_refuses_a_symlink_swapped_in_after_the_read() {
        let d = tempfile::tempdir().unwrap();
        let tree = d.path().join("tree");
        std::fs::create_dir(&tree).unwrap();
        let outside = d.path().join("outside.py");
        let w = tree.join("w.py");
        std::fs::write(&outside, "x = 1\n").unwrap();
        std::fs::write(&w, "x = 1\n").unwrap();
        std::fs::remove_file(&w).unwrap();
        std::os::unix::fs::symlink(&outside, &w).unwrap();
        let err = write_fixed(&w, &[tree], None, "x = 1\n", "x = 2\n").unwrap_err();
        assert!(err.contains("outside the directories given"), "{err}");
        assert_eq!(std::fs::read_to_string(&outside).unwrap(), "x = 1\n");
    }
}
