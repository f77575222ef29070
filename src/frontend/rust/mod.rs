//! Rust front end: `syn` syntax tree → `model::Module`.
//!
//! # Pipeline
//!
//! 1. [`scan::measure`] refuses input nested too deeply for a recursive parser (bracket depth
//!    over 200, an estimated parser recursion over 512, or an absurd operator chain) with a
//!    `SyntaxError` saying the file is too deeply nested to analyse.
//! 2. `syn::parse_file`, then lowering. Ordinary files are handled on the calling thread;
//!    unusually nested ones on a dedicated thread with a 256 MiB stack (so `syn`'s recursion
//!    and the recursive `Drop` of long left-deep chains are safe). Lowering itself is bounded by
//!    `LowerState::enter` (anything deeper than `MAX_DEPTH` becomes `Expr::Opaque`). Spans are
//!    converted to byte ranges on the parsing thread (see `span.rs`) and
//!    `proc_macro2::extra::invalidate_current_thread_spans()` is called after each file, on the
//!    success and the error path alike. No `Span` leaves this module. A parse error becomes a
//!    `SyntaxError` with the error token's range (edition-2015 syntax such as
//!    `Box<Fn(u8) + Send>` included). A BOM or shebang line is blanked rather than stripped so
//!    offsets stay those of the original text.
//! 3. Comments are listed by [`scan::comments`] (`syn` drops them).
//!
//! # Mapping onto the model
//!
//! * Body 0 is the (empty) module top level. Every `fn` (free, `impl` method, trait default
//!   method, nested in a fn or a `mod`, or inside an item macro) is a `Body`; methods get
//!   `class` = the `Self` type's last path segment (the trait's name for default methods) and
//!   `self_name = "self"` when they have a receiver, which is also the first `Param`, annotated
//!   with what `Self` stands for (the impl's type; for a trait, the trait and its supertraits).
//!   Nested fns get `parent`. `static`/`const` initializers are not lowered.
//! * `struct`s are `Class`es (tuple fields are named `"0"`, `"1"`, ..). Enums and unions are not.
//! * `use` / `extern crate` items are `Import`s (one per item, one entry per leaf, `local` inside
//!   a fn, `level` 0, range from `pub`/`use` to `;`); `from_len` is `len - 1` for a leaf that
//!   may name an item inside a module, `None` for globs, `self` and single-segment paths.
//! * Types become `TypeRef`s looking through references, pointers, smart pointers and cells
//!   (`Arc`, `Rc`, `Box`, `Option`, `Mutex`, `RwLock`, `Pin`, `RefCell`, `Cell`, `Weak`, lock
//!   guards, `OnceCell`, `OnceLock`, `Lazy`, `LazyLock`, `ManuallyDrop`), `impl Trait`,
//!   `dyn Trait` and generic parameter bounds (inline and `where`; marker traits such as `Send`
//!   dropped), and `Self`. Paths keep their segments without generic arguments.
//! * Paths lower to `Attr` chains over a `Name` (generic arguments dropped; a turbofish on a
//!   path call becomes `Call::type_args`); method calls to `Call { func: Attr { recv, m } }`
//!   with positional args and the turbofish in `type_args`; `e.await` to `Await`; `e?` to
//!   `Try`; `a.b` / `a.0` to `Attr`; `&e`, `&mut e`, `*e`, `(e)` to `e`; casts to
//!   `Derived { Cast }`; unary and binary operators to `Derived { Operator }`; indexing to
//!   `Derived { Index }`; ranges, `let` expressions and `yield` to `Derived { Other }`; arrays,
//!   tuples and `[x; n]` to `Seq`; struct literals to `Record` (a `..base` is the field `".."`);
//!   closures and `async` blocks to `Closure` (their tail is returned).
//! * Patterns: a `let` / `for` / `while let` pattern becomes a `Target` (`_` → `Underscore`;
//!   `x`, `mut x`, `ref x`, `x @ p` → `Name`; a single-field tuple-struct or struct pattern such
//!   as `Some(x)` / `Ok(x)` looks through to its field; several fields or a tuple → `Tuple`).
//!   Match arm patterns are classified as `Success` (`Ok(..)`, `Some(..)` unless it wraps an
//!   `Err`), `ErrAny` (`Err(_)`, `Err(e)`, `Err(..)`, `Some(Err(e))`), `ErrSpecific`
//!   (`Err(Path::X)`, `Err(X(..))`, `Err(X { .. })`, `Err(CONST)` with an upper-case name),
//!   `Wildcard` (`_` or a plain lower-case binding), else `Other`; an or-pattern takes its most
//!   general alternative. `bindings` lists the names bound.
//!
//! # Tail expressions and control flow in expression position
//!
//! `if`, `match`, `loop`, `while`, `for`, blocks (plain, `unsafe`, `const`, labeled) and
//! statement-like macros (`select!`, `assert!`, `panic!`, ..) are lowered as statements, and
//! where their value goes is passed down to every branch's tail expression:
//! * statement position (with or without `;`): each tail is discarded (`StmtKind::Expr`);
//! * `let PAT = <cf>;` and `x = <cf>;`: each tail becomes an `Assign` to that target (when the
//!   target itself holds a call, the tails go to `Target::Other` and the target is assigned
//!   once, so no call node is duplicated);
//! * the tail of a fn body, closure or `async` block, and `return <cf>`: each tail becomes
//!   `Exit { Return }`;
//! * `break value` hands its value to its `loop`'s (or labeled block's) disposition (`Assign`
//!   then `Exit { Break }`, or `Exit { Return }`); leaving a labeled block emits no `Exit`.
//!   Loop labels are otherwise not represented (`break 'outer` is `Exit { Break }`);
//! * anywhere else (an argument, a receiver, an operand): an `if` whose branches are plain
//!   tail expressions becomes `Derived { Conditional }`; a block holding only a tail expression
//!   is that expression; any other control-flow expression is *hoisted* before the current
//!   statement with each tail assigned to `Target::Other` and `Expr::Opaque` used in its place.
//!   `return`/`break`/`continue`/`panic!`/`bail!` in such a position are hoisted as
//!   `If { test: Opaque, body: [Exit] }` (they may exit).
//! * `let PAT = e else { .. };` is `Assign(PAT = e)` followed by
//!   `Match { subject: Opaque, arms: [Arm(PAT, body: []), Arm(Wildcard, else block)] }`.
//! * `if let` is a `Match` with the pattern's arm and a `Wildcard` arm for the `else` (empty
//!   when there is no `else`; its range is then the whole `if let`); `if let` chains nest (the
//!   `else` goes on the outermost level only); `while let PAT = e` is a `While` loop with
//!   `iter: e` and `target: PAT`; `for PAT in e` a `For` loop; `loop` an `Infinite` one. Match
//!   guards are ignored.
//!
//! # Macros understood
//!
//! Macro bodies are re-parsed from their tokens (spans stay real source spans), in statement
//! and in expression position alike:
//! * `tokio::select!`, `futures::select!`, `select_biased!` (`biased;` allowed): a `Block` with,
//!   per branch `PAT = FUT (, if GUARD)? => BODY`, an `If { test: GUARD or Opaque, body:
//!   [Assign(PAT = Await(FUT)), ..BODY] }`, each branch in the `orelse` of the one before (one
//!   branch runs); `else` / `default` / `complete` branches likewise without the assignment.
//!   The future is wrapped in `Await` because the macro awaits it.
//! * `join!`, `try_join!` (tokio, futures): `Seq` of each argument wrapped in `Await`.
//! * `vec!`: `Seq` of the elements (`vec![x; n]` is `Seq [x]`).
//! * `assert!`, `debug_assert!`, `assert_eq!`, `assert_ne!`, `debug_assert_eq!`,
//!   `debug_assert_ne!`: `If { test, body: [], orelse: [Exit { Panic }] }`; `ensure!` (anyhow):
//!   the same with `Exit { Return }`.
//! * `format!`, `format_args!`, `print!`, `println!`, `eprint!`, `eprintln!`, `write!`,
//!   `writeln!`, `concat!`, `anyhow!`, `format_err!`, and the `log`/`tracing` macros `info!`,
//!   `warn!`, `error!`, `debug!`, `trace!`, `log!`, `event!` (including `target: ..`,
//!   `parent: ..`, `key = value`, `?x`, `%x` forms; what does not parse is skipped):
//!   `Derived { Format }` over the literal and the arguments (inline `{name}` arguments are
//!   ignored); `bail!`: `Exit { Return }` of that value.
//! * `panic!`, `unreachable!`, `todo!`, `unimplemented!`: `Exit { Panic }` (value: the message).
//! * `async_stream::stream!`, `try_stream!`: an async `Closure` of the body's statements.
//! * `matches!(e, PAT)`: `Derived { Operator }` of `e`; `dbg!(e)`: `e`; `try!(e)`: `Try(e)`.
//! * `json!`, `stringify!`, `include_str!`, `env!`, `quote!` and similar: `Opaque`.
//! * Any other macro: its body as comma-separated expressions (`Derived { Other }` of them),
//!   else as statements (a `Block` in statement position, a `Closure` in expression position),
//!   else `Opaque`. An item-position macro whose body parses as items has those items lowered;
//!   `macro_rules!` definitions are skipped.

mod expr;
mod failure;
mod items;
mod macros;
mod pat;
mod scan;
mod span;
mod stmt;
mod types;

#[cfg(test)]
mod tests;

use super::{LowerState, Lowered, SyntaxError};
use crate::model::*;

/// Stack size of the parsing thread used for unusually nested files. Only touched pages are
/// committed.
const PARSE_STACK: usize = 256 * 1024 * 1024;
/// Files whose nesting estimate and operator chains stay within these are lowered on the
/// caller's thread (spawning costs ~100µs per file).
const INLINE_MAX_ESTIMATE: u32 = 48;
const INLINE_MAX_CHAIN: u32 = 64;

/// Where the value of a tail expression goes.
#[derive(Debug, Clone)]
pub(super) enum Tail {
    /// Statement position: the value is thrown away.
    Discard,
    /// Fn / closure / async block tail: the value is returned.
    Return,
    /// `let t = ..` / `t = ..`: the value is assigned.
    Assign(Target, Option<TypeRef>),
}

/// An enclosing `loop`, `while`, `for` or labeled block, for `break`.
#[derive(Debug, Clone)]
pub(super) struct LoopFrame {
    pub label: Option<String>,
    /// Where `break value` sends its value (`loop` and labeled blocks only).
    pub tail: Option<Tail>,
    pub is_block: bool,
}

pub(super) struct Lowerer {
    pub st: LowerState,
    /// Control flow lifted out of expression position, emitted before the current statement.
    pub hoisted: Vec<Stmt>,
    pub in_function: bool,
    /// Inline modules (`mod inner { .. }`) around the current item.
    pub inline_depth: u32,
    /// Inside a `#[cfg(test)]` module.
    pub in_test_module: bool,
    pub current_body: Option<BodyId>,
    /// Generic parameters in scope with the trait paths of their bounds (innermost last).
    pub generics: Vec<(String, Vec<Vec<String>>)>,
    /// What `Self` stands for.
    pub self_ty: Option<Vec<Vec<String>>>,
    /// The type arguments `Self` was written with (`impl T for ThreadedProducer<Ctx>`).
    pub self_ty_args: Vec<(Vec<String>, Vec<Vec<String>>)>,
    pub loops: Vec<LoopFrame>,
}

pub fn lower(source: &str) -> Result<Lowered, SyntaxError> {
    let stats = match scan::measure(source) {
        Ok(stats) => stats,
        Err(range) => {
            return Err(SyntaxError {
                message: format!(
                    "file is too deeply nested to analyse (brackets nested deeper than {} levels, or an \
                     equally deep chain of operators, closures or generic arguments)",
                    scan::MAX_BRACKET_DEPTH
                ),
                range,
            })
        }
    };
    // Ordinary files need well under 1 MiB of stack even in debug builds: lower them here.
    if stats.estimate <= INLINE_MAX_ESTIMATE && stats.chain <= INLINE_MAX_CHAIN {
        return lower_on_this_thread(source);
    }
    let spawned = std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("offsetlint-rust-parse".into())
            .stack_size(PARSE_STACK)
            .spawn_scoped(s, || lower_on_this_thread(source))
            .map(|h| h.join())
    });
    match spawned {
        Ok(Ok(result)) => result,
        Ok(Err(_panic)) => Err(SyntaxError {
            message: "internal error while parsing this file".into(),
            range: TextRange::default(),
        }),
        // Could not start a thread: parse here.
        Err(_) => lower_on_this_thread(source),
    }
}

/// Parse, lower and release this thread's span table.
fn lower_on_this_thread(source: &str) -> Result<Lowered, SyntaxError> {
    let result = parse_and_lower(source);
    proc_macro2::extra::invalidate_current_thread_spans();
    result
}

/// `syn::parse_file` strips a BOM and a shebang line, which would shift every offset; blank
/// them out instead (same byte length) so offsets stay relative to `source`.
fn neutralize_prefix(source: &str) -> std::borrow::Cow<'_, str> {
    let mut text = std::borrow::Cow::Borrowed(source);
    let mut offset = 0;
    if let Some(rest) = source.strip_prefix('\u{feff}') {
        offset = '\u{feff}'.len_utf8();
        text = std::borrow::Cow::Owned(format!("{}{rest}", " ".repeat(offset)));
    }
    let body = &text[offset..];
    if body.starts_with("#!") && !body[2..].trim_start().starts_with('[') {
        let line_end = body.find('\n').unwrap_or(body.len());
        let mut owned = String::with_capacity(text.len());
        owned.push_str(&text[..offset]);
        owned.extend(std::iter::repeat_n(' ', line_end));
        owned.push_str(&body[line_end..]);
        text = std::borrow::Cow::Owned(owned);
    }
    text
}

fn parse_and_lower(source: &str) -> Result<Lowered, SyntaxError> {
    let text = neutralize_prefix(source);
    let file = syn::parse_file(&text).map_err(|e| syntax_error(source, &e))?;
    let mut l = Lowerer {
        st: LowerState::default(),
        hoisted: Vec::new(),
        in_function: false,
        inline_depth: 0,
        in_test_module: false,
        current_body: None,
        generics: Vec::new(),
        self_ty: None,
        self_ty_args: Vec::new(),
        loops: Vec::new(),
    };
    l.st.bodies.push(Body::new(
        "<module>",
        BodyKind::Module,
        TextRange::new(0, source.len() as u32),
    ));
    l.items(&file.items);
    let module = l.st.finish(Lang::Rust)?;
    let comments = scan::comments(source);
    Ok(Lowered {
        module,
        comments,
        recovered: None,
    })
}

fn syntax_error(source: &str, e: &syn::Error) -> SyntaxError {
    let mut message = e.to_string();
    let mut range = span::sp(e.span());
    if message == "cannot parse string into token stream" {
        message =
            "cannot split the file into tokens (unbalanced delimiter, or an unterminated string, \
                   character literal or block comment)"
                .into();
    } else if range.is_empty() && range.start == 0 && message.contains("end of input") {
        range = TextRange::new(source.len() as u32, source.len() as u32);
    }
    // Give an empty range one character so that it can be pointed at.
    if range.is_empty() {
        if let Some(c) = source
            .get(range.start as usize..)
            .and_then(|rest| rest.chars().next())
        {
            range = TextRange::new(range.start, range.start + c.len_utf8() as u32);
        }
    }
    SyntaxError { message, range }
}
