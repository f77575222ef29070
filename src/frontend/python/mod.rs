//! Python front end: `ruff_python_parser` syntax tree → `model::Module`.

mod expr;
mod guard;
mod lower;

use ruff_python_ast::token::TokenKind;
use ruff_text_size::Ranged;

use super::{Lowered, SyntaxError};
use crate::model::TextRange;

pub(crate) fn range(r: ruff_text_size::TextRange) -> TextRange {
    TextRange::new(r.start().to_u32(), r.end().to_u32())
}

pub fn lower(source: &str) -> Result<Lowered, SyntaxError> {
    guarded(source, |parsed| {
        let module = lower::lower_module(parsed.syntax())?;
        Ok(Lowered {
            module,
            comments: comments(&parsed),
            recovered: None,
        })
    })
}

/// The syntax error of a Python source, if any: parsed only, not lowered (a notebook's
/// cells are each checked this way, so one that does not parse is left out alone).
pub fn syntax_error(source: &str) -> Option<SyntaxError> {
    guarded(source, |_| Ok(())).err()
}

/// Stack size of the thread that parses unusually nested files (the syntax tree is dropped
/// recursively). Only touched pages are committed.
const PARSE_STACK: usize = 256 * 1024 * 1024;

type ParsedModule = ruff_python_parser::Parsed<ruff_python_ast::ModModule>;

/// Parses `source` and runs `work` on its tree (which is dropped inside it), within the
/// nesting guard: refused files are a `SyntaxError`, and so is a file with a syntax error;
/// work on a deep tree, and its drop, run on a thread with a large stack, so the caller's
/// stack size does not matter.
fn guarded<T: Send>(
    source: &str,
    work: impl FnOnce(ParsedModule) -> Result<T, SyntaxError> + Send,
) -> Result<T, SyntaxError> {
    let refused = |refusal: guard::Refusal| {
        let at = guard::locate(source, &refusal);
        SyntaxError {
            message: refusal.message(),
            range: TextRange::new(at, at),
        }
    };
    let valid = |parsed: ParsedModule| match parsed.errors().first() {
        Some(e) => Err(SyntaxError {
            message: e.error.to_string(),
            range: range(e.location),
        }),
        None => Ok(parsed),
    };
    if guard::parse_first(source) {
        let parsed = parse(source);
        return match guard::measure_tokens(parsed.tokens()) {
            Ok(stats) if stats.max_estimate <= guard::INLINE_ESTIMATE => {
                valid(parsed).and_then(work)
            }
            Ok(_) => on_deep_stack(move || valid(parsed).and_then(work)),
            Err(refusal) => on_deep_stack(move || {
                drop(parsed);
                Err(refused(refusal))
            }),
        };
    }
    let stats = guard::measure(source).map_err(refused)?;
    if stats.max_estimate <= guard::INLINE_ESTIMATE {
        return valid(parse(source)).and_then(work);
    }
    on_deep_stack(|| valid(parse(source)).and_then(work))
}

fn on_deep_stack<T: Send>(
    work: impl FnOnce() -> Result<T, SyntaxError> + Send,
) -> Result<T, SyntaxError> {
    std::thread::scope(|s| {
        match std::thread::Builder::new()
            .name("offsetlint-python-parse".into())
            .stack_size(PARSE_STACK)
            .spawn_scoped(s, work)
        {
            Ok(handle) => match handle.join() {
                Ok(result) => result,
                // The panic is the caller's: let its isolation report it.
                Err(panic) => std::panic::resume_unwind(panic),
            },
            Err(_) => Err(SyntaxError {
                message: "could not start a thread to parse this deeply nested file".into(),
                range: TextRange::default(),
            }),
        }
    })
}

/// Parses a module, keeping its syntax errors with the tree (the parser itself grows its
/// stack on the heap, so any nesting parses).
fn parse(source: &str) -> ParsedModule {
    ruff_python_parser::parse_unchecked_source(source, ruff_python_ast::PySourceType::Python)
}

fn comments(parsed: &ruff_python_parser::Parsed<ruff_python_ast::ModModule>) -> Vec<TextRange> {
    parsed
        .tokens()
        .iter()
        .filter(|t| t.kind() == TokenKind::Comment)
        .map(|t| range(t.range()))
        .collect()
}
