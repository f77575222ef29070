//! Rust error handling lowered to the model's failure-path shape (`model::FailurePath`): `Err`
//! arms, the `else` of `if let Ok(..)` / `let Ok(..) = .. else`, `_` arms beside `Ok(..)`, and
//! error closures (`.unwrap_or_else(|e| ..)`). Python's `except` clauses lower to the same
//! shape, so the failure-path rules never look at the language.

use syn::{Expr as SExpr, Pat};

use super::pat;
use super::span::node;
use crate::knowledge::vocab::ERROR_CLOSURES;
use crate::model::{Catch, FailurePath, Pattern, TextRange};

/// Last names of the calls whose failure a matched expression reports, outermost first,
/// looking through `.await`, `?`, references and parentheses: `serde_json::from_slice::<T>(p)
/// .map_err(..)` gives `["map_err", "from_slice"]`.
pub(super) fn failing_names(e: &SExpr) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = e;
    for _ in 0..32 {
        cur = match cur {
            SExpr::Await(a) => &a.base,
            SExpr::Try(t) => &t.expr,
            SExpr::Paren(p) => &p.expr,
            SExpr::Group(g) => &g.expr,
            SExpr::Reference(r) => &r.expr,
            SExpr::MethodCall(m) => {
                out.push(m.method.to_string());
                &m.receiver
            }
            SExpr::Call(c) => {
                if let SExpr::Path(p) = &*c.func {
                    if let Some(seg) = p.path.segments.last() {
                        out.push(seg.ident.to_string());
                    }
                }
                break;
            }
            _ => break,
        };
    }
    out
}

/// The failure path of a `match` arm (or the `Err` branch of an `if let`): an `Err(..)`
/// pattern, or a `_` / binding arm beside an `Ok(..)` arm. A guarded `Err(e) if ..` arm is
/// not a catch-all: it catches what its guard selects (the variants a guard such as
/// `e == KafkaError::MessageProduction(RDKafkaErrorCode::QueueFull)` or `matches!(e, ..)`
/// names).
pub(super) fn arm_failure(
    p: &Pat,
    kind: &Pattern,
    beside_ok: bool,
    guard: Option<&SExpr>,
    failing: &[String],
) -> Option<FailurePath> {
    let guarded = guard.is_some();
    let catch = match kind {
        Pattern::ErrAny if guarded => {
            Catch::Variants(guard.map(guard_variants).unwrap_or_default())
        }
        Pattern::ErrAny | Pattern::ErrSpecific => pat::err_catch(p, kind),
        Pattern::Wildcard if beside_ok && !guarded => Catch::Any,
        _ => return None,
    };
    Some(FailurePath {
        catch,
        failing: failing.to_vec(),
        range: node(p),
    })
}

/// The paths a guard selects by (`e == A::B(C::D)`, `matches!(e, A::B(C::D))`): every path
/// of two segments or more in its tokens; none when it negates (`!=`, `!matches!(..)`),
/// since it then selects everything but them.
fn guard_variants(guard: &SExpr) -> Vec<Vec<String>> {
    use proc_macro2::TokenTree;
    use quote::ToTokens;
    fn walk(tokens: proc_macro2::TokenStream, out: &mut Vec<Vec<String>>, negated: &mut bool) {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let mut path: Vec<String> = Vec::new();
        let mut i = 0;
        while i < tokens.len() {
            match &tokens[i] {
                TokenTree::Ident(id) => path.push(id.to_string()),
                TokenTree::Punct(c) if c.as_char() == ':' => {}
                TokenTree::Punct(c) => {
                    let next_is_eq = matches!(tokens.get(i + 1), Some(TokenTree::Punct(e)) if e.as_char() == '=');
                    if c.as_char() == '!'
                        && !(i > 0 && matches!(tokens[i - 1], TokenTree::Ident(_)) && !next_is_eq)
                    {
                        *negated = true;
                    }
                    if path.len() >= 2 {
                        out.push(std::mem::take(&mut path));
                    }
                    path.clear();
                }
                TokenTree::Group(g) => {
                    if path.len() >= 2 {
                        out.push(std::mem::take(&mut path));
                    }
                    path.clear();
                    walk(g.stream(), out, negated);
                }
                TokenTree::Literal(_) => path.clear(),
            }
            i += 1;
        }
        if path.len() >= 2 {
            out.push(path);
        }
    }
    let mut out = Vec::new();
    let mut negated = false;
    walk(guard.to_token_stream(), &mut out, &mut negated);
    if negated {
        out.clear();
    }
    out
}

/// The `else` of `if let Ok(..) = e` or `let Ok(..) = e else`: runs when `e` failed.
pub(super) fn else_failure(p: &Pat, failing: &[String], range: TextRange) -> Option<FailurePath> {
    pat::is_ok(p).then(|| FailurePath {
        catch: Catch::Any,
        failing: failing.to_vec(),
        range,
    })
}

/// The argument position of the error closure of a method call (`unwrap_or_else`: 0), when the
/// method takes one.
pub(super) fn error_closure_position(method: &str) -> Option<usize> {
    ERROR_CLOSURES
        .iter()
        .find(|(m, _)| *m == method)
        .map(|(_, at)| *at)
}

/// An error closure's failure path: it takes the error (`|e|`, `|_|`); a closure without
/// parameters belongs to `Option::unwrap_or_else`, which is not a failure.
pub(super) fn closure_failure(c: &syn::ExprClosure, failing: &[String]) -> Option<FailurePath> {
    if c.inputs.is_empty() {
        return None;
    }
    Some(FailurePath {
        catch: Catch::Any,
        failing: failing.to_vec(),
        range: node(&c.or1_token).cover(node(&c.or2_token)),
    })
}
