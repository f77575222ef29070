//! OL001 syntax-error: the file could not be parsed; every other file is still linted.

use crate::diagnostic::Finding;
use crate::model::SyntaxError;
use crate::registry::Rule;

/// OL001
pub fn syntax_error(error: &SyntaxError) -> Finding {
    Finding::new(
        Rule::SyntaxError,
        error.range,
        format!("syntax error: {}", error.message),
    )
    .primary("cannot parse here")
    .help("fix the syntax error; no other rule can check this file until it parses")
}
