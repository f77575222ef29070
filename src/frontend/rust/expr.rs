//! Expressions.

use syn::{Expr as SExpr, Lit as SLit, UnOp};

use super::span::{expr_range, first, node, sp};
use super::stmt::{is_compound_assign, member_name};
use super::{failure, Lowerer, Tail};
use crate::model::*;

impl Lowerer {
    pub(super) fn expr(&mut self, e: &SExpr) -> Expr {
        if !self.st.enter() {
            return Expr::Opaque {
                range: expr_range(e),
            };
        }
        let out = self.expr_inner(e);
        self.st.leave();
        out
    }

    fn exprs<'a>(&mut self, es: impl IntoIterator<Item = &'a SExpr>) -> Vec<Expr> {
        let mut out = Vec::new();
        for e in es {
            out.push(self.expr(e));
        }
        out
    }

    fn expr_inner(&mut self, e: &SExpr) -> Expr {
        match e {
            SExpr::Path(p) => self.path_expr(p),
            SExpr::Lit(l) => lit(&l.lit),
            SExpr::MethodCall(m) => {
                let id = self.st.call_id();
                let start = first(&m.receiver);
                let recv = self.expr(&m.receiver);
                let func = Expr::Attr {
                    value: Box::new(recv),
                    attr: m.method.to_string().into(),
                    range: start.cover(sp(m.method.span())),
                };
                let mut args = self.args(m.args.iter());
                // `.unwrap_or_else(|e| ..)`: the closure is a failure path.
                if let Some(at) = failure::error_closure_position(&m.method.to_string()) {
                    if let (Some(SExpr::Closure(c)), Some(arg)) =
                        (m.args.iter().nth(at), args.get_mut(at))
                    {
                        if let Expr::Closure(closure) = &mut arg.value {
                            let failing = failure::failing_names(&m.receiver);
                            closure.failure = failure::closure_failure(c, &failing).map(Box::new);
                        }
                    }
                }
                let type_args = m
                    .turbofish
                    .as_ref()
                    .map(|t| self.generic_args(&t.args))
                    .unwrap_or_default();
                let range = start.cover(sp(m.paren_token.span.close()));
                Expr::Call(Box::new(Call {
                    id,
                    func,
                    args: args.into(),
                    type_args: type_args.into(),
                    range,
                }))
            }
            SExpr::Call(c) => {
                let id = self.st.call_id();
                let start = first(&c.func);
                let func = self.expr(&c.func);
                let type_args = match &*c.func {
                    SExpr::Path(p) => match p.path.segments.last().map(|s| &s.arguments) {
                        Some(syn::PathArguments::AngleBracketed(a)) => self.generic_args(&a.args),
                        _ => Vec::new(),
                    },
                    _ => Vec::new(),
                };
                let args = self.args(c.args.iter());
                let range = start.cover(sp(c.paren_token.span.close()));
                Expr::Call(Box::new(Call {
                    id,
                    func,
                    args: args.into(),
                    type_args: type_args.into(),
                    range,
                }))
            }
            SExpr::Field(f) => {
                let start = first(&f.base);
                Expr::Attr {
                    value: Box::new(self.expr(&f.base)),
                    attr: member_name(&f.member).into(),
                    range: start.cover(node(&f.member)),
                }
            }
            SExpr::Await(a) => {
                let range = first(&a.base).cover(sp(a.await_token.span));
                Expr::Await {
                    value: Box::new(self.expr(&a.base)),
                    range,
                }
            }
            SExpr::Try(t) => {
                let range = first(&t.expr).cover(sp(t.question_token.span));
                Expr::Try {
                    value: Box::new(self.expr(&t.expr)),
                    range,
                }
            }
            SExpr::Paren(p) => self.expr(&p.expr),
            SExpr::Group(g) => self.expr(&g.expr),
            SExpr::Reference(r) => self.expr(&r.expr),
            SExpr::RawAddr(r) => self.expr(&r.expr),
            SExpr::Unary(u) => match u.op {
                UnOp::Deref(_) => self.expr(&u.expr),
                _ => {
                    let parts = vec![self.expr(&u.expr)];
                    Expr::derived(parts, Hop::Operator, expr_range(e))
                }
            },
            SExpr::Binary(b) if is_compound_assign(&b.op) => self.hoist(e),
            SExpr::Binary(b) => {
                let parts = vec![self.expr(&b.left), self.expr(&b.right)];
                Expr::derived(parts, Hop::Operator, expr_range(e))
            }
            SExpr::Cast(c) => {
                let parts = vec![self.expr(&c.expr)];
                Expr::derived(parts, Hop::Cast, expr_range(e))
            }
            SExpr::Index(i) => {
                let parts = vec![self.expr(&i.expr), self.expr(&i.index)];
                Expr::derived(parts, Hop::Index, expr_range(e))
            }
            SExpr::Range(r) => {
                let parts = self.exprs(r.start.iter().chain(r.end.iter()).map(|b| &**b));
                Expr::derived(parts, Hop::Other, expr_range(e))
            }
            SExpr::Let(l) => {
                let parts = vec![self.expr(&l.expr)];
                Expr::derived(parts, Hop::Other, expr_range(e))
            }
            SExpr::Yield(y) => {
                let parts = self.exprs(y.expr.iter().map(|b| &**b));
                Expr::derived(parts, Hop::Other, expr_range(e))
            }
            SExpr::Array(a) => Expr::Seq {
                elts: self.exprs(&a.elems).into(),
                range: expr_range(e),
            },
            SExpr::Tuple(t) => Expr::Seq {
                elts: self.exprs(&t.elems).into(),
                range: expr_range(e),
            },
            SExpr::Repeat(r) => Expr::Seq {
                elts: vec![self.expr(&r.expr)].into(),
                range: expr_range(e),
            },
            SExpr::Struct(s) => {
                let ty = s
                    .path
                    .segments
                    .iter()
                    .map(|seg| seg.ident.to_string())
                    .collect();
                let mut fields = Vec::with_capacity(s.fields.len());
                for f in &s.fields {
                    fields.push((member_name(&f.member), self.expr(&f.expr)));
                }
                if let Some(rest) = &s.rest {
                    fields.push(("..".to_string(), self.expr(rest)));
                }
                Expr::Record(Box::new(RecordExpr {
                    ty,
                    fields,
                    range: expr_range(e),
                }))
            }
            SExpr::Closure(c) => {
                let mut params = Vec::new();
                for p in &c.inputs {
                    params.extend(self.params_from_pat(p, None, node(p)));
                }
                let body = self.fn_like_body(&c.body);
                Expr::closure(params, body, c.asyncness.is_some(), expr_range(e))
            }
            SExpr::Async(a) => {
                let body = self.isolated(|l| l.block(&a.block.stmts, &Tail::Return));
                Expr::closure(Vec::new(), body, true, expr_range(e))
            }
            SExpr::Macro(m) => self.macro_expr(&m.mac, expr_range(e)),
            SExpr::If(i) => match self.simple_conditional(i) {
                Some(parts) => Expr::derived(parts, Hop::Conditional, expr_range(e)),
                None => self.hoist(e),
            },
            SExpr::Block(b) if b.label.is_none() => match b.block.stmts.as_slice() {
                [syn::Stmt::Expr(inner, None)] => self.expr(inner),
                _ => self.hoist(e),
            },
            SExpr::Unsafe(u) => match u.block.stmts.as_slice() {
                [syn::Stmt::Expr(inner, None)] => self.expr(inner),
                _ => self.hoist(e),
            },
            SExpr::Return(_) | SExpr::Break(_) | SExpr::Continue(_) => self.hoist_exit(e),
            SExpr::Block(_)
            | SExpr::Const(_)
            | SExpr::TryBlock(_)
            | SExpr::Match(_)
            | SExpr::Loop(_)
            | SExpr::While(_)
            | SExpr::ForLoop(_)
            | SExpr::Assign(_) => self.hoist(e),
            _ => Expr::Opaque {
                range: expr_range(e),
            },
        }
    }

    fn args<'a>(&mut self, es: impl IntoIterator<Item = &'a SExpr>) -> Vec<Arg> {
        let mut out = Vec::new();
        for e in es {
            out.push(Arg {
                name: None,
                value: self.expr(e),
                spread: Spread::None,
            });
        }
        out
    }

    /// `a::b::c` → `Attr(Attr(Name a, b), c)`; generic arguments are dropped.
    fn path_expr(&mut self, p: &syn::ExprPath) -> Expr {
        let mut cur: Option<Expr> = None;
        // `<T>::f`: start from the type's path; `<T as a::Trait>::f` is `a::Trait::f`.
        if let Some(q) = &p.qself {
            if let syn::Type::Path(tp) = &*q.ty {
                if q.position == 0 {
                    for seg in &tp.path.segments {
                        cur = Some(extend_path(cur, seg));
                    }
                }
            }
        }
        for seg in &p.path.segments {
            cur = Some(extend_path(cur, seg));
        }
        cur.unwrap_or(Expr::Opaque { range: node(p) })
    }

    /// A closure or async block body; its tail is returned.
    pub(super) fn fn_like_body(&mut self, body: &SExpr) -> Block {
        self.isolated(|l| match body {
            SExpr::Block(b) if b.label.is_none() => l.block(&b.block.stmts, &Tail::Return),
            other => l.sub_block(|l, out| l.tail_expr(other, Tail::Return, out)),
        })
    }

    /// Run `f` with no pending hoisted statements and no enclosing loops (a closure boundary).
    pub(super) fn isolated(&mut self, f: impl FnOnce(&mut Self) -> Block) -> Block {
        let saved_hoisted = std::mem::take(&mut self.hoisted);
        let saved_loops = std::mem::take(&mut self.loops);
        let out = f(self);
        self.loops = saved_loops;
        self.hoisted = saved_hoisted;
        out
    }

    /// `if c { a } else { b }` where every branch is a single tail expression (else-if
    /// chains included): the parts of a conditional expression.
    fn simple_conditional(&mut self, i: &syn::ExprIf) -> Option<Vec<Expr>> {
        fn tail_only(b: &syn::Block) -> Option<&SExpr> {
            match b.stmts.as_slice() {
                [syn::Stmt::Expr(e, None)] if !super::stmt::is_control(e) => Some(e),
                _ => None,
            }
        }
        // Check the whole chain before lowering anything.
        let mut parts_src: Vec<&SExpr> = Vec::new();
        let mut cur = i;
        for _ in 0..64 {
            if matches!(&*cur.cond, SExpr::Let(_)) {
                return None;
            }
            parts_src.push(&cur.cond);
            parts_src.push(tail_only(&cur.then_branch)?);
            match &cur.else_branch {
                None => return None,
                Some((_, e)) => match &**e {
                    SExpr::If(next) => cur = next,
                    SExpr::Block(b) if b.label.is_none() => {
                        parts_src.push(tail_only(&b.block)?);
                        return Some(self.exprs(parts_src));
                    }
                    _ => return None,
                },
            }
        }
        None
    }

    /// Lift a control-flow expression out of expression position: it runs before the current
    /// statement, each tail assigned to `Target::Other`; the value is opaque.
    fn hoist(&mut self, e: &SExpr) -> Expr {
        let r = expr_range(e);
        let mut tmp = Vec::new();
        self.tail_expr(e, Tail::Assign(Target::Other(r), None), &mut tmp);
        self.hoisted.append(&mut tmp);
        Expr::Opaque { range: r }
    }

    /// `return` / `break` / `continue` (or a diverging macro) inside an expression: it may
    /// exit before the current statement completes.
    pub(super) fn hoist_exit(&mut self, e: &SExpr) -> Expr {
        let r = expr_range(e);
        let mut tmp = Vec::new();
        self.tail_expr(e, Tail::Discard, &mut tmp);
        self.hoist_may_exit(tmp, r)
    }

    /// Hoists `body` (which may leave the function) before the current statement as
    /// `If { Opaque, body }`, and returns the opaque value left in its place.
    pub(super) fn hoist_may_exit(&mut self, body: Vec<Stmt>, r: TextRange) -> Expr {
        self.hoisted.push(Stmt {
            kind: StmtKind::If {
                test: Expr::Opaque { range: r },
                body,
                orelse: Vec::new(),
            },
            range: r,
        });
        Expr::Opaque { range: r }
    }
}

fn extend_path(cur: Option<Expr>, seg: &syn::PathSegment) -> Expr {
    let ident = sp(seg.ident.span());
    match cur {
        None => Expr::Name {
            id: seg.ident.to_string().into(),
            range: ident,
        },
        Some(prev) => {
            let range = prev.range().cover(ident);
            Expr::Attr {
                value: Box::new(prev),
                attr: seg.ident.to_string().into(),
                range,
            }
        }
    }
}

pub(super) fn lit(l: &SLit) -> Expr {
    let range = sp(l.span());
    let lit = match l {
        SLit::Str(s) => Lit::Str(s.value().into()),
        SLit::Int(i) => i.base10_parse::<i64>().map_or(Lit::Other, Lit::Int),
        SLit::Bool(b) => Lit::Bool(b.value),
        _ => Lit::Other,
    };
    Expr::Lit { lit, range }
}
