//! A notebook opened as its `.ipynb` file: what Neovim, Helix and any editor that opens the
//! file as text send (`textDocument/didOpen` of the JSON). The engine lints the code cells
//! joined (`engine::notebook`); a finding's position there is its cell and cell line, and
//! this finds that place in the JSON text the editor shows: inside the string literal(s) of
//! the cell's `source`, escapes counted as they are written.

use lsp_types::Position;

/// A character of a string literal and where it is written (`\"` is two bytes).
type Written = (char, usize, usize);

/// Where each code point of each cell's `source` is written in the notebook's JSON text.
pub struct JsonCells {
    /// Per cell (index into `cells`, 0-based): each decoded character and the byte range it
    /// is written in.
    cells: Vec<Vec<Written>>,
    /// Byte offset of each line start of the JSON text.
    line_starts: Vec<usize>,
}

impl JsonCells {
    /// The cells of a notebook's JSON text; `None` when it is not an object with a `cells`
    /// array (the engine reports that as OL001 at a byte of the file already).
    pub fn of(json: &str) -> Option<JsonCells> {
        let mut s = Scanner {
            s: json,
            b: json.as_bytes(),
            i: 0,
        };
        let cells = s.top_cells()?;
        let line_starts = std::iter::once(0)
            .chain(memchr::memchr_iter(b'\n', json.as_bytes()).map(|i| i + 1))
            .collect();
        Some(JsonCells { cells, line_starts })
    }

    /// The position in the JSON text of a cell's (1-based) line and UTF-16 column; clamped to
    /// the end of that line of the cell, and to the cell's end.
    pub fn position(&self, json: &str, cell: usize, line: usize, column: u32) -> Option<Position> {
        let chars = self.cells.get(cell.checked_sub(1)?)?;
        let mut at_line = 1;
        let mut units = 0;
        let mut offset = None;
        for &(c, start, end) in chars {
            if at_line == line && (units >= column || c == '\n') {
                offset = Some(start);
                break;
            }
            if c == '\n' {
                at_line += 1;
            } else if at_line == line {
                units += c.len_utf16() as u32;
            }
            offset = Some(end);
        }
        let offset = offset?;
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts[line];
        let character = json.get(start..offset)?.encode_utf16().count();
        Some(Position::new(line as u32, character as u32))
    }
}

/// Just enough of a JSON reader to find `cells[*].source` with byte offsets.
struct Scanner<'a> {
    s: &'a str,
    b: &'a [u8],
    i: usize,
}

impl Scanner<'_> {
    fn ws(&mut self) {
        while self.b.get(self.i).is_some_and(u8::is_ascii_whitespace) {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> Option<()> {
        self.ws();
        (self.b.get(self.i) == Some(&c)).then(|| self.i += 1)
    }

    fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.b.get(self.i).copied()
    }

    /// The top-level object's `cells`: each cell's `source` characters.
    fn top_cells(&mut self) -> Option<Vec<Vec<Written>>> {
        let mut cells = None;
        self.object(|s, key| {
            if key == "cells" {
                cells = Some(s.cells()?);
                Some(())
            } else {
                s.skip()
            }
        })?;
        cells
    }

    fn cells(&mut self) -> Option<Vec<Vec<Written>>> {
        let mut out = Vec::new();
        self.array(|s| {
            let mut source = Vec::new();
            if s.peek() == Some(b'{') {
                s.object(|s, key| {
                    if key != "source" {
                        return s.skip();
                    }
                    if s.peek() == Some(b'[') {
                        s.array(|s| s.string(Some(&mut source)))
                    } else {
                        s.string(Some(&mut source))
                    }
                })?;
            } else {
                s.skip()?;
            }
            out.push(source);
            Some(())
        })?;
        Some(out)
    }

    fn object(&mut self, mut member: impl FnMut(&mut Self, String) -> Option<()>) -> Option<()> {
        self.eat(b'{')?;
        if self.eat(b'}').is_some() {
            return Some(());
        }
        loop {
            let mut key = Vec::new();
            self.string(Some(&mut key))?;
            self.eat(b':')?;
            member(self, key.into_iter().map(|(c, _, _)| c).collect())?;
            if self.eat(b',').is_none() {
                return self.eat(b'}');
            }
        }
    }

    fn array(&mut self, mut item: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        self.eat(b'[')?;
        if self.eat(b']').is_some() {
            return Some(());
        }
        loop {
            item(self)?;
            if self.eat(b',').is_none() {
                return self.eat(b']');
            }
        }
    }

    /// A value of any kind, skipped.
    fn skip(&mut self) -> Option<()> {
        match self.peek()? {
            b'{' => self.object(|s, _| s.skip()),
            b'[' => self.array(Self::skip),
            b'"' => self.string(None),
            _ => {
                let start = self.i;
                while (self.b.get(self.i)).is_some_and(|c| !b",]} \t\r\n".contains(c)) {
                    self.i += 1;
                }
                (self.i > start).then_some(())
            }
        }
    }

    /// A string literal; its characters, each with the offset it is written at, pushed to
    /// `out`.
    fn string(&mut self, mut out: Option<&mut Vec<Written>>) -> Option<()> {
        self.eat(b'"')?;
        loop {
            let at = self.i;
            let c = match *self.b.get(self.i)? {
                b'"' => {
                    self.i += 1;
                    return Some(());
                }
                b'\\' => {
                    self.i += 2;
                    match *self.b.get(at + 1)? {
                        b'n' => '\n',
                        b't' => '\t',
                        b'r' => '\r',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'u' => self.unicode()?,
                        other => other as char,
                    }
                }
                _ => {
                    // The text is a `str` and every step ends on a character boundary.
                    let c = self.s.get(self.i..)?.chars().next()?;
                    self.i += c.len_utf8();
                    c
                }
            };
            if let Some(out) = out.as_deref_mut() {
                out.push((c, at, self.i));
            }
        }
    }

    /// The character of a `\uXXXX` escape (the `\u` read), a surrogate pair as one.
    fn unicode(&mut self) -> Option<char> {
        let hex = |s: &mut Self| {
            let h = std::str::from_utf8(s.b.get(s.i..s.i + 4)?).ok()?;
            s.i += 4;
            u32::from_str_radix(h, 16).ok()
        };
        let high = hex(self)?;
        if (0xD800..0xDC00).contains(&high) && self.b.get(self.i..self.i + 2) == Some(b"\\u") {
            self.i += 2;
            let low = hex(self)?;
            let c = 0x10000 + ((high - 0xD800) << 10) + (low.wrapping_sub(0xDC00) & 0x3FF);
            return char::from_u32(c);
        }
        Some(char::from_u32(high).unwrap_or('\u{fffd}'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines and columns of cell text land inside the right string literal, escapes counted
    /// as written: a cell as a list of lines, one as one string, and a markdown cell between.
    #[test]
    fn cell_positions_in_the_json_text() {
        let json = r##"{"metadata": {"a": [1, 2.5, null]},
 "cells": [
  {"cell_type": "code", "source": ["x = \"é\"\n", "c.commit()\n"]},
  {"cell_type": "markdown", "source": "# t"},
  {"cell_type": "code", "source": "\ty = 1\n\ud83d\ude00; z()"}
 ]}"##;
        let cells = JsonCells::of(json).unwrap();
        // Cell 1, line 2, column 0: the `c` after `", "`.
        let p = cells.position(json, 1, 2, 0).unwrap();
        assert_eq!(p.line, 2);
        assert!(after(json, p).starts_with("c.commit()"), "{p:?}");
        // Cell 1, line 1, column 6: past `x = "é`, written `x = \"é`, the closing `\"`.
        let p = cells.position(json, 1, 1, 6).unwrap();
        assert!(after(json, p).starts_with(r#"\"\n", "c.commit"#), "{p:?}");
        // Cell 3, line 2, column 4 (past the emoji, two UTF-16 units, and `; `): `z`.
        let p = cells.position(json, 3, 2, 4).unwrap();
        assert!(after(json, p).starts_with("z()"), "{p:?}");
        // Its line's end, past the last character of the cell.
        let p = cells.position(json, 3, 2, 7).unwrap();
        assert!(after(json, p).starts_with('"'), "{p:?}");
        // Past the end of a line: the line's end (its `\n` escape).
        let p = cells.position(json, 1, 2, 99).unwrap();
        assert!(after(json, p).starts_with(r"\n"), "{p:?}");
        assert_eq!(cells.position(json, 9, 1, 0), None);
        assert!(JsonCells::of("[1]").is_none());
    }

    /// The text of the JSON line from a position on.
    fn after(json: &str, p: Position) -> String {
        let units: Vec<u16> = line_of(json, p.line).encode_utf16().collect();
        String::from_utf16(&units[p.character as usize..]).unwrap()
    }

    fn line_of(json: &str, line: u32) -> &str {
        json.lines().nth(line as usize).unwrap()
    }
}
