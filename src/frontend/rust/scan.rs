//! A small Rust lexer run over the raw text before `syn` sees it. It serves two purposes:
//!
//! * **Comments.** `syn` drops comments, but suppressions live in them, so [`comments`] lists
//!   the byte range of every `//` line comment and `/* */` block comment (doc comments
//!   included; block comments nest), skipping string literals, raw strings (`r#".."#`),
//!   byte/C strings and char literals (telling `'a'` from the lifetime `'a`). On the cargo
//!   registry (19k files) it agrees exactly with proc-macro2's own lexer.
//! * **Nesting guard.** `syn` parses recursively and can overflow the stack on pathological
//!   input. [`measure`] refuses, before parsing, a file whose bracket (`(`, `[`, `{`) nesting
//!   exceeds [`MAX_BRACKET_DEPTH`], whose *estimated* parser recursion exceeds
//!   [`MAX_NEST_ESTIMATE`], or with more than [`MAX_CHAIN`] operators in one expression
//!   segment (left-deep trees are dropped recursively). The estimate adds, over the open
//!   brackets and generic `<..>` levels, the right-recursive constructs of the current segment
//!   (`=`, `->`, `@`, closures, prefix ranges, `return`/`break`/`let`/`if`/`match`/.. in prefix
//!   position) and the current run of prefix operators (`!`, `-`, `*`, `&`, `mut`, `const`),
//!   which a binary operator ends; `,`, `;` and a `}` followed by a new statement end a segment.
//!   Real code stays far below the limit (the cargo registry peaks at 66 of 512).
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

// Fixed-size byte strings: compared as integers, not through `memcmp` per candidate (a
// punctuation token of every scanned Rust line comes here).
const PUNCTS3: [&[u8; 3]; 4] = [b"<<=", b">>=", b"...", b"..="];
const PUNCTS2: [&[u8; 2]; 21] = [
    b"::", b"->", b"=>", b"==", b"!=", b"<=", b">=", b"&&", b"||", b"+=", b"-=", b"*=", b"/=",
    b"%=", b"^=", b"&=", b"|=", b"<<", b">>", b"..", b"<-",
];

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

fn is_ident_start_byte(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_' || b >= 0x80
}

impl<'a> Lexer<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        Lexer {
            text,
            bytes: text.as_bytes(),
            pos: 0,
        }
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
            return (
                TokKind::Lit,
                self.boundary(if self.at(j) == b'\'' { j + 1 } else { j }),
            );
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
                        if b == b'r'
                            && self.at(i + 1) == b'#'
                            && is_ident_start_byte(self.at(i + 2))
                        {
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
                let len = if rest
                    .first_chunk::<3>()
                    .is_some_and(|r| PUNCTS3.contains(&r))
                {
                    3
                } else if rest
                    .first_chunk::<2>()
                    .is_some_and(|r| PUNCTS2.contains(&r))
                {
                    2
                } else {
                    1
                };
                (TokKind::Punct, i + len)
            }
        };
        let end = self.boundary(end.max(i + 1));
        self.pos = end;
        Some(Tok {
            kind,
            start: i,
            end,
        })
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
            | "raw"
    )
}

/// Keywords that open a right-recursive parse (it lasts until the statement or argument ends)
/// when they appear in prefix position.
fn is_nesting_keyword(s: &str) -> bool {
    matches!(
        s,
        "return"
            | "break"
            | "yield"
            | "move"
            | "async"
            | "static"
            | "let"
            | "if"
            | "match"
            | "while"
            | "for"
            | "loop"
            | "unsafe"
            | "dyn"
            | "impl"
    )
}

/// Prefix keywords that nest like unary operators (`&mut x`, `*const T`, `ref x`).
fn is_prefix_keyword(s: &str) -> bool {
    matches!(s, "mut" | "ref" | "box" | "const" | "raw")
}

#[derive(Clone, Copy)]
struct Level {
    /// A real bracket (`(`, `[`, `{`) rather than a generic `<`.
    real: bool,
    /// Right-recursive constructs (`=`, `->`, closures, `return`, ..) in the current segment.
    nest: u32,
    /// The current run of prefix operators (`!`, `-`, `*`, `&`, `mut`, ..): they are unwound
    /// at the next binary operator.
    run: u32,
    /// Operators and postfix dots / `?` in the current segment (left-deep trees).
    chain: u32,
}

/// The largest values seen: (estimate, bracket depth, chain).
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct DepthStats {
    pub estimate: u32,
    pub brackets: usize,
    pub chain: u32,
}

struct Depth {
    stack: Vec<Level>,
    real_depth: usize,
    /// Sum of `nest + run` over the stack.
    sum: u32,
}

impl Depth {
    fn top(&mut self) -> &mut Level {
        if self.stack.is_empty() {
            self.stack.push(Level {
                real: true,
                nest: 0,
                run: 0,
                chain: 0,
            });
        }
        let last = self.stack.len() - 1;
        &mut self.stack[last]
    }

    fn push(&mut self, real: bool) {
        self.stack.push(Level {
            real,
            nest: 0,
            run: 0,
            chain: 0,
        });
        if real {
            self.real_depth += 1;
        }
    }

    fn pop(&mut self) {
        if self.stack.len() > 1 {
            if let Some(l) = self.stack.pop() {
                self.sum -= l.nest + l.run;
                if l.real {
                    self.real_depth = self.real_depth.saturating_sub(1);
                }
            }
        }
    }

    fn top_is_pseudo(&self) -> bool {
        self.stack.len() > 1 && self.stack.last().is_some_and(|l| !l.real)
    }

    fn pop_pseudo(&mut self) {
        while self.top_is_pseudo() {
            self.pop();
        }
    }

    /// A separator: the segment at this level starts over.
    fn reset(&mut self) {
        let l = self.top();
        let freed = l.nest + l.run;
        *l = Level {
            real: l.real,
            nest: 0,
            run: 0,
            chain: 0,
        };
        self.sum -= freed;
    }

    fn nest(&mut self) {
        self.top().nest += 1;
        self.sum += 1;
    }

    fn run(&mut self) {
        self.top().run += 1;
        self.sum += 1;
    }

    fn end_run(&mut self) {
        let l = self.top();
        let freed = l.run;
        l.run = 0;
        self.sum -= freed;
    }

    /// Returns the chain length at this level.
    fn chain(&mut self) -> u32 {
        let l = self.top();
        l.chain += 1;
        l.chain
    }

    fn estimate(&self) -> u32 {
        self.stack.len() as u32 + self.sum
    }
}

/// Refuse input that could overflow the parser's stack (returns the offending token's range);
/// otherwise report how nested the file is.
pub(super) fn measure(source: &str) -> Result<DepthStats, TextRange> {
    let mut stats = DepthStats::default();
    let mut d = Depth {
        stack: vec![Level {
            real: true,
            nest: 0,
            run: 0,
            chain: 0,
        }],
        real_depth: 0,
        sum: 0,
    };
    // Previous non-comment token.
    let mut prev: Option<(TokKind, &str)> = None;
    // Set after a `}`: if the next token starts a new statement or item (rather than continuing
    // an expression with an operator), the enclosing level's segment starts over.
    let mut pending_reset = false;
    for tok in Lexer::new(source) {
        if tok.kind == TokKind::Comment {
            continue;
        }
        let text = source.get(tok.start..tok.end).unwrap_or("");
        let bad = TextRange::new(tok.start as u32, tok.end as u32);
        if std::mem::take(&mut pending_reset) {
            let new_statement = match tok.kind {
                TokKind::Ident => !matches!(text, "as" | "else"),
                TokKind::Punct => text == "#",
                _ => true,
            };
            if new_statement {
                d.pop_pseudo();
                d.reset();
            }
        }
        let prefix_pos = match prev {
            None => true,
            Some((TokKind::Open, _)) => true,
            Some((TokKind::Punct, p)) => p != "?",
            Some((TokKind::Ident, p)) => is_keyword(p),
            _ => false,
        };
        let mut chain = 0;
        match tok.kind {
            TokKind::Open => {
                if text == "{" {
                    d.pop_pseudo();
                }
                d.push(true);
                if d.real_depth > MAX_BRACKET_DEPTH {
                    return Err(bad);
                }
            }
            TokKind::Close => {
                d.pop_pseudo();
                d.pop();
                pending_reset = text == "}";
            }
            TokKind::Punct => match text {
                ";" => {
                    d.pop_pseudo();
                    d.reset();
                }
                "," => d.reset(),
                // Generic arguments / qualified paths: after a path segment or in prefix
                // position (a comparison `a < b` is counted too, harmlessly).
                "<" if prefix_pos
                    || matches!(prev, Some((TokKind::Ident, p)) if !is_keyword(p))
                    || matches!(prev, Some((TokKind::Punct, "::"))) =>
                {
                    d.push(false)
                }
                ">" | ">>" | ">=" | ">>=" if d.top_is_pseudo() => {
                    d.pop();
                    if text.starts_with(">>") && d.top_is_pseudo() {
                        d.pop();
                    }
                }
                "=" | "+=" | "-=" | "*=" | "/=" | "%=" | "^=" | "&=" | "|=" | "<<=" | ">>="
                | "@" | "->" => d.nest(),
                "!" | "-" | "*" | "&" | "&&" if prefix_pos => d.run(),
                "|" | "||" | ".." | "..=" if prefix_pos => d.nest(),
                "." | "?" | "::" | ":" | "#" | "$" => chain = d.chain(),
                _ => {
                    // A binary operator: the operand before it is complete.
                    d.end_run();
                    chain = d.chain();
                }
            },
            TokKind::Ident => {
                let after_else = matches!(prev, Some((TokKind::Ident, "else")));
                if prefix_pos && is_prefix_keyword(text) {
                    d.run();
                } else if prefix_pos && !after_else && is_nesting_keyword(text) {
                    d.nest();
                } else if text == "as" || text == "else" {
                    chain = d.chain();
                }
            }
            TokKind::Lit | TokKind::Lifetime | TokKind::Comment => {}
        }
        if chain > MAX_CHAIN {
            return Err(bad);
        }
        let estimate = d.estimate();
        if estimate > MAX_NEST_ESTIMATE {
            return Err(bad);
        }
        stats.estimate = stats.estimate.max(estimate);
        stats.brackets = stats.brackets.max(d.real_depth);
        stats.chain = stats.chain.max(chain);
        prev = Some((tok.kind, text));
    }
    Ok(stats)
}
