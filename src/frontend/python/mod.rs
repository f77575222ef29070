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
    guarded(source, || {
        let parsed = parse(source)?;
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
    guarded(source, || parse(source).map(drop)).err()
}

/// Stack size of the thread that parses unusually nested files (the syntax tree is dropped
/// recursively). Only touched pages are committed.
const PARSE_STACK: usize = 256 * 1024 * 1024;

/// Runs `work` (parse and whatever is done with the tree, which is dropped inside it) after
/// the nesting guard: refused files are a `SyntaxError`; deep ones are parsed on a thread with
/// a large stack so the caller's stack size does not matter.
fn guarded<T: Send>(
    source: &str,
    work: impl FnOnce() -> Result<T, SyntaxError> + Send,
) -> Result<T, SyntaxError> {
    let stats = guard::measure(source).map_err(|refusal| {
        let at = guard::locate(source, &refusal);
        SyntaxError {
            message: refusal.message(),
            range: TextRange::new(at, at),
        }
    })?;
    if stats.max_estimate <= guard::INLINE_ESTIMATE {
        return work();
    }
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

fn parse(
    source: &str,
) -> Result<ruff_python_parser::Parsed<ruff_python_ast::ModModule>, SyntaxError> {
    ruff_python_parser::parse_module(source).map_err(|e| SyntaxError {
        message: e.error.to_string(),
        range: range(e.location),
    })
}

fn comments(parsed: &ruff_python_parser::Parsed<ruff_python_ast::ModModule>) -> Vec<TextRange> {
    parsed
        .tokens()
        .iter()
        .filter(|t| t.kind() == TokenKind::Comment)
        .map(|t| range(t.range()))
        .collect()
}
