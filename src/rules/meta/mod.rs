//! OL0xx: meta rules about the input and the suppressions.
pub mod syntax_error;
pub mod unused_suppression;
