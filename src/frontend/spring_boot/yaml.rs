//! `application*.yml`: each document's scalar keys, their mappings' keys joined with `.`, read
//! from the events of `yaml-rust2` (a YAML 1.2 parser) with their positions.

use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::Marker;

use super::{Entry, Read};
use crate::model::{LineIndex, SyntaxError, TextRange};

pub(super) fn read(source: &str) -> Read {
    let mut r = Receiver {
        source,
        lines: LineIndex::new(source),
        documents: Vec::new(),
        frames: Vec::new(),
        path: Vec::new(),
    };
    let mut parser = Parser::new_from_str(source);
    let error = parser.load(&mut r, true).err().map(|e| {
        let at = r.offset(e.marker());
        SyntaxError {
            message: format!("YAML: {}", e.info()),
            range: TextRange::new(at, at),
        }
    });
    Read {
        documents: r.documents,
        comments: comments(source),
        error,
    }
}

/// An open mapping (with the key read and waiting for its value, and where it is) or
/// sequence, and whether it pushed a key onto the path.
enum Frame {
    Map {
        key: Option<(String, TextRange)>,
        pushed: bool,
    },
    Seq {
        pushed: bool,
    },
}

struct Receiver<'s> {
    source: &'s str,
    lines: LineIndex,
    documents: Vec<Vec<Entry>>,
    frames: Vec<Frame>,
    path: Vec<String>,
}

impl Receiver<'_> {
    /// A marker's byte offset, from its line and column (counted in characters).
    fn offset(&self, mark: &Marker) -> u32 {
        let line = mark.line().max(1);
        let start = self.lines.line_range(self.source, line).start as usize;
        let rest = self.source.get(start..).unwrap_or("");
        let col = rest
            .char_indices()
            .nth(mark.col())
            .map_or(rest.len(), |(i, _)| i);
        (start + col) as u32
    }

    /// From a key's start to the end of its line, trailing space and comment aside.
    fn key_range(&self, start: u32) -> TextRange {
        let rest = self.source.get(start as usize..).unwrap_or("");
        let line = rest.split('\n').next().unwrap_or("");
        let line = line.split(" #").next().unwrap_or(line).trim_end();
        TextRange::new(start, start + line.len() as u32)
    }

    /// The key waiting in the innermost mapping, taken for a value that is not a scalar:
    /// pushed onto the path when that value is a mapping.
    fn open(&mut self, is_map: bool) {
        let key = match self.frames.last_mut() {
            Some(Frame::Map { key, .. }) => key.take(),
            _ => None,
        };
        let pushed = match key {
            Some((k, range)) => {
                if !is_map {
                    // A list is a value the rules do not read.
                    self.entry(k.clone(), range, None);
                }
                self.path.push(k);
                true
            }
            None => false,
        };
        self.frames.push(if is_map {
            Frame::Map { key: None, pushed }
        } else {
            Frame::Seq { pushed }
        });
    }

    fn close(&mut self) {
        let pushed = match self.frames.pop() {
            Some(Frame::Map { pushed, .. } | Frame::Seq { pushed }) => pushed,
            None => false,
        };
        if pushed {
            self.path.pop();
        }
    }

    fn entry(&mut self, key: String, range: TextRange, value: Option<(String, TextRange)>) {
        let mut full = self.path.join(".");
        if !full.is_empty() {
            full.push('.');
        }
        full.push_str(&key);
        if self.documents.is_empty() {
            self.documents.push(Vec::new());
        }
        if let Some(doc) = self.documents.last_mut() {
            doc.push(Entry {
                key: full,
                range,
                value,
            });
        }
    }

    /// A scalar (or an alias, `value: None`): a mapping's key, or its key's value.
    fn scalar(&mut self, value: Option<String>, mark: &Marker) {
        let at = self.offset(mark);
        let in_map = matches!(self.frames.last(), Some(Frame::Map { .. }));
        if !in_map {
            return;
        }
        let waiting = match self.frames.last_mut() {
            Some(Frame::Map { key, .. }) => key.take(),
            _ => None,
        };
        match waiting {
            None => {
                let key = value.unwrap_or_default();
                let range = self.key_range(at);
                if let Some(Frame::Map { key: slot, .. }) = self.frames.last_mut() {
                    *slot = Some((key, range));
                }
            }
            Some((key, range)) => {
                let end = self.key_range(at).end.max(at);
                self.entry(key, range, value.map(|v| (v, TextRange::new(at, end))));
            }
        }
    }
}

impl MarkedEventReceiver for Receiver<'_> {
    fn on_event(&mut self, ev: Event, mark: Marker) {
        match ev {
            Event::DocumentStart => {
                self.documents.push(Vec::new());
                self.frames.clear();
                self.path.clear();
            }
            Event::MappingStart(..) => self.open(true),
            Event::SequenceStart(..) => self.open(false),
            Event::MappingEnd | Event::SequenceEnd => self.close(),
            Event::Scalar(v, ..) => self.scalar(Some(v), &mark),
            Event::Alias(_) => self.scalar(None, &mark),
            _ => {}
        }
    }
}

/// The `#` comments of a YAML text: a `#` at a line's start or after a space, outside quotes
/// (suppressions are read from them).
fn comments(source: &str) -> Vec<TextRange> {
    let mut out = Vec::new();
    let mut offset = 0usize;
    for line in source.split_inclusive('\n') {
        let mut quote: Option<char> = None;
        let mut prev = ' ';
        for (i, c) in line.char_indices() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '"' | '\'') if prev.is_whitespace() || prev == ':' => quote = Some(c),
                (None, '#') if prev.is_whitespace() => {
                    let end = line.trim_end_matches(['\n', '\r']).len();
                    out.push(TextRange::new((offset + i) as u32, (offset + end) as u32));
                    break;
                }
                _ => {}
            }
            prev = c;
        }
        offset += line.len();
    }
    out
}
