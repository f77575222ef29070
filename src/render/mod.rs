//! Output formats. Every format reports the same findings at the same positions.

pub mod baseline;
pub mod fix;
mod github;
mod gitlab;
mod human;
pub mod inventory;
mod json;
mod jsonl;
mod junit;
mod normalise;
pub mod sarif;
pub mod statistics;

pub use github::github;
pub use gitlab::gitlab;
pub use human::human;
pub use json::json;
pub use jsonl::json_lines;
pub use junit::junit;

use std::path::{Path, PathBuf};

use crate::engine::{FileReport, Report};
pub use crate::error::escape_text;
use crate::model::TextRange;
use crate::registry::Severity;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Source snippets with labels and help (miette).
    Human,
    /// `path:line:col: CODE [name] message`, one per line.
    Concise,
    /// One JSON array; the schema is documented in docs/output-formats.md and stable.
    Json,
    /// One JSON object per line, with the fields of `json`.
    JsonLines,
    /// SARIF 2.1.0 (GitHub code scanning and other SARIF consumers).
    Sarif,
    /// GitHub Actions workflow commands: annotations on the pull request.
    Github,
    /// GitLab code quality report (JSON).
    Gitlab,
    /// JUnit XML: one test suite per file, one failed test case per finding.
    Junit,
}

impl Format {
    /// Formats read by programs: no summary line, progress or colour.
    pub fn is_machine(self) -> bool {
        !matches!(self, Format::Human | Format::Concise)
    }
}

/// 1-based (line, column, end line, end column) of a range, columns in characters; in a
/// notebook, lines of the cell (see [`cell`]).
pub(crate) fn position(file: &FileReport, r: TextRange) -> (usize, usize, usize, usize) {
    let (line, column) = line_col(file, r.start);
    let (end_line, end_column) = line_col(file, r.end);
    (line, column, end_line, end_column)
}

/// 1-based line and column of an offset; in a notebook, the line in its cell.
pub(crate) fn line_col(file: &FileReport, offset: u32) -> (usize, usize) {
    let (line, column) = file.lines.line_col(&file.source, offset);
    match &file.cells {
        Some(cells) => (cells.locate(line).line, column),
        None => (line, column),
    }
}

/// The notebook cell of an offset (1-based, into the notebook's `cells` array); `None` for
/// other files.
pub(crate) fn cell(file: &FileReport, offset: u32) -> Option<usize> {
    let cells = file.cells.as_ref()?;
    Some(cells.locate(file.lines.line(offset)).cell)
}

/// `line:col`: what follows the path in human, concise and JUnit output. In a notebook the
/// line is the cell's and [`cell_note`] names the cell after the message, so that
/// `path:line:col: message` stays what compilers print and editors' error formats (Vim's
/// `errorformat`, VS Code's problem matchers) parse; ruff's `cell N:line:col` is not.
pub(crate) fn shown_position(file: &FileReport, offset: u32) -> String {
    let (line, col) = line_col(file, offset);
    format!("{line}:{col}")
}

/// ` (cell N)` in a notebook, nothing elsewhere: written after a message or title in every
/// text format.
pub(crate) fn cell_note(file: &FileReport, offset: u32) -> String {
    cell(file, offset).map_or_else(String::new, |cell| format!(" (cell {cell})"))
}

/// A path as shown in machine formats: `/` separators, no leading `./`.
pub(crate) fn slash_path(path: &Path) -> String {
    let s = path.to_string_lossy().replace('\\', "/");
    let mut rest = s.as_str();
    while let Some(r) = rest.strip_prefix("./") {
        rest = r;
    }
    rest.to_string()
}

/// The directory CI formats resolve paths against: the repository's top level (the nearest
/// directory at or above `cwd` holding `.git`), else `cwd` itself; canonical.
pub fn repository_root(cwd: &Path) -> PathBuf {
    let cwd = std::fs::canonicalize(cwd).unwrap_or_else(|_| cwd.to_path_buf());
    cwd.ancestors()
        .find(|d| d.join(".git").exists())
        .unwrap_or(&cwd)
        .to_path_buf()
}

/// GitLab's project directory: `CI_PROJECT_DIR` when set (as GitLab runners set it), else the
/// repository root.
pub fn gitlab_root(cwd: &Path) -> PathBuf {
    match std::env::var_os("CI_PROJECT_DIR").filter(|v| !v.is_empty()) {
        Some(dir) => std::fs::canonicalize(&dir).unwrap_or_else(|_| PathBuf::from(dir)),
        None => repository_root(cwd),
    }
}

/// A file's path relative to `root` (the repository root of the CI formats) when it is under
/// it; else as reported.
pub(crate) fn root_relative(path: &Path, root: &Path) -> String {
    match baseline::absolute(path).strip_prefix(root) {
        Ok(rel) => slash_path(rel),
        Err(_) => slash_path(path),
    }
}

/// `path:line:col: CODE [name] message` lines; a warning's message starts with `warning: `;
/// in a notebook the line is the cell's and ` (cell N)` ends the line.
pub fn concise(report: &Report) -> String {
    let mut out = String::new();
    for file in &report.files {
        for f in &file.findings {
            out.push_str(&format!(
                "{}:{}: {} [{}] {}{}{}\n",
                crate::error::shown(&file.path),
                shown_position(file, f.range.start),
                f.rule.code(),
                f.rule.name(),
                level_mark(f.severity),
                escape_text(&f.message),
                cell_note(file, f.range.start)
            ));
        }
    }
    out
}

/// What precedes a finding's message in the one-line formats (concise, JUnit): nothing for
/// an error (as before levels existed, so existing line parsers keep working), `warning: `
/// for a warning.
pub(crate) fn level_mark(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "",
        Severity::Warning => "warning: ",
    }
}

/// What the summary line reports besides the report itself.
#[derive(Debug, Clone, Copy, Default)]
pub struct SummaryExtras {
    /// Findings `--fix` would fix as the options stand.
    pub fixable: usize,
    /// Findings whose fix needs `--unsafe-fixes` as well.
    pub unsafe_fixable: usize,
    /// Findings the baseline hid.
    pub baselined: usize,
    /// Findings `--fix` fixed in this run.
    pub fixed: usize,
    /// Wall time of the whole run, rendering included.
    pub elapsed: std::time::Duration,
}

/// The summary written to stderr in human and concise modes: the summary line, then a line
/// on fixes when any finding has one.
pub fn summary(report: &Report, extras: &SummaryExtras) -> String {
    let n = report.finding_count();
    let secs = extras.elapsed.as_secs_f64();
    let mut checked = format!(
        "{} file{} checked in {secs:.2}s",
        report.files_checked,
        plural(report.files_checked)
    );
    if extras.fixable > 0 {
        checked.push_str(&format!(", {} fixable", extras.fixable));
    }
    if extras.baselined > 0 {
        checked.push_str(&format!(", {} hidden by the baseline", extras.baselined));
    }
    let files = report
        .files
        .iter()
        .filter(|f| !f.findings.is_empty())
        .count();
    let mut out = match n {
        // A tool error stopped part of the run: not "no findings" when nothing was checked.
        0 if report.files_checked == 0 && !report.errors.is_empty() => {
            format!("nothing checked ({checked})")
        }
        0 => format!("no findings ({checked})"),
        _ => {
            // How many of them are warnings, which `--fail-on error` lets pass.
            let warnings = (report.files.iter().flat_map(|f| &f.findings))
                .filter(|f| f.severity == Severity::Warning)
                .count();
            let levels = match warnings {
                0 => String::new(),
                w => format!(" ({w} warning{})", plural(w)),
            };
            format!(
                "found {n} finding{}{levels} in {files} file{} ({checked})",
                plural(n),
                plural(files)
            )
        }
    };
    if !report.errors.is_empty() {
        let k = report.errors.len();
        out = format!("{k} error{} (above); {out}", plural(k));
    }
    if extras.fixed > 0 {
        out = format!(
            "fixed {} finding{}; {out}",
            extras.fixed,
            plural(extras.fixed)
        );
    }
    match (extras.fixable, extras.unsafe_fixable) {
        (0, 0) => {}
        (0, u) => out.push_str(&format!(
            "\nno fixes available with `--fix` ({u} with `--fix --unsafe-fixes`; `--diff --unsafe-fixes` shows them)"
        )),
        (f, 0) => out.push_str(&format!("\n[*] {f} fixable with `--fix`")),
        (f, u) => out.push_str(&format!(
            "\n[*] {f} fixable with `--fix` ({u} more with `--fix --unsafe-fixes`)"
        )),
    }
    out
}

pub(crate) fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
