//! Patterns → assignment targets, bound names and match-arm classes.

use syn::Pat;

use super::span::node;
use crate::model::{Catch, Pattern, Target};

const MAX_PAT_DEPTH: u32 = 64;

/// A single upper-case identifier in a pattern is a unit variant or constant, not a binding.
fn is_constant_like(id: &syn::PatIdent) -> bool {
    id.by_ref.is_none()
        && id.mutability.is_none()
        && id.subpat.is_none()
        && id.ident.to_string().starts_with(|c: char| c.is_uppercase())
}

/// The target a `let` (or `for`, `while let`, select branch) pattern assigns.
pub(super) fn target(p: &Pat) -> Target {
    target_at(p, 0)
}

fn target_at(p: &Pat, depth: u32) -> Target {
    let r = node(p);
    if depth > MAX_PAT_DEPTH {
        return Target::Other(r);
    }
    let d = depth + 1;
    match p {
        Pat::Ident(id) => Target::Name(id.ident.to_string().into(), node(&id.ident)),
        Pat::Wild(_) => Target::Underscore(r),
        Pat::Tuple(t) => Target::Tuple(
            t.elems
                .iter()
                .filter(|e| !matches!(e, Pat::Rest(_)))
                .map(|e| target_at(e, d))
                .collect(),
            r,
        ),
        Pat::Slice(s) => Target::Tuple(
            s.elems
                .iter()
                .filter(|e| !matches!(e, Pat::Rest(_)))
                .map(|e| target_at(e, d))
                .collect(),
            r,
        ),
        Pat::TupleStruct(ts) => {
            let elems: Vec<&Pat> = ts
                .elems
                .iter()
                .filter(|e| !matches!(e, Pat::Rest(_)))
                .collect();
            match elems.as_slice() {
                [one] => target_at(one, d),
                _ => Target::Tuple(elems.into_iter().map(|e| target_at(e, d)).collect(), r),
            }
        }
        Pat::Struct(s) => {
            let fields: Vec<&Pat> = s.fields.iter().map(|f| &*f.pat).collect();
            match fields.as_slice() {
                [one] => target_at(one, d),
                _ => Target::Tuple(fields.into_iter().map(|e| target_at(e, d)).collect(), r),
            }
        }
        Pat::Reference(x) => target_at(&x.pat, d),
        Pat::Paren(x) => target_at(&x.pat, d),
        Pat::Type(x) => target_at(&x.pat, d),
        _ => Target::Other(r),
    }
}

/// Names a pattern binds, in order.
pub(super) fn bindings(p: &Pat) -> Vec<String> {
    let mut out = Vec::new();
    collect_bindings(p, &mut out, 0);
    out
}

fn collect_bindings(p: &Pat, out: &mut Vec<String>, depth: u32) {
    if depth > MAX_PAT_DEPTH {
        return;
    }
    let d = depth + 1;
    match p {
        Pat::Ident(id) => {
            if !is_constant_like(id) {
                out.push(id.ident.to_string());
            }
            if let Some((_, sub)) = &id.subpat {
                collect_bindings(sub, out, d);
            }
        }
        Pat::Tuple(t) => t.elems.iter().for_each(|e| collect_bindings(e, out, d)),
        Pat::Slice(s) => s.elems.iter().for_each(|e| collect_bindings(e, out, d)),
        Pat::TupleStruct(ts) => ts.elems.iter().for_each(|e| collect_bindings(e, out, d)),
        Pat::Struct(s) => s
            .fields
            .iter()
            .for_each(|f| collect_bindings(&f.pat, out, d)),
        // Every alternative binds the same names.
        Pat::Or(o) => {
            if let Some(first) = o.cases.first() {
                collect_bindings(first, out, d);
            }
        }
        Pat::Reference(x) => collect_bindings(&x.pat, out, d),
        Pat::Paren(x) => collect_bindings(&x.pat, out, d),
        Pat::Type(x) => collect_bindings(&x.pat, out, d),
        _ => {}
    }
}

fn last_segment(path: &syn::Path) -> String {
    path.segments
        .last()
        .map(|s| s.ident.to_string())
        .unwrap_or_default()
}

/// Look through `(p)`, `&p`, `p: T`, and `x @ p`.
fn strip(mut p: &Pat) -> &Pat {
    for _ in 0..MAX_PAT_DEPTH {
        p = match p {
            Pat::Paren(x) => &x.pat,
            Pat::Reference(x) => &x.pat,
            Pat::Type(x) => &x.pat,
            Pat::Ident(id) if id.subpat.is_some() => match &id.subpat {
                Some((_, sub)) => sub,
                None => return p,
            },
            _ => return p,
        };
    }
    p
}

/// The class of a match arm / `if let` pattern.
pub(super) fn classify(p: &Pat) -> Pattern {
    classify_at(p, 0)
}

fn classify_at(p: &Pat, depth: u32) -> Pattern {
    if depth > MAX_PAT_DEPTH {
        return Pattern::Other;
    }
    let d = depth + 1;
    match strip(p) {
        Pat::Wild(_) => Pattern::Wildcard,
        Pat::Ident(id) if is_constant_like(id) => Pattern::Other,
        Pat::Ident(_) => Pattern::Wildcard,
        Pat::TupleStruct(ts) => {
            let name = last_segment(&ts.path);
            match name.as_str() {
                "Ok" => Pattern::Success,
                "Err" => err_kind(ts.elems.iter().collect(), d),
                // `Some(Err(e))` (a stream item) is a failure; `Some(x)` a success.
                "Some" | "Ready" => {
                    let inner: Vec<&Pat> = ts
                        .elems
                        .iter()
                        .filter(|e| !matches!(e, Pat::Rest(_)))
                        .collect();
                    match inner.as_slice() {
                        [one] => match classify_at(one, d) {
                            k @ (Pattern::ErrAny | Pattern::ErrSpecific) => k,
                            _ => Pattern::Success,
                        },
                        _ => Pattern::Success,
                    }
                }
                _ => Pattern::Other,
            }
        }
        Pat::Or(o) => {
            let kinds: Vec<Pattern> = o.cases.iter().map(|c| classify_at(c, d)).collect();
            if kinds.contains(&Pattern::ErrAny) {
                Pattern::ErrAny
            } else if kinds.contains(&Pattern::ErrSpecific) {
                Pattern::ErrSpecific
            } else if kinds.contains(&Pattern::Wildcard) {
                Pattern::Wildcard
            } else if !kinds.is_empty() && kinds.iter().all(|k| *k == Pattern::Success) {
                Pattern::Success
            } else {
                Pattern::Other
            }
        }
        _ => Pattern::Other,
    }
}

/// `Err(<elems>)`: any error, or a named one.
fn err_kind(elems: Vec<&Pat>, depth: u32) -> Pattern {
    let elems: Vec<&Pat> = elems
        .into_iter()
        .filter(|e| !matches!(e, Pat::Rest(_)))
        .collect();
    let [one] = elems.as_slice() else {
        return Pattern::ErrAny;
    };
    if depth > MAX_PAT_DEPTH {
        return Pattern::ErrAny;
    }
    match strip(one) {
        Pat::Wild(_) | Pat::Rest(_) => Pattern::ErrAny,
        Pat::Ident(id) if is_constant_like(id) => Pattern::ErrSpecific,
        Pat::Ident(_) => Pattern::ErrAny,
        Pat::Path(_)
        | Pat::TupleStruct(_)
        | Pat::Struct(_)
        | Pat::Lit(_)
        | Pat::Range(_)
        | Pat::Const(_) => Pattern::ErrSpecific,
        // `Err((e, record))`: a send error with the record given back; the error is first.
        Pat::Tuple(t) => match t.elems.first() {
            Some(first) => err_kind(vec![first], depth + 1),
            None => Pattern::ErrAny,
        },
        Pat::Or(o) => {
            if o.cases
                .iter()
                .any(|c| err_kind(vec![c], depth + 1) == Pattern::ErrAny)
            {
                Pattern::ErrAny
            } else {
                Pattern::ErrSpecific
            }
        }
        _ => Pattern::ErrAny,
    }
}

/// `Ok(..)`: its `else` / `_` sibling runs when the result failed.
pub(super) fn is_ok(p: &Pat) -> bool {
    matches!(strip(p), Pat::TupleStruct(ts) if last_segment(&ts.path) == "Ok")
}

/// What an `Err(..)` pattern (classified `ErrAny` / `ErrSpecific`) catches: anything, or the
/// variants it names (every path in it: `Err((KafkaError::MessageProduction(
/// RDKafkaErrorCode::QueueFull), _))` names both).
pub(super) fn err_catch(p: &Pat, kind: &Pattern) -> Catch {
    if *kind != Pattern::ErrSpecific {
        return Catch::Any;
    }
    let mut paths = Vec::new();
    collect_paths(p, &mut paths, 0);
    Catch::Variants(paths)
}

fn collect_paths(p: &Pat, out: &mut Vec<Vec<String>>, depth: u32) {
    if depth > MAX_PAT_DEPTH {
        return;
    }
    let d = depth + 1;
    let segments = |path: &syn::Path| -> Vec<String> {
        path.segments.iter().map(|s| s.ident.to_string()).collect()
    };
    match strip(p) {
        Pat::TupleStruct(ts) => {
            let path = segments(&ts.path);
            if !matches!(path.as_slice(), [one] if one == "Err" || one == "Some") {
                out.push(path);
            }
            ts.elems.iter().for_each(|e| collect_paths(e, out, d));
        }
        Pat::Struct(s) => {
            out.push(segments(&s.path));
            s.fields.iter().for_each(|f| collect_paths(&f.pat, out, d));
        }
        Pat::Path(pp) => out.push(segments(&pp.path)),
        Pat::Ident(id) if is_constant_like(id) => out.push(vec![id.ident.to_string()]),
        Pat::Tuple(t) => t.elems.iter().for_each(|e| collect_paths(e, out, d)),
        Pat::Or(o) => o.cases.iter().for_each(|c| collect_paths(c, out, d)),
        _ => {}
    }
}
