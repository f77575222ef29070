//! Byte ranges into a file's text. Every front end converts its native spans to these on the
//! thread that parsed the file, so nothing parser-specific crosses into rules or other threads.

/// A half-open byte range `[start, end)` into the file's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct TextRange {
    pub start: u32,
    pub end: u32,
}

impl TextRange {
    pub fn new(start: u32, end: u32) -> Self {
        TextRange {
            start,
            end: end.max(start),
        }
    }

    pub fn len(&self) -> u32 {
        self.end - self.start
    }

    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }

    /// The smallest range covering both.
    pub fn cover(self, other: TextRange) -> TextRange {
        TextRange::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// Anything that occupies a range of the source.
pub trait Ranged {
    fn range(&self) -> TextRange;
}

impl Ranged for TextRange {
    fn range(&self) -> TextRange {
        *self
    }
}
