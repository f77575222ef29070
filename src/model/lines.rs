//! A line index over a file's text: byte offsets to 1-based lines and columns.
//!
//! Lines end as Python's tokenizer ends them: `\n`, `\r\n` or a lone `\r`. Columns are
//! counted in characters (a tab or a wide character is one column), as ruff counts them.

use super::TextRange;

#[derive(Debug)]
pub struct LineIndex {
    starts: Vec<u32>,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut starts = vec![0];
        let bytes = text.as_bytes();
        // Only the line ends are visited (memchr finds them): every parsed file is indexed.
        for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
            let ends_line = bytes[i] == b'\n' || bytes.get(i + 1) != Some(&b'\n');
            if ends_line {
                starts.push(i as u32 + 1);
            }
        }
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
        let end = (offset as usize).min(text.len()).max(start);
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

    /// The byte range of a 1-based line, without its line ending.
    pub fn line_range(&self, text: &str, line: usize) -> TextRange {
        let len = text.len() as u32;
        let start = line
            .checked_sub(1)
            .and_then(|i| self.starts.get(i))
            .copied()
            .unwrap_or(len)
            .min(len);
        let mut end = self.starts.get(line).copied().unwrap_or(len).min(len);
        let bytes = text.as_bytes();
        if end > start && bytes.get(end as usize - 1) == Some(&b'\n') {
            end -= 1;
        }
        if end > start && bytes.get(end as usize - 1) == Some(&b'\r') {
            end -= 1;
        }
        TextRange::new(start, end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every text of up to seven characters from `a`, `\n` and `\r`: the line starts are
    /// those a byte-by-byte scan finds.
    #[test]
    fn line_starts_agree_with_a_byte_scan() {
        let by_bytes = |text: &str| {
            let bytes = text.as_bytes();
            let mut starts = vec![0];
            for (i, &b) in bytes.iter().enumerate() {
                if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
                    starts.push(i as u32 + 1);
                }
            }
            starts
        };
        for t in &crate::model::every_string(&["a", "\n", "\r"], 7) {
            assert_eq!(LineIndex::new(t).starts, by_bytes(t), "{t:?}");
        }
    }

    #[test]
    fn line_endings_as_python() {
        let text = "a\nbb\r\nccc\rd\u{e9}\te";
        let idx = LineIndex::new(text);
        assert_eq!(idx.line_col(text, 0), (1, 1));
        assert_eq!(idx.line_col(text, 2), (2, 1));
        assert_eq!(idx.line_col(text, 6), (3, 1));
        // After a lone CR: line 4, and `é` and the tab are one column each.
        assert_eq!(idx.line_col(text, 10), (4, 1));
        assert_eq!(idx.line_col(text, 13), (4, 3));
        assert_eq!(idx.line_col(text, 14), (4, 4));
        let r = |l| {
            let r = idx.line_range(text, l);
            &text[r.start as usize..r.end as usize]
        };
        assert_eq!([r(1), r(2), r(3), r(4)], ["a", "bb", "ccc", "d\u{e9}\te"]);
        assert_eq!(r(5), "");
        // An offset inside a multi-byte character does not panic.
        assert_eq!(idx.line_col(text, 12).0, 4);
    }
}
