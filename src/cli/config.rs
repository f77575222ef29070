//! `offsetlint config [FILE]`: the settings that apply to a file (or to the working
//! directory), and where each came from: a key of a configuration file (with its line and
//! column), a command-line flag, or the default.

use std::path::{Path, PathBuf};

use clap::Args;

use super::check::{prepare, SettingsArgs};
use super::{render_error, Output};
use crate::config::shown_path;
use crate::config::{absolute, Settings};
use crate::error::{ExitStatus, Origin};

#[derive(Args, Debug)]
pub struct ConfigArgs {
    /// The file (or directory) whose settings to show (default: the working directory).
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub settings: SettingsArgs,
}

pub fn run_config(args: ConfigArgs, out: &mut Output) -> ExitStatus {
    let configs = match prepare(&args.settings) {
        Ok(c) => c,
        Err(e) => {
            out.stderr.push_str(&render_error(&e, false));
            return ExitStatus::Error;
        }
    };
    let cwd = configs.cwd().to_path_buf();
    let target = args.file.clone().unwrap_or_else(|| PathBuf::from("."));
    let abs = absolute(&target);
    if !abs.exists() {
        out.stderr.push_str(&format!(
            "error: {}: no such file or directory\n",
            crate::error::shown(&target)
        ));
        return ExitStatus::Error;
    }
    let is_dir = abs.is_dir();
    let settings = if is_dir {
        configs.for_dir(&abs)
    } else {
        configs.for_file(&abs)
    };
    let errors = configs.take_errors();
    if !errors.is_empty() {
        for e in &errors {
            out.stderr.push_str(&render_error(e, false));
        }
        return ExitStatus::Error;
    }
    let excluded = !is_dir && configs.excluded(&abs);
    out.stdout.push_str(&describe(
        &settings,
        &target,
        &abs,
        (is_dir, excluded),
        &cwd,
        &args.settings,
    ));
    ExitStatus::Clean
}

fn rel(path: &Path, cwd: &Path) -> String {
    crate::error::shown(&shown_path(path, cwd))
}

/// Where a value came from, for people: the file relative to the working directory.
fn origin(o: &Origin, cwd: &Path) -> String {
    match o {
        Origin::Flag(flag) => format!("`{flag}` on the command line"),
        Origin::Default(_) => "default".to_string(),
        Origin::File { key, file, span } => {
            let (line, col) = file.line_col(span.0);
            format!("`{key}` in {}:{line}:{col}", rel(&file.path, cwd))
        }
    }
}

fn describe(
    settings: &Settings,
    target: &Path,
    abs: &Path,
    (is_dir, excluded): (bool, bool),
    cwd: &Path,
    args: &SettingsArgs,
) -> String {
    let mut out = String::new();
    let what = if is_dir { "files in" } else { "" };
    out.push_str(&format!(
        "settings for {what}{}{}\n",
        if is_dir { " " } else { "" },
        crate::error::shown(target)
    ));
    let file = match (&settings.config_file, args.isolated) {
        (_, true) => "none (`--isolated`)".to_string(),
        (Some(f), false) if args.config.is_some() => {
            format!(
                "{} (`--config`; its paths are relative to the working directory)",
                rel(f, cwd)
            )
        }
        (Some(f), false) => rel(f, cwd),
        (None, false) => "none found (the defaults)".to_string(),
    };
    out.push_str(&format!("configuration file: {file}\n"));
    for e in &settings.extends {
        out.push_str(&format!("  extends: {}\n", rel(e, cwd)));
    }
    if !is_dir {
        let rules = settings.rules_for(abs);
        out.push_str(&format!(
            "linted: {}\n",
            if excluded {
                "no, excluded (unless named on the command line without `--force-exclude`)"
            } else {
                "yes"
            }
        ));
        let codes: Vec<&str> = rules.iter().map(|r| r.code()).collect();
        out.push_str(&format!("rules for this file: {}\n", codes.join(", ")));
    }
    let codes: Vec<&str> = settings.rules.iter().map(|r| r.code()).collect();
    out.push_str(&format!("rules: {}\n\n", codes.join(", ")));
    let lines: Vec<(String, String)> = settings
        .sources
        .iter()
        .map(|s| {
            // A table entry reads as its dotted key: `per-file-ignores."tests/**" = [..]`.
            let sep = if s.key.ends_with("per-file-ignores") {
                "."
            } else {
                " = "
            };
            (format!("{}{sep}{}", s.key, s.value), origin(&s.origin, cwd))
        })
        .collect();
    let width = lines
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0)
        .min(60);
    for (line, from) in lines {
        out.push_str(&format!("{line:width$}  # {from}\n"));
    }
    out
}
