//! `--format json-lines`: one JSON object per finding and line, with the fields of the JSON
//! format (docs/output-formats.md, "JSON output"); nothing at all for a clean run.

use crate::engine::Report;

pub fn json_lines(report: &Report) -> String {
    super::json::items(report)
        .iter()
        .filter_map(|item| serde_json::to_string(item).ok())
        .map(|line| line + "\n")
        .collect()
}
