//! Python front end: `ruff_python_parser` syntax tree → `model::Module`.

mod expr;
mod lower;

use ruff_python_ast::token::TokenKind;
use ruff_text_size::Ranged;

use super::{Lowered, SyntaxError};
use crate::model::TextRange;

pub(crate) fn range(r: ruff_text_size::TextRange) -> TextRange {
    TextRange::new(r.start().to_u32(), r.end().to_u32())
}

pub fn lower(source: &str) -> Result<Lowered, SyntaxError> {
    let parsed = parse(source)?;
    let module = lower::lower_module(parsed.syntax());
    Ok(Lowered {
        module,
        comments: comments(&parsed),
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
