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
//!   field. An inner (non-static member) class also has its enclosing instance's typed fields
//!   (`Outer.this.producer` read as `producer`). Constructors are named `<init>`.
//! * A reference cast is its operand (`((KafkaTemplate) t).send(..)` sends on `t`); a
//!   primitive cast computes a value. Comments are skipped wherever they sit. A file without a package declaration imports the
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

use std::cell::RefCell;
use std::sync::OnceLock;

use super::{Lowered, SyntaxError};
use crate::model::TextRange;

/// A node's byte range.
fn range(n: tree_sitter::Node<'_>) -> TextRange {
    TextRange::new(n.start_byte() as u32, n.end_byte() as u32)
}

thread_local! {
    /// Each thread's parser, reused from file to file: a new parser per file allocated its
    /// stacks and lexer again and loaded the grammar into them.
    static PARSER: RefCell<Option<tree_sitter::Parser>> = const { RefCell::new(None) };
}

fn new_parser() -> Result<tree_sitter::Parser, SyntaxError> {
    let mut parser = tree_sitter::Parser::new();
    let language: tree_sitter::Language = tree_sitter_java::LANGUAGE.into();
    parser.set_language(&language).map_err(|e| SyntaxError {
        message: format!("the Java grammar could not be loaded: {e}"),
        range: TextRange::default(),
    })?;
    Ok(parser)
}

fn parse(source: &str) -> Result<tree_sitter::Tree, SyntaxError> {
    PARSER.with_borrow_mut(|slot| {
        let parser = match slot {
            Some(parser) => parser,
            None => slot.insert(new_parser()?),
        };
        parser.parse(source, None).ok_or_else(|| {
            // A parse that gave up must not be resumed by the next file's.
            parser.reset();
            SyntaxError {
                message: "the Java parser gave up on this file".into(),
                range: TextRange::default(),
            }
        })
    })
}

/// The comment kinds by id: comparing each node's kind by name cost a `strlen` and a UTF-8
/// check per node (a node per token).
fn comment_kinds() -> [u16; 2] {
    static KINDS: OnceLock<[u16; 2]> = OnceLock::new();
    *KINDS.get_or_init(|| {
        let language: tree_sitter::Language = tree_sitter_java::LANGUAGE.into();
        ["line_comment", "block_comment"].map(|kind| language.id_for_node_kind(kind, true))
    })
}

pub fn lower(source: &str) -> Result<Lowered, SyntaxError> {
    let tree = parse(source)?;
    let root = tree.root_node();
    let scan = scan(root, source, true);
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

/// Where a comment may start: each `//` and `/*` of the text (those inside string literals
/// too, which only cost a look at the nodes around them).
fn comment_starts(source: &str) -> Vec<usize> {
    let bytes = source.as_bytes();
    memchr::memchr_iter(b'/', bytes)
        .filter(|&i| matches!(bytes.get(i + 1), Some(b'/' | b'*')))
        .collect()
}

/// Walks the tree with a cursor (no recursion: the tree may be arbitrarily deep). With
/// `prune`, a subtree is entered only when it holds an error (tree-sitter keeps that in each
/// node) or a place where a comment may start: walking every node of every file was a tenth
/// of a run over a large Java tree, and most subtrees hold neither.
fn scan(root: tree_sitter::Node<'_>, source: &str, prune: bool) -> Scan {
    let mut out = Scan {
        comments: Vec::new(),
        first_error: None,
        error_ranges: Vec::new(),
    };
    let starts = if prune {
        comment_starts(source)
    } else {
        Vec::new()
    };
    let may_hold_comment = |n: tree_sitter::Node<'_>| {
        let first = starts.partition_point(|&s| s < n.start_byte());
        starts.get(first).is_some_and(|&s| s < n.end_byte())
    };
    let comments = comment_kinds();
    let mut cursor = root.walk();
    loop {
        let n = cursor.node();
        let mut descend = true;
        if comments.contains(&n.kind_id()) {
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
        } else if prune && n != root {
            descend = n.has_error() || may_hold_comment(n);
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
