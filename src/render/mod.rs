//! Output formats. Every format reports the same findings at the same positions.

pub mod fix;
mod human;
mod json;

pub use human::human;
pub use json::json;

use crate::engine::Report;
pub use crate::error::escape_text;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Source snippets with labels and help (miette).
    Human,
    /// `path:line:col: CODE [name] message`, one per line.
    Concise,
    /// One JSON array; the schema is documented in README.md and stable.
    Json,
}

/// `path:line:col: CODE [name] message` lines.
pub fn concise(report: &Report) -> String {
    let mut out = String::new();
    for file in &report.files {
        for f in &file.findings {
            let (line, col) = file.lines.line_col(&file.source, f.range.start);
            out.push_str(&format!(
                "{}:{line}:{col}: {} [{}] {}\n",
                crate::error::shown(&file.path),
                f.rule.code(),
                f.rule.name(),
                escape_text(&f.message)
            ));
        }
    }
    out
}

/// The summary line written to stderr in human and concise modes.
pub fn summary(report: &Report) -> String {
    let n = report.finding_count();
    let secs = report.elapsed.as_secs_f64();
    let checked = format!(
        "{} file{} checked in {secs:.2}s",
        report.files_checked,
        plural(report.files_checked)
    );
    match n {
        0 => format!("no findings ({checked})"),
        _ => format!(
            "found {n} finding{} in {} file{} ({checked})",
            plural(n),
            report.files.len(),
            plural(report.files.len())
        ),
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
