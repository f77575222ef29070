//! A line index over a file's text: byte offsets to 1-based lines and columns.

use super::TextRange;

#[derive(Debug)]
pub struct LineIndex {
    starts: Vec<u32>,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i as u32 + 1));
        LineIndex { starts }
    }

    /// 1-based line of a byte offset.
    pub fn line(&self, offset: u32) -> usize {
        match self.starts.binary_search(&offset) {
            Ok(i) => i + 1,
            Err(i) => i,
        }
    }

    /// 1-based (line, column), the column counted in characters.
    pub fn line_col(&self, text: &str, offset: u32) -> (usize, usize) {
        let line = self.line(offset);
        let start = self.starts[line - 1] as usize;
        let end = (offset as usize).min(text.len());
        let col = text
            .get(start..end)
            .map_or(end - start, |s| s.chars().count());
        (line, col + 1)
    }

    /// 1-based column of a byte offset, counted in bytes (for locations in files whose text
    /// is not at hand).
    pub fn byte_column(&self, offset: u32) -> usize {
        let line = self.line(offset);
        (offset - self.starts[line - 1]) as usize + 1
    }

    /// The byte range of a 1-based line, without its newline.
    pub fn line_range(&self, text: &str, line: usize) -> TextRange {
        let start = self
            .starts
            .get(line - 1)
            .copied()
            .unwrap_or(text.len() as u32);
        let end = self
            .starts
            .get(line)
            .map_or(text.len() as u32, |e| e.saturating_sub(1));
        TextRange::new(start, end)
    }
}
