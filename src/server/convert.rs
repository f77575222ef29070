//! Between the editor's coordinates and the engine's: `file://` URIs and paths, LSP positions
//! (0-based lines, UTF-16 code units) and byte offsets into the linted text.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use lsp_types::{Position, Range, Uri};

use crate::engine::FileReport;
use crate::model::TextRange;

/// The local path of a `file://` URI (`None` for another scheme or a remote host).
pub fn uri_path(uri: &Uri) -> Option<PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    // `file:///p` and `file://localhost/p` name a local file; any other host does not.
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    if !rest.starts_with('/') {
        return None;
    }
    let path = rest.split(['?', '#']).next().unwrap_or(rest);
    let bytes: Vec<u8> = percent_encoding::percent_decode_str(path).collect();
    Some(bytes_path(bytes))
}

#[cfg(unix)]
fn bytes_path(bytes: Vec<u8>) -> PathBuf {
    use std::os::unix::ffi::OsStringExt;
    PathBuf::from(std::ffi::OsString::from_vec(bytes))
}

#[cfg(not(unix))]
fn bytes_path(bytes: Vec<u8>) -> PathBuf {
    PathBuf::from(String::from_utf8_lossy(&bytes).into_owned())
}

/// The `file://` URI of a path (made absolute), encoded as SARIF encodes it.
pub fn path_uri(path: &Path) -> Option<Uri> {
    let absolute = crate::config::absolute(path);
    Uri::from_str(&crate::render::sarif::file_uri(&absolute)).ok()
}

/// The LSP position of a byte offset into `text`.
pub fn position(file: &FileReport, offset: u32) -> Position {
    let text = &file.source;
    let offset = offset.min(text.len() as u32);
    let line = file.lines.line(offset);
    let start = file.lines.line_range(text, line).start as usize;
    let end = (offset as usize).max(start);
    let character = text
        .get(start..end)
        .map_or(end - start, |s| s.encode_utf16().count());
    Position::new((line - 1) as u32, character as u32)
}

pub fn range(file: &FileReport, r: TextRange) -> Range {
    Range::new(position(file, r.start), position(file, r.end))
}

/// The byte offset of an LSP position into the text (clamped to its line and to the text).
pub fn offset(file: &FileReport, at: Position) -> u32 {
    let text = &file.source;
    let line = file.lines.line_range(text, at.line as usize + 1);
    let body = &text[line.start as usize..line.end as usize];
    let mut units = 0;
    for (i, c) in body.char_indices() {
        if units >= at.character as usize {
            return line.start + i as u32;
        }
        units += c.len_utf16();
    }
    line.end
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Lang, LineIndex};

    fn file(text: &str) -> FileReport {
        FileReport {
            path: PathBuf::from("a.py"),
            lang: Lang::Python,
            source: text.to_string(),
            lines: LineIndex::new(text),
            findings: Vec::new(),
            suppressed: Vec::new(),
            cells: None,
        }
    }

    /// Columns are UTF-16 code units: an astral character counts two, `é` one (two bytes):
    /// `é😀 = ` is 6 units (10 bytes).
    #[test]
    fn positions_count_utf16_units() {
        let f = file("x = 1\né😀 = c.commit()\n");
        let at = "x = 1\né😀 = ".len() as u32;
        assert_eq!(position(&f, at), Position::new(1, 6));
        assert_eq!(offset(&f, Position::new(1, 6)), at);
        assert_eq!(
            offset(&f, Position::new(1, 99)),
            "x = 1\né😀 = c.commit()".len() as u32
        );
        assert_eq!(position(&f, 0), Position::new(0, 0));
    }

    #[test]
    fn file_uris_round_trip() {
        let uri = path_uri(Path::new("/w x/é#.py")).unwrap();
        assert_eq!(uri.as_str(), "file:///w%20x/%C3%A9%23.py");
        assert_eq!(uri_path(&uri).unwrap(), PathBuf::from("/w x/é#.py"));
        let other = Uri::from_str("untitled:Untitled-1").unwrap();
        assert_eq!(uri_path(&other), None);
    }
}
