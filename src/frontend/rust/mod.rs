//! Rust front end: `syn` syntax tree → `model::Module`. (Being written.)

use super::{Lowered, SyntaxError};
use crate::model::TextRange;

pub fn lower(_source: &str) -> Result<Lowered, SyntaxError> {
    Err(SyntaxError { message: "the Rust front end is not built yet".into(), range: TextRange::default() })
}
