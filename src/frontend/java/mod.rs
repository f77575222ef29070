//! Java front end: `tree-sitter-java` concrete syntax tree → `model::Module`. Only this module
//! names `tree_sitter`: swapping the grammar (`tree-sitter-java-orchard`) touches nothing else.
//!
//! # Errors stay local
//!
//! tree-sitter recovers from syntax errors by wrapping what it could not parse in `ERROR`
//! nodes (or inserting `MISSING` ones). The first of them is reported (OL001) in
//! [`Lowered::recovered`], the rest of the file is lowered as usual, and the engine drops
//! findings that lie inside an `ERROR` subtree.
//!
//! # Mapping onto the model
//!
//! * Qualified names: the leading lower-case segments of a dotted name are its package and
//!   become one segment (`org.apache.kafka.clients.consumer.KafkaConsumer` is
//!   `["org.apache.kafka.clients.consumer", "KafkaConsumer"]`), so a package is a module of
//!   the model and the classes in it are its items, as a project file is laid out
//!   (`project::layout`).
//! * Imports (single-type, on-demand, static) are `Import`s; every file also imports its own
//!   package on demand (same-package classes need no import).
//! * Classes, interfaces, enums and records are `Class`es with their typed fields; field
//!   initializers are class attributes. Methods are bodies of their class; an instance method
//!   has the receiver `this` as its first parameter, annotated with its class, and a bare name
//!   that is a field of the class (not shadowed by a parameter or local) is `this.name`, a
//!   bare call of a method of the class `this.m(..)` (`Class.m(..)` from a static method). In a
//!   subclass, a bare name that is no local, field or imported name is taken for an inherited
//!   field. Constructors are named `<init>`. A file without a package declaration imports the
//!   default package on demand.
//! * `new T<>(..)` is a call of `T`; an anonymous class with one method is a closure of that
//!   method (`new Callback() { void onCompletion(..) {..} }`); one with several methods is the
//!   sequence of their closures. Lambdas are closures, `recv::m` is `recv.m`; an expression
//!   lambda handed to a `void` functional interface (`forEach`, `new Thread(..)`) evaluates its
//!   expression as a statement.
//! * `try`/`catch`/`finally` is `Try` (union catch types are several types);
//!   try-with-resources assigns its resources before the `try`. `for`, enhanced `for`,
//!   `while` and `do` are loops (`while (true)` and `for (;;)` infinite). `switch` is a `Match`.
//! * Annotations are the body's decorators: `@KafkaListener(topics = "t")` is a call with
//!   keyword arguments. A listener's body is a loop over its container's consumer, ended by
//!   the container's commit on return (`knowledge::LISTENER_RETURN_COMMIT`) unless it
//!   acknowledges itself or returns a result.

mod lower;

use super::{Lowered, SyntaxError};
use crate::model::TextRange;

/// A node's byte range.
fn range(n: tree_sitter::Node<'_>) -> TextRange {
    TextRange::new(n.start_byte() as u32, n.end_byte() as u32)
}

pub fn lower(source: &str) -> Result<Lowered, SyntaxError> {
    let mut parser = tree_sitter::Parser::new();
    let language: tree_sitter::Language = tree_sitter_java::LANGUAGE.into();
    parser.set_language(&language).map_err(|e| SyntaxError {
        message: format!("the Java grammar could not be loaded: {e}"),
        range: TextRange::default(),
    })?;
    let Some(tree) = parser.parse(source, None) else {
        return Err(SyntaxError {
            message: "the Java parser gave up on this file".into(),
            range: TextRange::default(),
        });
    };
    let root = tree.root_node();
    let scan = scan(root);
    let module = lower::lower_module(root, source)?;
    Ok(Lowered {
        module,
        comments: scan.comments,
        recovered: scan.first_error.map(|error| super::Recovered {
            error,
            skipped: scan.error_ranges,
        }),
    })
}

/// What one pass over every node finds: comments, the first error and the `ERROR` subtrees.
struct Scan {
    comments: Vec<TextRange>,
    first_error: Option<SyntaxError>,
    error_ranges: Vec<TextRange>,
}

/// Walks the tree with a cursor (no recursion: the tree may be arbitrarily deep).
fn scan(root: tree_sitter::Node<'_>) -> Scan {
    let mut out = Scan {
        comments: Vec::new(),
        first_error: None,
        error_ranges: Vec::new(),
    };
    let mut cursor = root.walk();
    loop {
        let n = cursor.node();
        let mut descend = true;
        if n.kind() == "line_comment" || n.kind() == "block_comment" {
            out.comments.push(range(n));
        } else if n.is_error() || n.is_missing() {
            if out.first_error.is_none() {
                let message = if n.is_missing() {
                    format!("missing `{}`", n.kind())
                } else {
                    "unexpected input".to_string()
                };
                out.first_error = Some(SyntaxError {
                    message,
                    range: range(n),
                });
            }
            if n.is_error() {
                out.error_ranges.push(range(n));
            }
            // Comments inside an error subtree still count for suppressions.
            descend = n.is_error();
        }
        if descend && cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return out;
            }
        }
    }
}

#[cfg(test)]
mod tests;
