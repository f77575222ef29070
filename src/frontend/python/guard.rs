//! Nesting guard for Python, run on ruff's lexer before parsing.
//!
//! ruff's parser grows its stack on the heap (`stacker`), so parsing itself cannot overflow,
//! but a deeply nested tree costs memory in proportion (a million nested parentheses took
//! 2.3 GB) and is dropped recursively. CPython itself refuses brackets nested deeper than 200
//! ("too many nested parentheses") and more than 100 indentation levels; this guard refuses
//! the same, and expressions whose estimated depth (operators and calls along one chain, over
//! all open brackets) exceeds [`MAX_CHAIN`], far beyond what CPython can compile (it gives up
//! near 3,000 nested unary operators). Files within [`INLINE_ESTIMATE`] are parsed on the
//! caller's thread; deeper ones on a thread with a 256 MiB stack.
//!
//! The measure reads tokens. A file that [`parse_first`] admits is parsed before it is
//! measured, from the parser's own tokens: lexing every file twice was 7 % of a run's
//! instructions. Its size and bracket count bound what the parse can cost (the parser grows
//! its stack on the heap) to what the guard admits anyway; any other file is lexed and
//! measured first, as before.

use ruff_python_ast::token::TokenKind;
use ruff_python_parser::{lexer, Mode};

/// CPython's tokenizer limit (MAXLEVEL).
pub const MAX_BRACKET_DEPTH: usize = 200;
/// CPython's tokenizer limit (MAXINDENT).
pub const MAX_INDENT: usize = 100;
/// Estimated tree depth refused (a 50,000-term `a+a+...` and 30,000 chained `.f()` calls
/// stay under it).
pub const MAX_CHAIN: usize = 100_000;
/// Estimated depth up to which the tree is built on the caller's thread.
pub const INLINE_ESTIMATE: usize = 400;

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub max_estimate: usize,
    pub max_brackets: usize,
}

/// Why a file is refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    Brackets,
    Indent,
    Chain,
}

impl Refusal {
    pub fn message(&self) -> String {
        match self {
            Refusal::Brackets => format!(
                "too many nested parentheses: brackets nested deeper than {MAX_BRACKET_DEPTH} \
                 levels (Python's own limit); file not analysed"
            ),
            Refusal::Indent => format!(
                "too many levels of indentation: more than {MAX_INDENT} (Python's own limit); \
                 file not analysed"
            ),
            Refusal::Chain => format!(
                "expression too deeply nested to analyse: an estimated {MAX_CHAIN} levels of \
                 operators, calls or lambdas in one expression; file not analysed"
            ),
        }
    }
}

fn ends_operand(k: TokenKind) -> bool {
    use TokenKind as T;
    matches!(
        k,
        T::Name
            | T::Int
            | T::Float
            | T::Complex
            | T::String
            | T::FStringEnd
            | T::TStringEnd
            | T::Rpar
            | T::Rsqb
            | T::Rbrace
            | T::True
            | T::False
            | T::None
            | T::Ellipsis
    )
}

/// Largest file parsed before it is measured.
const PARSE_FIRST_BYTES: usize = 128 * 1024;
/// Most opening brackets, and most unary operator characters, in a file parsed before it is
/// measured. Brackets and unary operators are what make the parser itself recurse, one level
/// each (a million nested parentheses took 2.3 GB, 131,000 unary minus signs 3.7 s); keywords
/// that nest (`not`, `await`, `lambda`) take four bytes or more a level.
const PARSE_FIRST_NESTERS: usize = 10_000;

/// Whether `source` may be parsed before it is measured (see the module's comment).
pub fn parse_first(source: &str) -> bool {
    let at_most = |n: usize| n <= PARSE_FIRST_NESTERS;
    let bytes = source.as_bytes();
    source.len() <= PARSE_FIRST_BYTES
        && at_most(
            (memchr::memchr3_iter(b'(', b'[', b'{', bytes).take(PARSE_FIRST_NESTERS + 1)).count(),
        )
        && at_most(
            (memchr::memchr3_iter(b'-', b'+', b'~', bytes).take(PARSE_FIRST_NESTERS + 1)).count(),
        )
}

/// Measures a source before it is parsed, with a lexer of its own.
pub fn measure(source: &str) -> Result<Stats, Refusal> {
    let mut lexer = lexer::lex(source, Mode::Module);
    measure_kinds(std::iter::from_fn(|| Some(lexer.next_token())))
}

/// Measures a parsed source by the tokens its parser read.
pub fn measure_tokens(tokens: &ruff_python_ast::token::Tokens) -> Result<Stats, Refusal> {
    measure_kinds(tokens.iter().map(|t| t.kind()))
}

fn measure_kinds(kinds: impl Iterator<Item = TokenKind>) -> Result<Stats, Refusal> {
    use TokenKind as T;
    let mut stats = Stats::default();
    // Count of the current chain at each open bracket level; `sum` is their total.
    let mut levels: Vec<usize> = vec![0];
    let mut sum = 0usize;
    let mut indent = 0usize;
    let mut prev = T::Newline;
    for kind in kinds {
        match kind {
            T::EndOfFile => break,
            T::Comment | T::NonLogicalNewline => continue,
            T::Lpar | T::Lsqb | T::Lbrace | T::FStringStart | T::TStringStart => {
                if ends_operand(prev) && matches!(kind, T::Lpar | T::Lsqb) {
                    // A call or subscript of what came before.
                    *levels.last_mut().expect("level") += 1;
                    sum += 1;
                }
                levels.push(0);
                if levels.len() - 1 > MAX_BRACKET_DEPTH {
                    return Err(Refusal::Brackets);
                }
                stats.max_brackets = stats.max_brackets.max(levels.len() - 1);
            }
            T::Rpar | T::Rsqb | T::Rbrace | T::FStringEnd | T::TStringEnd => {
                if levels.len() > 1 {
                    sum -= levels.pop().unwrap_or(0);
                }
            }
            T::Comma | T::Semi | T::Newline | T::Equal => {
                let level = levels.last_mut().expect("level");
                sum -= *level;
                *level = 0;
            }
            T::Indent => {
                indent += 1;
                if indent > MAX_INDENT {
                    return Err(Refusal::Indent);
                }
            }
            T::Dedent => indent = indent.saturating_sub(1),
            k if ends_operand(k) || matches!(k, T::FStringMiddle | T::TStringMiddle) => {}
            _ => {
                *levels.last_mut().expect("level") += 1;
                sum += 1;
            }
        }
        stats.max_estimate = stats.max_estimate.max(sum + levels.len() - 1);
        if stats.max_estimate > MAX_CHAIN {
            return Err(Refusal::Chain);
        }
        prev = kind;
    }
    Ok(stats)
}

/// Where to point a refusal: for brackets, where naively counted bracket depth first passes
/// the limit (strings are not skipped, so this is approximate); else the start of the file.
pub fn locate(source: &str, refusal: &Refusal) -> u32 {
    if *refusal != Refusal::Brackets {
        return 0;
    }
    let mut depth = 0usize;
    for (i, b) in source.bytes().enumerate() {
        match b {
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > MAX_BRACKET_DEPTH {
                    return i as u32;
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The measure of a source's own lexer and of its parser's tokens agree.
    fn measure(source: &str) -> Result<Stats, Refusal> {
        let lexed = super::measure(source);
        if !parse_first(source) {
            return lexed;
        }
        let parsed = ruff_python_parser::parse_unchecked_source(
            source,
            ruff_python_ast::PySourceType::Python,
        );
        assert_eq!(lexed, measure_tokens(parsed.tokens()));
        lexed
    }

    #[test]
    fn parse_first_bounds_size_and_brackets() {
        assert!(parse_first("x = f(a[1], {2: 3})\n"));
        assert!(parse_first(&"(".repeat(PARSE_FIRST_NESTERS)));
        assert!(!parse_first(&"(".repeat(PARSE_FIRST_NESTERS + 1)));
        assert!(!parse_first(&"-".repeat(PARSE_FIRST_NESTERS + 1)));
        assert!(!parse_first(&"x".repeat(PARSE_FIRST_BYTES + 1)));
    }

    #[test]
    fn limits() {
        let parens = |n| format!("x = {}1{}\n", "(".repeat(n), ")".repeat(n));
        assert!(measure(&parens(200)).is_ok());
        assert_eq!(measure(&parens(201)), Err(Refusal::Brackets));
        assert_eq!(measure(&parens(100_000)), Err(Refusal::Brackets));
        let plus = format!("x = {}\n", vec!["a"; 50_000].join("+"));
        assert!(measure(&plus).unwrap().max_estimate > INLINE_ESTIMATE);
        let chain = format!("x = a{}\n", ".f()".repeat(30_000));
        assert!(measure(&chain).is_ok());
        let unary = format!("x = {}1\n", "-".repeat(MAX_CHAIN + 10));
        assert_eq!(measure(&unary), Err(Refusal::Chain));
        // Nested brackets each holding a long chain add up.
        let mixed = format!(
            "x = {}1{}\n",
            format!("-{}(", "-".repeat(1000)).repeat(150),
            ")".repeat(150)
        );
        assert_eq!(measure(&mixed), Err(Refusal::Chain));
        let mut deep_if = String::new();
        for i in 0..101 {
            deep_if.push_str(&" ".repeat(i));
            deep_if.push_str("if x:\n");
        }
        deep_if.push_str(&" ".repeat(101));
        deep_if.push_str("pass\n");
        assert_eq!(measure(&deep_if), Err(Refusal::Indent));
        // Ordinary code: separators reset the chain.
        let flat = "x = [1, 2, 3]\n".repeat(10_000);
        assert!(measure(&flat).unwrap().max_estimate < 10);
        assert_eq!(locate(&parens(300), &Refusal::Brackets), 204);
    }
}
