//! `proc_macro2::Span` → `TextRange`, computed on the parsing thread.
//!
//! With the `span-locations` feature and outside a procedural macro, proc-macro2's fallback
//! source map records every parsed string as a separate "file" on the current thread;
//! `Span::byte_range()` is relative to the start of the file the span belongs to (the source
//! map subtracts the file's base), so the offsets are byte offsets into `source` itself. Tokens
//! inside macro invocations keep their real source spans (macro bodies are re-parsed with
//! `syn::parse2` from those tokens, never from re-printed text).
//!
//! Expression ranges are computed from the first and last token with loops rather than with
//! `syn::spanned::Spanned` (which re-prints the whole subtree), so a long method chain costs
//! no recursion.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::Expr;

use crate::model::TextRange;

pub(super) fn sp(span: Span) -> TextRange {
    let r = span.byte_range();
    TextRange::new(r.start as u32, r.end as u32)
}

/// Range of a node whose token tree is small and bounded (identifiers, types, patterns,
/// paths, signatures).
pub(super) fn node<T: Spanned + ?Sized>(t: &T) -> TextRange {
    sp(t.span())
}

/// Upper bound on loop iterations while walking down an expression's spine.
const SPINE_LIMIT: usize = 1_000_000;

fn path_first(p: &syn::Path) -> TextRange {
    match (&p.leading_colon, p.segments.first()) {
        (Some(c), _) => node(c),
        (None, Some(s)) => sp(s.ident.span()),
        (None, None) => TextRange::default(),
    }
}

fn path_last(p: &syn::Path) -> TextRange {
    match p.segments.last() {
        Some(s) => node(s),
        None => path_first(p),
    }
}

fn label_or(label: &Option<syn::Label>, tok: Span) -> TextRange {
    match label {
        Some(l) => node(&l.name),
        None => sp(tok),
    }
}

pub(super) fn mac_range(m: &syn::Macro) -> TextRange {
    path_first(&m.path).cover(sp(m.delimiter.span().close()))
}

/// The first token of an expression (outer attributes excluded).
pub(super) fn first(mut e: &Expr) -> TextRange {
    for _ in 0..SPINE_LIMIT {
        e = match e {
            Expr::Array(x) => return sp(x.bracket_token.span.open()),
            Expr::Assign(x) => &x.left,
            Expr::Async(x) => return sp(x.async_token.span),
            Expr::Await(x) => &x.base,
            Expr::Binary(x) => &x.left,
            Expr::Block(x) => return label_or(&x.label, x.block.brace_token.span.open()),
            Expr::Break(x) => return sp(x.break_token.span),
            Expr::Call(x) => &x.func,
            Expr::Cast(x) => &x.expr,
            Expr::Closure(x) => {
                return match (
                    &x.lifetimes,
                    &x.constness,
                    &x.movability,
                    &x.asyncness,
                    &x.capture,
                ) {
                    (Some(l), ..) => sp(l.for_token.span),
                    (_, Some(c), ..) => sp(c.span),
                    (_, _, Some(s), ..) => sp(s.span),
                    (_, _, _, Some(a), _) => sp(a.span),
                    (_, _, _, _, Some(m)) => sp(m.span),
                    _ => sp(x.or1_token.span),
                }
            }
            Expr::Const(x) => return sp(x.const_token.span),
            Expr::Continue(x) => return sp(x.continue_token.span),
            Expr::Field(x) => &x.base,
            Expr::ForLoop(x) => return label_or(&x.label, x.for_token.span),
            Expr::Group(x) => &x.expr,
            Expr::If(x) => return sp(x.if_token.span),
            Expr::Index(x) => &x.expr,
            Expr::Infer(x) => return sp(x.underscore_token.span),
            Expr::Let(x) => return sp(x.let_token.span),
            Expr::Lit(x) => return sp(x.lit.span()),
            Expr::Loop(x) => return label_or(&x.label, x.loop_token.span),
            Expr::Macro(x) => return path_first(&x.mac.path),
            Expr::Match(x) => return sp(x.match_token.span),
            Expr::MethodCall(x) => &x.receiver,
            Expr::Paren(x) => return sp(x.paren_token.span.open()),
            Expr::Path(x) => {
                return match &x.qself {
                    Some(q) => sp(q.lt_token.span),
                    None => path_first(&x.path),
                }
            }
            Expr::Range(x) => match &x.start {
                Some(s) => s,
                None => return node(&x.limits),
            },
            Expr::RawAddr(x) => return sp(x.and_token.span),
            Expr::Reference(x) => return sp(x.and_token.span),
            Expr::Repeat(x) => return sp(x.bracket_token.span.open()),
            Expr::Return(x) => return sp(x.return_token.span),
            Expr::Struct(x) => {
                return match &x.qself {
                    Some(q) => sp(q.lt_token.span),
                    None => path_first(&x.path),
                }
            }
            Expr::Try(x) => &x.expr,
            Expr::TryBlock(x) => return sp(x.try_token.span),
            Expr::Tuple(x) => return sp(x.paren_token.span.open()),
            Expr::Unary(x) => return node(&x.op),
            Expr::Unsafe(x) => return sp(x.unsafe_token.span),
            Expr::While(x) => return label_or(&x.label, x.while_token.span),
            Expr::Yield(x) => return sp(x.yield_token.span),
            Expr::Verbatim(ts) => {
                return ts
                    .clone()
                    .into_iter()
                    .next()
                    .map(|t| sp(t.span()))
                    .unwrap_or_default()
            }
            _ => return TextRange::default(),
        };
    }
    TextRange::default()
}

/// The last token of an expression.
pub(super) fn last(mut e: &Expr) -> TextRange {
    for _ in 0..SPINE_LIMIT {
        e = match e {
            Expr::Array(x) => return sp(x.bracket_token.span.close()),
            Expr::Assign(x) => &x.right,
            Expr::Async(x) => return sp(x.block.brace_token.span.close()),
            Expr::Await(x) => return sp(x.await_token.span),
            Expr::Binary(x) => &x.right,
            Expr::Block(x) => return sp(x.block.brace_token.span.close()),
            Expr::Break(x) => match (&x.expr, &x.label) {
                (Some(v), _) => v,
                (None, Some(l)) => return node(l),
                (None, None) => return sp(x.break_token.span),
            },
            Expr::Call(x) => return sp(x.paren_token.span.close()),
            Expr::Cast(x) => return node(&*x.ty),
            Expr::Closure(x) => &x.body,
            Expr::Const(x) => return sp(x.block.brace_token.span.close()),
            Expr::Continue(x) => {
                return match &x.label {
                    Some(l) => node(l),
                    None => sp(x.continue_token.span),
                }
            }
            Expr::Field(x) => return node(&x.member),
            Expr::ForLoop(x) => return sp(x.body.brace_token.span.close()),
            Expr::Group(x) => &x.expr,
            Expr::If(x) => match &x.else_branch {
                Some((_, e)) => e,
                None => return sp(x.then_branch.brace_token.span.close()),
            },
            Expr::Index(x) => return sp(x.bracket_token.span.close()),
            Expr::Infer(x) => return sp(x.underscore_token.span),
            Expr::Let(x) => &x.expr,
            Expr::Lit(x) => return sp(x.lit.span()),
            Expr::Loop(x) => return sp(x.body.brace_token.span.close()),
            Expr::Macro(x) => return sp(x.mac.delimiter.span().close()),
            Expr::Match(x) => return sp(x.brace_token.span.close()),
            Expr::MethodCall(x) => return sp(x.paren_token.span.close()),
            Expr::Paren(x) => return sp(x.paren_token.span.close()),
            Expr::Path(x) => return path_last(&x.path),
            Expr::Range(x) => match &x.end {
                Some(end) => end,
                None => return node(&x.limits),
            },
            Expr::RawAddr(x) => &x.expr,
            Expr::Reference(x) => &x.expr,
            Expr::Repeat(x) => return sp(x.bracket_token.span.close()),
            Expr::Return(x) => match &x.expr {
                Some(v) => v,
                None => return sp(x.return_token.span),
            },
            Expr::Struct(x) => return sp(x.brace_token.span.close()),
            Expr::Try(x) => return sp(x.question_token.span),
            Expr::TryBlock(x) => return sp(x.block.brace_token.span.close()),
            Expr::Tuple(x) => return sp(x.paren_token.span.close()),
            Expr::Unary(x) => &x.expr,
            Expr::Unsafe(x) => return sp(x.block.brace_token.span.close()),
            Expr::While(x) => return sp(x.body.brace_token.span.close()),
            Expr::Yield(x) => match &x.expr {
                Some(v) => v,
                None => return sp(x.yield_token.span),
            },
            Expr::Verbatim(ts) => {
                return ts
                    .clone()
                    .into_iter()
                    .last()
                    .map(|t| sp(t.span()))
                    .unwrap_or_default()
            }
            _ => return TextRange::default(),
        };
    }
    TextRange::default()
}

/// The whole expression, first token to last.
pub(super) fn expr_range(e: &Expr) -> TextRange {
    first(e).cover(last(e))
}
