//! A small Rust lexer run over the raw text before `syn` sees it. It serves two purposes:
//!
//! * **Comments.** `syn` drops comments, but suppressions live in them, so [`comments`] lists
//!   the byte range of every `//` line comment and `/* */` block comment (doc comments
//!   included), skipping string literals, raw strings (`r#".."#`), byte/C strings and char
//!   literals (telling `'a'` from the lifetime `'a`).
//! * **Nesting guard.** `syn` parses recursively and can overflow the stack on pathological
//!   input. [`check_depth`] rejects, before parsing, a file whose bracket nesting exceeds
//!   [`MAX_BRACKET_DEPTH`] or whose *estimated* recursion depth (brackets plus prefix
//!   operators, closures, assignments, generic `<..>` and similar right-recursive constructs in
//!   one statement) exceeds [`MAX_NEST_ESTIMATE`], or with an absurdly long operator chain in
//!   one expression (left-deep trees are dropped recursively).
//!
//! The lexer never fails: unterminated literals and comments simply run to the end of the file.

use crate::model::TextRange;

/// Bracket (`(`, `[`, `{`) nesting beyond this is refused as "too deeply nested".
pub(super) const MAX_BRACKET_DEPTH: usize = 200;
/// Upper bound on the estimated recursion depth of the parser (see module docs).
pub(super) const MAX_NEST_ESTIMATE: u32 = 512;
/// Operators / method-call dots in one expression segment (between `,`/`;` at one level).
pub(super) const MAX_CHAIN: u32 = 50_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum TokKind {
    Comment,
    Open,
    Close,
    Punct,
    Ident,
    Lit,
    Lifetime,
}

#[derive(Debug, Clone, Copy)]
pub(super) struct Tok {
    pub kind: TokKind,
    pub start: usize,
    pub end: usize,
}

pub(super) struct Lexer<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

const PUNCTS3: [&str; 4] = ["<<=", ">>=", "...", "..="];
const PUNCTS2: [&str; 21] = [
    "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "^=", "&=",
    "|=", "<<", ">>", "..", "<-",
];

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

fn is_ident_start_byte(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_' || b >= 0x80
}

impl<'a> Lexer<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        Lexer { text, bytes: text.as_bytes(), pos: 0 }
    }

    fn at(&self, i: usize) -> u8 {
        self.bytes.get(i).copied().unwrap_or(0)
    }

    /// Advance `pos` to the next char boundary at or after `i` (never past the end).
    fn boundary(&self, mut i: usize) -> usize {
        i = i.min(self.bytes.len());
        while i < self.bytes.len() && !self.text.is_char_boundary(i) {
            i += 1;
        }
        i
    }

    /// Skip a (possibly escaped) quoted body starting after the opening quote; returns the
    /// position after the closing `quote` (or the end of the text).
    fn quoted(&self, mut i: usize, quote: u8) -> usize {
        while i < self.bytes.len() {
            match self.bytes[i] {
                b'\\' => i += 2,
                b if b == quote => return i + 1,
                _ => i += 1,
            }
        }
        self.bytes.len()
    }

    /// Raw string body: `i` is just after the `r`; returns the end or `None` if this is not a
    /// raw string (`r#ident`, or just the identifier `r`).
    fn raw_string(&self, i: usize) -> Option<usize> {
        let mut j = i;
        let mut hashes = 0;
        while self.at(j) == b'#' {
            hashes += 1;
            j += 1;
        }
        if self.at(j) != b'"' {
            return None;
        }
        j += 1;
        while j < self.bytes.len() {
            if self.bytes[j] == b'"' {
                let mut k = j + 1;
                let mut n = 0;
                while n < hashes && self.at(k) == b'#' {
                    n += 1;
                    k += 1;
                }
                if n == hashes {
                    return Some(k);
                }
            }
            j += 1;
        }
        Some(self.bytes.len())
    }

    /// A `'` at `i`: a char literal (returns `Lit`) or a lifetime / label.
    fn quote_or_lifetime(&self, i: usize) -> (TokKind, usize) {
        if self.at(i + 1) == b'\\' {
            // Escaped char literal: scan to the closing quote, but not past a line end.
            let mut j = i + 2;
            while j < self.bytes.len() && self.bytes[j] != b'\'' && self.bytes[j] != b'\n' {
                j += 1;
            }
            return (TokKind::Lit, self.boundary(if self.at(j) == b'\'' { j + 1 } else { j }));
        }
        let Some(c) = self.text.get(i + 1..).and_then(|s| s.chars().next()) else {
            return (TokKind::Punct, i + 1);
        };
        let after = i + 1 + c.len_utf8();
        if self.at(after) == b'\'' {
            return (TokKind::Lit, after + 1);
        }
        if c.is_alphabetic() || c == '_' {
            let mut j = after;
            while j < self.bytes.len() && is_ident_byte(self.bytes[j]) {
                j += 1;
            }
            return (TokKind::Lifetime, self.boundary(j));
        }
        (TokKind::Punct, i + 1)
    }

    fn prev_is_ident(&self, i: usize) -> bool {
        i > 0 && is_ident_byte(self.bytes[i - 1])
    }
}

impl Iterator for Lexer<'_> {
    type Item = Tok;

    fn next(&mut self) -> Option<Tok> {
        // Skip whitespace.
        while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        let i = self.pos;
        if i >= self.bytes.len() {
            return None;
        }
        let b = self.bytes[i];
        let (kind, end) = match b {
            b'/' if self.at(i + 1) == b'/' => {
                let mut j = i;
                while j < self.bytes.len() && self.bytes[j] != b'\n' {
                    j += 1;
                }
                let mut end = j;
                if end > i && self.at(end - 1) == b'\r' {
                    end -= 1;
                }
                (TokKind::Comment, end)
            }
            b'/' if self.at(i + 1) == b'*' => {
                let mut depth = 1u32;
                let mut j = i + 2;
                while j < self.bytes.len() && depth > 0 {
                    if self.bytes[j] == b'/' && self.at(j + 1) == b'*' {
                        depth += 1;
                        j += 2;
                    } else if self.bytes[j] == b'*' && self.at(j + 1) == b'/' {
                        depth -= 1;
                        j += 2;
                    } else {
                        j += 1;
                    }
                }
                (TokKind::Comment, j.min(self.bytes.len()))
            }
            b'"' => (TokKind::Lit, self.quoted(i + 1, b'"')),
            b'\'' => self.quote_or_lifetime(i),
            b'(' | b'[' | b'{' => (TokKind::Open, i + 1),
            b')' | b']' | b'}' => (TokKind::Close, i + 1),
            b'0'..=b'9' => {
                let mut j = i;
                while j < self.bytes.len() && is_ident_byte(self.bytes[j]) {
                    j += 1;
                }
                if self.at(j) == b'.' && self.at(j + 1).is_ascii_digit() {
                    j += 1;
                    while j < self.bytes.len() && is_ident_byte(self.bytes[j]) {
                        j += 1;
                    }
                }
                (TokKind::Lit, j)
            }
            _ if is_ident_start_byte(b) && !self.prev_is_ident(i) => {
                // String-literal prefixes: r"..", r#".."#, b"..", br"..", b'x', c"..", cr"..".
                let prefixed = match b {
                    b'r' => self.raw_string(i + 1),
                    b'b' | b'c' => match self.at(i + 1) {
                        b'"' => Some(self.quoted(i + 2, b'"')),
                        b'r' => self.raw_string(i + 2),
                        b'\'' if b == b'b' => Some(self.quote_or_lifetime(i + 1).1),
                        _ => None,
                    },
                    _ => None,
                };
                match prefixed {
                    Some(end) => (TokKind::Lit, end),
                    None => {
                        let mut j = i;
                        // `r#ident` raw identifiers.
                        if b == b'r' && self.at(i + 1) == b'#' && is_ident_start_byte(self.at(i + 2)) {
                            j = i + 2;
                        }
                        while j < self.bytes.len() && is_ident_byte(self.bytes[j]) {
                            j += 1;
                        }
                        (TokKind::Ident, j)
                    }
                }
            }
            _ if is_ident_byte(b) => {
                let mut j = i;
                while j < self.bytes.len() && is_ident_byte(self.bytes[j]) {
                    j += 1;
                }
                (TokKind::Ident, j)
            }
            _ => {
                let rest = &self.bytes[i..];
                let len = if PUNCTS3.iter().any(|p| rest.starts_with(p.as_bytes())) {
                    3
                } else if PUNCTS2.iter().any(|p| rest.starts_with(p.as_bytes())) {
                    2
                } else {
                    1
                };
                (TokKind::Punct, i + len)
            }
        };
        let end = self.boundary(end.max(i + 1));
        self.pos = end;
        Some(Tok { kind, start: i, end })
    }
}

/// Byte ranges of every comment in `source`.
pub(super) fn comments(source: &str) -> Vec<TextRange> {
    Lexer::new(source)
        .filter(|t| t.kind == TokKind::Comment)
        .map(|t| TextRange::new(t.start as u32, t.end as u32))
        .collect()
}

/// Keywords after which an operator is in prefix position.
fn is_keyword(s: &str) -> bool {
    matches!(
        s,
        "as" | "break"
            | "const"
            | "continue"
            | "else"
            | "enum"
            | "extern"
            | "fn"
            | "for"
            | "if"
            | "impl"
            | "in"
            | "let"
            | "loop"
            | "match"
            | "mod"
            | "move"
            | "mut"
            | "pub"
            | "ref"
            | "return"
            | "static"
            | "struct"
            | "trait"
            | "type"
            | "unsafe"
            | "use"
            | "where"
            | "while"
            | "async"
            | "await"
            | "dyn"
            | "yield"
            | "box"
    )
}

/// Keywords that start a nested (recursive) parse when they appear in prefix position.
fn is_nesting_keyword(s: &str) -> bool {
    matches!(
        s,
        "return"
            | "break"
            | "yield"
            | "move"
            | "async"
            | "static"
            | "box"
            | "let"
            | "if"
            | "match"
            | "while"
            | "for"
            | "loop"
            | "unsafe"
            | "const"
            | "mut"
            | "ref"
            | "dyn"
            | "impl"
    )
}

#[derive(Clone, Copy)]
struct Level {
    /// A real bracket (`(`, `[`, `{`) rather than a generic `<`.
    real: bool,
    nest: u32,
    chain: u32,
}

/// Refuse input that could overflow the parser's stack. Returns the offending range.
pub(super) fn check_depth(source: &str) -> Result<(), TextRange> {
    let mut stack: Vec<Level> = vec![Level { real: true, nest: 0, chain: 0 }];
    let mut real_depth = 0usize;
    let mut nest_sum = 0u32;
    // Previous non-comment token: (kind, text, end offset).
    let mut prev: Option<(TokKind, &str, usize)> = None;
    for tok in Lexer::new(source) {
        if tok.kind == TokKind::Comment {
            continue;
        }
        let text = source.get(tok.start..tok.end).unwrap_or("");
        let prefix_pos = match prev {
            None => true,
            Some((TokKind::Open, _, _)) => true,
            Some((TokKind::Punct, p, _)) => p != "?",
            Some((TokKind::Ident, p, _)) => is_keyword(p),
            _ => false,
        };
        let bad = TextRange::new(tok.start as u32, tok.end as u32);
        match tok.kind {
            TokKind::Open => {
                real_depth += 1;
                if real_depth > MAX_BRACKET_DEPTH {
                    return Err(bad);
                }
                stack.push(Level { real: true, nest: 0, chain: 0 });
            }
            TokKind::Close => {
                while stack.len() > 1 && stack.last().is_some_and(|l| !l.real) {
                    if let Some(l) = stack.pop() {
                        nest_sum -= l.nest;
                    }
                }
                if stack.len() > 1 {
                    if let Some(l) = stack.pop() {
                        nest_sum -= l.nest;
                    }
                    real_depth = real_depth.saturating_sub(1);
                }
            }
            TokKind::Punct => {
                let glued = prev.is_some_and(|(_, _, end)| end == tok.start);
                let after_path = matches!(prev, Some((TokKind::Ident, p, _)) if !is_keyword(p))
                    || matches!(prev, Some((TokKind::Punct, "::", _)));
                match text {
                    ";" => {
                        while stack.len() > 1 && stack.last().is_some_and(|l| !l.real) {
                            if let Some(l) = stack.pop() {
                                nest_sum -= l.nest;
                            }
                        }
                        if let Some(l) = stack.last_mut() {
                            nest_sum -= l.nest;
                            l.nest = 0;
                            l.chain = 0;
                        }
                    }
                    "," => {
                        if let Some(l) = stack.last_mut() {
                            nest_sum -= l.nest;
                            l.nest = 0;
                            l.chain = 0;
                        }
                    }
                    "<" if (glued && after_path) || prefix_pos => {
                        stack.push(Level { real: false, nest: 0, chain: 0 });
                    }
                    ">" | ">>" | ">=" | ">>=" if stack.last().is_some_and(|l| !l.real) => {
                        let n = if text.starts_with(">>") { 2 } else { 1 };
                        for _ in 0..n {
                            if stack.len() > 1 && stack.last().is_some_and(|l| !l.real) {
                                if let Some(l) = stack.pop() {
                                    nest_sum -= l.nest;
                                }
                            }
                        }
                    }
                    _ => {
                        let nests = matches!(
                            text,
                            "=" | "+=" | "-=" | "*=" | "/=" | "%=" | "^=" | "&=" | "|=" | "<<=" | ">>=" | ".." | "..=" | "@"
                        ) || (prefix_pos && matches!(text, "!" | "-" | "*" | "&" | "&&" | "|" | "||"));
                        if let Some(l) = stack.last_mut() {
                            if nests {
                                l.nest += 1;
                                nest_sum += 1;
                            } else {
                                l.chain += 1;
                                if l.chain > MAX_CHAIN {
                                    return Err(bad);
                                }
                            }
                        }
                    }
                }
            }
            TokKind::Ident => {
                if prefix_pos && is_nesting_keyword(text) {
                    if let Some(l) = stack.last_mut() {
                        l.nest += 1;
                        nest_sum += 1;
                    }
                } else if text == "as" {
                    if let Some(l) = stack.last_mut() {
                        l.chain += 1;
                        if l.chain > MAX_CHAIN {
                            return Err(bad);
                        }
                    }
                }
            }
            TokKind::Lit | TokKind::Lifetime | TokKind::Comment => {}
        }
        if stack.len() as u32 + nest_sum > MAX_NEST_ESTIMATE {
            return Err(bad);
        }
        prev = Some((tok.kind, text, tok.end));
    }
    Ok(())
}
