//! Blocks, statements, control flow and where tail values go (see the module docs in `mod.rs`).

use syn::{BinOp, Expr as SExpr, Pat, Stmt as SStmt, UnOp};

use super::span::{expr_range, last, mac_range, node, sp};
use super::{failure, macros, pat, LoopFrame, Lowerer, Tail};
use crate::model::visit::{self, Visitor};
use crate::model::*;

/// Expressions lowered as statements (their value is passed down to their tails).
pub(super) fn is_control(e: &SExpr) -> bool {
    match e {
        SExpr::If(_)
        | SExpr::Match(_)
        | SExpr::Loop(_)
        | SExpr::While(_)
        | SExpr::ForLoop(_)
        | SExpr::Block(_)
        | SExpr::Unsafe(_)
        | SExpr::Const(_)
        | SExpr::TryBlock(_)
        | SExpr::Return(_)
        | SExpr::Break(_)
        | SExpr::Continue(_) => true,
        SExpr::Macro(m) => macros::is_statement_macro(&m.mac),
        _ => false,
    }
}

pub(super) fn is_compound_assign(op: &BinOp) -> bool {
    matches!(
        op,
        BinOp::AddAssign(_)
            | BinOp::SubAssign(_)
            | BinOp::MulAssign(_)
            | BinOp::DivAssign(_)
            | BinOp::RemAssign(_)
            | BinOp::BitXorAssign(_)
            | BinOp::BitAndAssign(_)
            | BinOp::BitOrAssign(_)
            | BinOp::ShlAssign(_)
            | BinOp::ShrAssign(_)
    )
}

fn label_name(label: &Option<syn::Label>) -> Option<String> {
    label.as_ref().map(|l| l.name.ident.to_string())
}

pub(super) fn member_name(m: &syn::Member) -> String {
    match m {
        syn::Member::Named(id) => id.to_string(),
        syn::Member::Unnamed(i) => i.index.to_string(),
    }
}

/// Whether an assignment target holds a call (`f().x = ..`), which must not be duplicated.
fn target_has_call(t: &Target) -> bool {
    struct Found(bool);
    impl<'m> Visitor<'m> for Found {
        fn visit_expr(&mut self, e: &'m Expr) {
            if matches!(e, Expr::Call(_)) {
                self.0 = true;
            } else {
                visit::walk_expr(self, e);
            }
        }
    }
    let mut v = Found(false);
    v.visit_target(t);
    v.0
}

/// `a && b && c` as `[a, b, c]`.
fn conjuncts(e: &SExpr) -> Vec<&SExpr> {
    let mut rights = Vec::new();
    let mut cur = e;
    while let SExpr::Binary(b) = cur {
        if !matches!(b.op, BinOp::And(_)) {
            break;
        }
        rights.push(&*b.right);
        cur = &b.left;
    }
    let mut out = vec![cur];
    out.extend(rights.into_iter().rev());
    out
}

enum Cond {
    Let {
        subject: Expr,
        pattern: Pattern,
        bindings: Vec<String>,
        range: TextRange,
        /// The `Err(..)` branch's failure path (`if let Err(e) = ..`).
        then_failure: Option<FailurePath>,
        /// The `else` branch's failure path (`if let Ok(..) = .. else`).
        else_failure: Option<FailurePath>,
    },
    Bool(Expr),
}

impl Lowerer {
    /// Lower a block; its last statement, when it is a tail expression, goes to `tail`.
    pub(super) fn block(&mut self, stmts: &[SStmt], tail: &Tail) -> Block {
        let outer = std::mem::take(&mut self.hoisted);
        let mut out = Vec::with_capacity(stmts.len());
        let n = stmts.len();
        for (i, s) in stmts.iter().enumerate() {
            if !self.st.enter() {
                break;
            }
            let mut lowered = Vec::new();
            self.stmt(s, (i + 1 == n).then_some(tail), &mut lowered);
            self.st.leave();
            // Control flow lifted out of the statement's expressions runs before it.
            out.append(&mut self.hoisted);
            out.append(&mut lowered);
        }
        self.hoisted = outer;
        out
    }

    /// Lower into a fresh block: statements hoisted while lowering come first.
    pub(super) fn sub_block(&mut self, f: impl FnOnce(&mut Self, &mut Vec<Stmt>)) -> Block {
        let outer = std::mem::take(&mut self.hoisted);
        let mut out = Vec::new();
        f(self, &mut out);
        let mut res = std::mem::replace(&mut self.hoisted, outer);
        res.append(&mut out);
        res
    }

    fn stmt(&mut self, s: &SStmt, tail: Option<&Tail>, out: &mut Vec<Stmt>) {
        match s {
            SStmt::Local(l) => self.local(l, out),
            SStmt::Item(item) => self.item(item),
            SStmt::Expr(e, semi) => {
                let t = match (semi, tail) {
                    (None, Some(t)) => t.clone(),
                    _ => Tail::Discard,
                };
                self.tail_expr(e, t, out);
            }
            SStmt::Macro(m) => {
                let t = match (&m.semi_token, tail) {
                    (None, Some(t)) => t.clone(),
                    _ => Tail::Discard,
                };
                self.macro_stmt(&m.mac, mac_range(&m.mac), t, out);
            }
        }
    }

    fn local(&mut self, l: &syn::Local, out: &mut Vec<Stmt>) {
        // `let x;` declares without a value: nothing flows.
        let Some(init) = &l.init else { return };
        let (p, annotation) = match &l.pat {
            Pat::Type(pt) => (&*pt.pat, Some(self.type_ref(&pt.ty))),
            p => (p, None),
        };
        let range = sp(l.let_token.span).cover(sp(l.semi_token.span));
        let target = pat::target(p);
        match &init.diverge {
            None if is_control(&init.expr) => {
                self.tail_expr(&init.expr, Tail::Assign(target, annotation), out);
            }
            None => {
                let value = self.expr(&init.expr);
                out.push(Stmt::assign(vec![target], value, annotation, range));
            }
            Some((else_tok, diverge)) => {
                let value = self.expr(&init.expr);
                out.push(Stmt::assign(vec![target], value, annotation, range));
                let else_body = self.arm_body(diverge, &Tail::Discard);
                let failing = failure::failing_names(&init.expr);
                let arms = vec![
                    Arm {
                        pattern: pat::classify(p),
                        bindings: pat::bindings(p),
                        body: Vec::new(),
                        range: node(p),
                        failure: None,
                    },
                    Arm {
                        pattern: Pattern::Wildcard,
                        bindings: Vec::new(),
                        body: else_body,
                        range: sp(else_tok.span).cover(last(diverge)),
                        failure: failure::else_failure(p, &failing, sp(else_tok.span)),
                    },
                ];
                out.push(Stmt {
                    kind: StmtKind::Match {
                        subject: Expr::Opaque {
                            range: expr_range(&init.expr),
                        },
                        arms,
                    },
                    range,
                });
            }
        }
    }

    /// Lower `e` as a statement whose value goes to `tail`.
    pub(super) fn tail_expr(&mut self, e: &SExpr, tail: Tail, out: &mut Vec<Stmt>) {
        let r = expr_range(e);
        if !self.st.enter() {
            out.push(Stmt {
                kind: StmtKind::Expr(Expr::Opaque { range: r }),
                range: r,
            });
            return;
        }
        self.tail_inner(e, tail, r, out);
        self.st.leave();
    }

    fn tail_inner(&mut self, e: &SExpr, tail: Tail, r: TextRange, out: &mut Vec<Stmt>) {
        let kind = match e {
            SExpr::Paren(p) => return self.tail_expr(&p.expr, tail, out),
            SExpr::Group(g) => return self.tail_expr(&g.expr, tail, out),
            SExpr::If(i) => self.if_stmt(i, &tail, r),
            SExpr::Match(m) => self.match_stmt(m, &tail),
            SExpr::Loop(l) => {
                self.loops.push(LoopFrame {
                    label: label_name(&l.label),
                    tail: Some(tail),
                    is_block: false,
                });
                let body = self.block(&l.body.stmts, &Tail::Discard);
                self.loops.pop();
                StmtKind::Loop {
                    kind: LoopKind::Infinite,
                    target: None,
                    iter: None,
                    body,
                    orelse: Box::default(),
                }
            }
            SExpr::While(w) => {
                let (iter, target) = match &*w.cond {
                    SExpr::Let(l) => (self.expr(&l.expr), Some(pat::target(&l.pat))),
                    c => (self.expr(c), None),
                };
                self.loops.push(LoopFrame {
                    label: label_name(&w.label),
                    tail: None,
                    is_block: false,
                });
                let body = self.block(&w.body.stmts, &Tail::Discard);
                self.loops.pop();
                StmtKind::Loop {
                    kind: LoopKind::While,
                    target: target.map(Box::new),
                    iter: Some(iter),
                    body,
                    orelse: Box::default(),
                }
            }
            SExpr::ForLoop(f) => {
                let iter = self.expr(&f.expr);
                let target = pat::target(&f.pat);
                self.loops.push(LoopFrame {
                    label: label_name(&f.label),
                    tail: None,
                    is_block: false,
                });
                let body = self.block(&f.body.stmts, &Tail::Discard);
                self.loops.pop();
                StmtKind::Loop {
                    kind: LoopKind::For,
                    target: Some(Box::new(target)),
                    iter: Some(iter),
                    body,
                    orelse: Box::default(),
                }
            }
            SExpr::Block(b) => {
                let label = label_name(&b.label);
                let labeled = label.is_some();
                if labeled {
                    self.loops.push(LoopFrame {
                        label,
                        tail: Some(tail.clone()),
                        is_block: true,
                    });
                }
                let body = self.block(&b.block.stmts, &tail);
                if labeled {
                    self.loops.pop();
                }
                StmtKind::Block(body)
            }
            SExpr::Unsafe(u) => StmtKind::Block(self.block(&u.block.stmts, &tail)),
            SExpr::Const(c) => StmtKind::Block(self.block(&c.block.stmts, &tail)),
            SExpr::TryBlock(t) => StmtKind::Block(self.block(&t.block.stmts, &tail)),
            SExpr::Return(ret) => match &ret.expr {
                Some(v) if is_control(v) => return self.tail_expr(v, Tail::Return, out),
                Some(v) => StmtKind::Exit {
                    kind: ExitKind::Return,
                    value: Some(self.expr(v)),
                },
                None => StmtKind::Exit {
                    kind: ExitKind::Return,
                    value: None,
                },
            },
            SExpr::Break(b) => return self.break_stmt(b, r, out),
            SExpr::Continue(_) => StmtKind::Exit {
                kind: ExitKind::Continue,
                value: None,
            },
            SExpr::Macro(m) => return self.macro_stmt(&m.mac, r, tail, out),
            SExpr::Assign(a) => {
                if is_control(&a.right) {
                    let target = self.target_expr(&a.left);
                    if !target_has_call(&target) {
                        return self.tail_expr(&a.right, Tail::Assign(target, None), out);
                    }
                    // Each branch would get a copy of the target's calls: assign once instead.
                    let rr = expr_range(&a.right);
                    self.tail_expr(&a.right, Tail::Assign(Target::Other(rr), None), out);
                    let value = Expr::Opaque { range: rr };
                    StmtKind::Assign {
                        targets: vec![target],
                        value,
                        annotation: None,
                        augmented: false,
                    }
                } else {
                    let value = self.expr(&a.right);
                    let target = self.target_expr(&a.left);
                    StmtKind::Assign {
                        targets: vec![target],
                        value,
                        annotation: None,
                        augmented: false,
                    }
                }
            }
            SExpr::Binary(b) if is_compound_assign(&b.op) => {
                let value = self.expr(&b.right);
                let target = self.target_expr(&b.left);
                StmtKind::Assign {
                    targets: vec![target],
                    value,
                    annotation: None,
                    augmented: true,
                }
            }
            _ => {
                let v = self.expr(e);
                return self.apply_tail(v, tail, r, out);
            }
        };
        out.push(Stmt { kind, range: r });
    }

    /// Send a lowered value where the tail disposition says.
    pub(super) fn apply_tail(&mut self, v: Expr, tail: Tail, r: TextRange, out: &mut Vec<Stmt>) {
        let kind = match tail {
            Tail::Discard => StmtKind::Expr(v),
            Tail::Return => StmtKind::Exit {
                kind: ExitKind::Return,
                value: Some(v),
            },
            Tail::Assign(t, annotation) => StmtKind::Assign {
                targets: vec![t],
                value: v,
                annotation: annotation.map(Box::new),
                augmented: false,
            },
        };
        out.push(Stmt { kind, range: r });
    }

    fn break_stmt(&mut self, b: &syn::ExprBreak, r: TextRange, out: &mut Vec<Stmt>) {
        let label = b.label.as_ref().map(|l| l.ident.to_string());
        let frame = self.loops.iter().rev().find(|f| match &label {
            Some(l) => f.label.as_deref() == Some(l.as_str()),
            None => !f.is_block,
        });
        // Leaving a labeled block is not leaving a loop: only its value is kept.
        let to_block = frame.is_some_and(|f| f.is_block);
        let frame_tail = frame.and_then(|f| f.tail.clone());
        match (&b.expr, frame_tail) {
            (Some(v), Some(t)) => {
                let returns = matches!(t, Tail::Return);
                self.tail_expr(v, t, out);
                if !returns && !to_block {
                    out.push(Stmt {
                        kind: StmtKind::Exit {
                            kind: ExitKind::Break,
                            value: None,
                        },
                        range: r,
                    });
                }
            }
            (Some(v), None) => {
                let value = self.expr(v);
                out.push(Stmt {
                    kind: StmtKind::Exit {
                        kind: ExitKind::Break,
                        value: Some(value),
                    },
                    range: r,
                });
            }
            (None, _) if to_block => {}
            (None, _) => out.push(Stmt {
                kind: StmtKind::Exit {
                    kind: ExitKind::Break,
                    value: None,
                },
                range: r,
            }),
        }
    }

    fn if_stmt(&mut self, i: &syn::ExprIf, tail: &Tail, r: TextRange) -> StmtKind {
        let conds = conjuncts(&i.cond);
        if !conds.iter().any(|c| matches!(c, SExpr::Let(_))) {
            let test = self.expr(&i.cond);
            let body = self.block(&i.then_branch.stmts, tail);
            let orelse = self.else_branch(&i.else_branch, tail, r.end);
            return StmtKind::If { test, body, orelse };
        }
        // `if let` (and let chains): one `Match` per `let`, one `If` per boolean condition,
        // nested; the `else` belongs to the outermost level only (never duplicated).
        let mut lowered = Vec::with_capacity(conds.len());
        for c in conds {
            lowered.push(match c {
                SExpr::Let(l) => {
                    let pattern = pat::classify(&l.pat);
                    let failing = failure::failing_names(&l.expr);
                    let then_failure =
                        failure::arm_failure(&l.pat, &pattern, false, None, &failing);
                    // Only an explicit `else` is a handler: an `if let Ok(..)` without one
                    // has no code of its own on the failure path.
                    let else_failure = match &i.else_branch {
                        Some((tok, _)) => failure::else_failure(&l.pat, &failing, sp(tok.span)),
                        None => None,
                    };
                    Cond::Let {
                        subject: self.expr(&l.expr),
                        pattern,
                        bindings: pat::bindings(&l.pat),
                        range: node(&*l.pat),
                        then_failure,
                        else_failure,
                    }
                }
                other => Cond::Bool(self.expr(other)),
            });
        }
        let then_end = sp(i.then_branch.brace_token.span.close());
        let mut inner = self.block(&i.then_branch.stmts, tail);
        let mut orelse = self.else_branch(&i.else_branch, tail, r.end);
        let else_range = match &i.else_branch {
            // The `else` to the end of the chain (`r`'s end: not found again for each link).
            Some((tok, _)) => TextRange::new(sp(tok.span).start, r.end),
            None => r,
        };
        for (idx, c) in lowered.into_iter().enumerate().rev() {
            let else_b = if idx == 0 {
                std::mem::take(&mut orelse)
            } else {
                Vec::new()
            };
            let body = std::mem::take(&mut inner);
            let kind = match c {
                Cond::Let {
                    subject,
                    pattern,
                    bindings,
                    range,
                    then_failure,
                    else_failure,
                } => StmtKind::Match {
                    subject,
                    arms: vec![
                        Arm {
                            pattern,
                            bindings,
                            body,
                            range: range.cover(then_end),
                            failure: then_failure,
                        },
                        Arm {
                            pattern: Pattern::Wildcard,
                            bindings: Vec::new(),
                            body: else_b,
                            range: else_range,
                            // The `else` belongs to the outermost `let` only.
                            failure: if idx == 0 { else_failure } else { None },
                        },
                    ],
                },
                Cond::Bool(test) => StmtKind::If {
                    test,
                    body,
                    orelse: else_b,
                },
            };
            if idx == 0 {
                return kind;
            }
            inner = vec![Stmt { kind, range: r }];
        }
        StmtKind::Block(inner)
    }

    /// The `else` of an `if` whose chain ends at `end`.
    fn else_branch(
        &mut self,
        eb: &Option<(syn::token::Else, Box<SExpr>)>,
        tail: &Tail,
        end: u32,
    ) -> Block {
        let Some((tok, e)) = eb else {
            return Vec::new();
        };
        if !self.st.enter_else(sp(tok.span)) {
            return Vec::new();
        }
        let lowered = match &**e {
            // `else if`: a link of the chain, counted by `enter_else`, not as nesting.
            // Its range ends where the chain does (finding it anew per link was quadratic).
            SExpr::If(i) => {
                let t = tail.clone();
                let range = TextRange::new(sp(i.if_token.span).start, end);
                self.sub_block(|l, out| l.tail_inner(e, t, range, out))
            }
            other => self.arm_body(other, tail),
        };
        self.st.leave_else(1);
        lowered
    }

    /// A match arm's / `else`'s body: a block's statements, or one tail expression.
    pub(super) fn arm_body(&mut self, e: &SExpr, tail: &Tail) -> Block {
        match e {
            SExpr::Block(b) if b.label.is_none() => self.block(&b.block.stmts, tail),
            other => {
                let t = tail.clone();
                self.sub_block(|l, out| l.tail_expr(other, t, out))
            }
        }
    }

    fn match_stmt(&mut self, m: &syn::ExprMatch, tail: &Tail) -> StmtKind {
        let subject = self.expr(&m.expr);
        let failing = failure::failing_names(&m.expr);
        let beside_ok = m.arms.iter().any(|a| pat::is_ok(&a.pat));
        let mut arms = Vec::with_capacity(m.arms.len());
        for a in &m.arms {
            let pattern = pat::classify(&a.pat);
            let failure = failure::arm_failure(
                &a.pat,
                &pattern,
                beside_ok,
                a.guard.as_ref().map(|(_, g)| &**g),
                &failing,
            );
            arms.push(Arm {
                pattern,
                bindings: pat::bindings(&a.pat),
                body: self.arm_body(&a.body, tail),
                range: node(&a.pat).cover(last(&a.body)),
                failure,
            });
        }
        StmtKind::Match { subject, arms }
    }

    /// The target of an assignment expression (`x = ..`, `self.f = ..`, `_ = ..`).
    pub(super) fn target_expr(&mut self, e: &SExpr) -> Target {
        let r = expr_range(e);
        if !self.st.enter() {
            return Target::Other(r);
        }
        let t = match e {
            SExpr::Path(p)
                if p.qself.is_none()
                    && p.path.leading_colon.is_none()
                    && p.path.segments.len() == 1 =>
            {
                Target::Name(p.path.segments[0].ident.to_string().into(), r)
            }
            SExpr::Infer(_) => Target::Underscore(r),
            SExpr::Field(f) => Target::Attr {
                value: Box::new(self.expr(&f.base)),
                attr: member_name(&f.member).into(),
                range: r,
            },
            SExpr::Index(i) => Target::Index {
                value: Box::new(self.expr(&i.expr)),
                key: Box::new(self.expr(&i.index)),
                range: r,
            },
            SExpr::Tuple(t) => {
                let mut elts = Vec::with_capacity(t.elems.len());
                for x in &t.elems {
                    elts.push(self.target_expr(x));
                }
                Target::Tuple(elts, r)
            }
            SExpr::Paren(p) => self.target_expr(&p.expr),
            SExpr::Unary(u) if matches!(u.op, UnOp::Deref(_)) => self.target_expr(&u.expr),
            _ => Target::Other(r),
        };
        self.st.leave();
        t
    }
}
