//! Jupyter notebooks (`.ipynb`), linted as Python as ruff lints them: the code cells in
//! order, joined into one Python source, and a [`CellMap`] from each line of that source
//! back to its cell (the 1-based index into the notebook's `cells` array, markdown and raw
//! cells counted) and its line in the cell. Columns are those of the cell's own line.
//!
//! IPython syntax is not Python: a line magic (`%time f()`), a shell escape (`!pip install`),
//! a help line (`?obj`, `obj??`), and an assignment from one (`x = !ls`) are blanked in
//! place, so every other line keeps its number and the rest of the cell is linted. An
//! indented magic line becomes `pass` at its indentation (the block stays a block); the
//! value of an assigned one becomes `None`. A cell whose first line is a cell magic is
//! Python only for the magics that run the cell as Python (`%%time`, `%%timeit`,
//! `%%capture`, ...): for those the magic line is blanked, any other (`%%bash`,
//! `%%writefile`, `%%sql`) makes the cell skipped whole. A notebook whose kernel language is
//! not Python has no code to lint.
//!
//! Jupyter runs each cell on its own, so each is parsed on its own: a cell that does not
//! parse (the text `%load` brought in, a magic not recognised) is blanked in the joined source
//! (every character a space, so its lines and columns stay) and its syntax error kept in the
//! [`CellMap`] (OL001 at that cell); the other cells are linted.
//!
//! A notebook that is not JSON, or not nbformat 4 (no `cells` array), is undecodable: OL001
//! at the offending byte of the file, as for any other source file.

use serde_json::Value;

use super::decode::{Decoded, Undecodable};
pub use crate::knowledge::boundary::is_notebook;
use crate::model::{SyntaxError, TextRange};

/// Cell magics whose body IPython runs as Python (ruff's list): only the magic line is
/// blanked.
const PYTHON_CELL_MAGICS: &[&str] = &[
    "capture", "debug", "prun", "pypy", "python", "python3", "time", "timeit",
];

/// Where each line of a notebook's joined source comes from.
#[derive(Debug, Clone, Default)]
pub struct CellMap {
    /// (first line in the joined source, 1-based; cell number, 1-based), in source order:
    /// one entry per code cell that holds at least one line.
    starts: Vec<(usize, usize)>,
    /// The syntax error of each cell that does not parse, its range in the joined source
    /// (where that cell is blanked).
    pub errors: Vec<SyntaxError>,
}

/// A position in a notebook: its cell and the 1-based line in that cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellLine {
    pub cell: usize,
    pub line: usize,
}

impl CellMap {
    /// The cell and cell line of a 1-based line of the joined source (the source's end, past
    /// the last cell's lines, counts as the last cell's).
    pub fn locate(&self, line: usize) -> CellLine {
        let i = self.starts.partition_point(|&(first, _)| first <= line);
        match i.checked_sub(1).map(|i| self.starts[i]) {
            Some((first, cell)) => CellLine {
                cell,
                line: line - first + 1,
            },
            None => CellLine { cell: 1, line },
        }
    }

    /// The first line (in the joined source) of the cell holding `line`.
    pub fn cell_start(&self, line: usize) -> usize {
        line + 1 - self.locate(line).line
    }
}

/// A notebook's bytes as Python source: the code cells joined, magics blanked, and where
/// each line comes from.
pub fn decode(bytes: &[u8]) -> Result<(Decoded, CellMap), Undecodable> {
    let notebook: Value = serde_json::from_slice(bytes).map_err(|e| {
        let offset = offset_of(bytes, e.line(), e.column());
        malformed(bytes, offset, format!("not a valid Jupyter notebook: {e}"))
    })?;
    let Some(cells) = notebook.get("cells").and_then(Value::as_array) else {
        return Err(malformed(
            bytes,
            0,
            "not a Jupyter notebook in nbformat 4: no `cells` array".into(),
        ));
    };
    let mut text = String::new();
    let mut map = CellMap::default();
    if !is_python(&notebook) {
        return Ok((Decoded { text }, map));
    }
    let mut line = 1;
    for (i, cell) in cells.iter().enumerate() {
        if cell.get("cell_type").and_then(Value::as_str) != Some("code") {
            continue;
        }
        let Some(source) = cell_source(cell.get("source")) else {
            return Err(malformed(
                bytes,
                0,
                format!(
                    "cell {}: `source` is not a string or a list of strings",
                    i + 1
                ),
            ));
        };
        let mut code = python_of_cell(&source);
        if code.is_empty() {
            continue;
        }
        if let Some(e) = crate::frontend::python::syntax_error(&code) {
            map.errors.push(blanked_error(&e, &code, text.len()));
            code = blanked(&code);
        }
        map.starts.push((line, i + 1));
        line += code.lines().count();
        text.push_str(&code);
        if !code.ends_with('\n') {
            text.push('\n');
        }
    }
    Ok((Decoded { text }, map))
}

/// A cell's code with every character but line ends a space: its lines and columns (in
/// characters) stay, and it parses as blank lines.
fn blanked(code: &str) -> String {
    code.chars()
        .map(|c| if matches!(c, '\n' | '\r') { c } else { ' ' })
        .collect()
}

/// A cell's syntax error moved into the joined source, the cell starting at byte `start`
/// there and [`blanked`] (a byte offset in the cell becomes its count of characters).
fn blanked_error(e: &SyntaxError, code: &str, start: usize) -> SyntaxError {
    // An error at the end of the cell (an unclosed bracket) stays on its last line.
    let end = code.trim_end_matches(['\n', '\r']).len();
    let at = |offset: u32| {
        let offset = (offset as usize).min(end);
        let chars = code.char_indices().take_while(|&(i, _)| i < offset).count();
        (start + chars) as u32
    };
    SyntaxError {
        message: e.message.clone(),
        range: TextRange::new(at(e.range.start), at(e.range.end)),
    }
}

/// Whether the notebook's kernel runs Python (a notebook that does not say is taken as
/// Python, as ruff takes it).
fn is_python(notebook: &Value) -> bool {
    let metadata = notebook.get("metadata");
    let language = metadata
        .and_then(|m| m.pointer("/language_info/name"))
        .or_else(|| metadata.and_then(|m| m.pointer("/kernelspec/language")))
        .and_then(Value::as_str);
    language.is_none_or(|l| l.eq_ignore_ascii_case("python"))
}

/// A cell's `source`: one string, or a list of strings to concatenate (nbformat allows both).
fn cell_source(source: Option<&Value>) -> Option<String> {
    match source? {
        Value::String(s) => Some(s.clone()),
        Value::Array(parts) => parts.iter().map(|p| p.as_str()).collect(),
        _ => None,
    }
}

/// A cell's code with its IPython lines blanked in place (same number of lines).
fn python_of_cell(source: &str) -> String {
    let first = source.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    if let Some(magic) = first.trim_start().strip_prefix("%%") {
        let name = magic.split_whitespace().next().unwrap_or("");
        if !PYTHON_CELL_MAGICS.contains(&name) {
            // Not Python: every line blanked.
            return source.lines().map(|_| "\n").collect();
        }
    }
    let mut out = String::with_capacity(source.len());
    let mut in_string: Option<&str> = None;
    let mut continued = false;
    for line in source.split_inclusive('\n') {
        let (content, ending) = match line.strip_suffix('\n') {
            Some(c) => (c.strip_suffix('\r').unwrap_or(c), &line[c.len()..]),
            None => (line, ""),
        };
        let blanked = if continued {
            // The rest of a magic line continued with `\`: never code, never a statement.
            continued = content.ends_with('\\');
            Some(String::new())
        } else if in_string.is_none() && magic_at(content).is_some() {
            continued = content.ends_with('\\');
            let indent = &content[..content.len() - content.trim_start().len()];
            match magic_at(content) {
                // `x = !ls`: the assignment is kept, its value is not Python.
                Some(at) if at > indent.len() => Some(format!("{}None", &content[..at])),
                _ if indent.is_empty() => Some(String::new()),
                _ => Some(format!("{indent}pass")),
            }
        } else {
            None
        };
        match blanked {
            Some(b) => out.push_str(&b),
            None => {
                in_string = triple_quotes_after(content, in_string);
                out.push_str(content);
            }
        }
        out.push_str(ending);
    }
    out
}

/// Where the IPython part of a line starts: the line itself for a magic, shell escape or
/// help line; after `=` for an assignment from a magic or shell escape.
fn magic_at(line: &str) -> Option<usize> {
    let code = line.trim_start();
    let indent = line.len() - code.len();
    if code.starts_with(['%', '!', '?']) {
        return Some(indent);
    }
    // `obj?`, `obj.attr??`: a help request.
    if let Some(name) = code.trim_end().strip_suffix('?') {
        let name = name.strip_suffix('?').unwrap_or(name);
        let is_name = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '.');
        if is_name {
            return Some(indent);
        }
    }
    // `x = !ls`, `a, b = %sx cmd`.
    let (target, value) = code.split_once('=')?;
    let value_start = value.len() - value.trim_start().len();
    let is_target = !target.trim().is_empty()
        && (target.trim().chars()).all(|c| c.is_alphanumeric() || "_., ".contains(c));
    (is_target && value.trim_start().starts_with(['%', '!']))
        .then(|| indent + target.len() + 1 + value_start)
}

/// Whether the line ends inside a triple-quoted string, given the one it starts in (magics
/// are not looked for inside strings). Comments and one-line strings holding triple quotes
/// are not told apart: a rare miss only keeps a magic line, which Python then rejects.
fn triple_quotes_after<'q>(line: &str, mut open: Option<&'q str>) -> Option<&'q str> {
    let mut rest = line;
    loop {
        let next = ["\"\"\"", "'''"]
            .into_iter()
            .filter(|q| open.is_none_or(|o| o == *q))
            .filter_map(|q| rest.find(q).map(|at| (at, q)))
            .min();
        let Some((at, quote)) = next else {
            return open;
        };
        if open.is_none() && rest[..at].contains('#') {
            return open;
        }
        open = match open {
            Some(_) => None,
            None => Some(quote),
        };
        rest = &rest[at + 3..];
    }
}

/// The byte offset of serde_json's 1-based line and column (a column of 0: the line's end).
fn offset_of(bytes: &[u8], line: usize, column: usize) -> usize {
    let start: usize = bytes
        .split_inclusive(|&b| b == b'\n')
        .take(line.saturating_sub(1))
        .map(<[u8]>::len)
        .sum();
    (start + column.saturating_sub(1)).min(bytes.len())
}

fn malformed(bytes: &[u8], offset: usize, message: String) -> Undecodable {
    let text = String::from_utf8_lossy(bytes).into_owned();
    let text_offset = if bytes.is_ascii() || std::str::from_utf8(bytes).is_ok() {
        offset
    } else {
        String::from_utf8_lossy(&bytes[..offset]).len()
    };
    Undecodable {
        byte_offset: offset,
        message,
        help: "a notebook is linted as the JSON Jupyter writes (nbformat 4); open and save it \
               in Jupyter, or exclude it with `exclude` in the configuration"
            .into(),
        text,
        text_offset,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notebook(cells: &[(&str, &str)]) -> Vec<u8> {
        let cells: Vec<Value> = cells
            .iter()
            .map(
                |(kind, src)| serde_json::json!({"cell_type": kind, "source": src, "metadata": {}}),
            )
            .collect();
        serde_json::to_vec(&serde_json::json!({"cells": cells, "metadata": {}, "nbformat": 4}))
            .unwrap()
    }

    #[test]
    fn code_cells_joined_with_their_cells_and_lines() {
        let bytes = notebook(&[
            ("markdown", "# Title\n"),
            ("code", "import a\nx = 1"),
            ("code", ""),
            ("raw", "raw"),
            ("code", "y = 2\nz = 3\n"),
        ]);
        let (d, map) = decode(&bytes).unwrap();
        assert_eq!(d.text, "import a\nx = 1\ny = 2\nz = 3\n");
        let at = |line| {
            let c = map.locate(line);
            (c.cell, c.line)
        };
        assert_eq!(
            [at(1), at(2), at(3), at(4)],
            [(2, 1), (2, 2), (5, 1), (5, 2)]
        );
        assert_eq!(map.cell_start(4), 3);
    }

    #[test]
    fn magics_blanked_in_place() {
        let cell = "%matplotlib inline\n!pip install x \\\n  y\nfor a in b:\n    !echo\nfiles = !ls\nlen?\n?len\ns = \"\"\"\n%d items\n\"\"\"\nx = 1 % 2\n";
        assert_eq!(
            python_of_cell(cell),
            "\n\n\nfor a in b:\n    pass\nfiles = None\n\n\ns = \"\"\"\n%d items\n\"\"\"\nx = 1 % 2\n"
        );
        // A cell magic that runs Python keeps the body; any other skips the cell.
        assert_eq!(python_of_cell("%%time\nf()\n"), "\nf()\n");
        assert_eq!(python_of_cell("%%bash\necho hi\n"), "\n\n");
    }

    /// A cell that does not parse is blanked in place, its error kept at its line and
    /// column; the cells around it are kept.
    #[test]
    fn a_cell_that_does_not_parse_is_blanked_alone() {
        let bytes = notebook(&[
            ("code", "%load ingest.py\n<html>\n"),
            ("code", "x = 1\n"),
            ("code", "%%sql\nSELECT 1\n"),
            ("code", "é = (\n"),
            ("code", "y = 2\n"),
        ]);
        let (d, map) = decode(&bytes).unwrap();
        assert_eq!(d.text, "\n      \nx = 1\n\n\n     \ny = 2\n");
        // (cell, line in the cell, column in characters) of each error.
        let at: Vec<_> = (map.errors.iter())
            .map(|e| {
                let before = &d.text[..e.range.start as usize];
                let line = before.matches('\n').count() + 1;
                let column = before.rsplit('\n').next().unwrap().chars().count() + 1;
                let c = map.locate(line);
                (c.cell, c.line, column)
            })
            .collect();
        // `<` at line 2 of cell 1; the end of `é = (` in cell 4.
        assert_eq!(at, [(1, 2, 1), (4, 1, 6)]);
    }

    #[test]
    fn list_sources_and_kernels() {
        let bytes = br#"{"cells": [{"cell_type": "code", "source": ["a = 1\n", "b = 2"]}],
            "metadata": {"language_info": {"name": "python"}}}"#;
        assert_eq!(decode(bytes).unwrap().0.text, "a = 1\nb = 2\n");
        let r = br#"{"cells": [{"cell_type": "code", "source": "x <- 1"}],
            "metadata": {"kernelspec": {"language": "R"}}}"#;
        assert_eq!(decode(r).unwrap().0.text, "");
    }

    #[test]
    fn malformed_notebooks_are_undecodable() {
        let e = decode(b"{\"cells\": [\n  {oops}]}").unwrap_err();
        assert!(
            e.message.contains("not a valid Jupyter notebook"),
            "{}",
            e.message
        );
        assert_eq!(e.byte_offset, 15);
        let e = decode(b"{\"worksheets\": []}").unwrap_err();
        assert!(e.message.contains("no `cells` array"), "{}", e.message);
        let e = decode(br#"{"cells": [{"cell_type": "code", "source": 3}]}"#).unwrap_err();
        assert!(e.message.contains("cell 1"), "{}", e.message);
        assert!(decode(b"\xff\xfe").is_err());
    }
}
