//! The one walk over a body's statements that the per-file analyses share. It tracks, for
//! every expression, where its value goes (`ResultUse`: awaited, unwrapped, discarded, bound,
//! passed on), builds the control context (`control.rs`: the region tree, every call's
//! position, exits), and calls hooks for the nodes the analyses index: calls, assignments,
//! `for` loops, struct literals. Analyses implement the hooks they need; none walks
//! the tree itself.

use super::control::{Control, Each, Exits, LoopRef, Pos, RegionKind};
use super::uses::{Adapter, End, ResultUse};
use crate::knowledge::vocab::Vocabulary;
use crate::model::*;

/// Where a node is: its body and its position in the control tree.
#[derive(Debug, Clone, Copy)]
pub struct Site {
    pub body: BodyId,
    pub pos: Pos,
}

/// What the analyses see during the walk. Every method has an empty default.
pub trait Hooks<'m> {
    /// A call, with the use of its result.
    fn call(&mut self, _call: &'m Call, _use: &ResultUse, _site: Site) {}
    /// `target = value` (also `let`, `with .. as`, `for` targets are separate).
    fn assign(
        &mut self,
        _target: &'m Target,
        _value: &'m Expr,
        _annotation: Option<&'m TypeRef>,
        _site: Site,
    ) {
    }
    /// `name[key] = value`, also written as `name |= {key: value}`.
    fn item_set(&mut self, _name: &'m str, _key: &'m Expr, _value: &'m Expr, _site: Site) {}
    /// `for target in iter`.
    fn for_loop(&mut self, _target: &'m Target, _iter: &'m Expr, _site: Site) {}
    /// A struct literal / keyword construction of a known type.
    fn record(&mut self, _ty: &'m [String], _fields: &'m [(String, Expr)], _site: Site) {}
    /// A name bound by a pattern to (what is inside) a value: `Some(x)` / `Ok(x)` arms.
    fn bind(&mut self, _name: &'m str, _value: &'m Expr, _site: Site) {}
    /// `return value` (and Rust tails), or `yield value`.
    fn output(&mut self, _value: &'m Expr, _yielded: bool, _site: Site) {}
}

/// Walks one body (closures inline: their statements belong to the enclosing body), adding
/// its regions to `control`.
pub fn walk_body<'m, H: Hooks<'m>>(
    body: &'m Body,
    id: BodyId,
    vocab: &Vocabulary,
    control: &mut Control<'m>,
    hooks: &mut H,
) {
    let region = control.open(RegionKind::Body, None, id, &body.stmts);
    let mut w = Walker {
        hooks,
        vocab,
        control,
        site: Site {
            body: id,
            pos: Pos { region, index: 0 },
        },
        closures: 0,
        arg_of: None,
        each_arg: None,
        each_inner: None,
        lambda_result: None,
        returning: None,
    };
    w.block(&body.stmts);
    w.control.close(region);
}

struct Walker<'h, 'v, 'c, 'm, H> {
    hooks: &'h mut H,
    vocab: &'v Vocabulary,
    control: &'c mut Control<'m>,
    site: Site,
    /// Inside a closure, `return` and tails are the closure's, not the body's.
    closures: u32,
    /// The call whose arguments are being walked (a closure there is that call's).
    arg_of: Option<CallId>,
    /// That call is a per-item stream combinator (`for_each`): a closure there runs per item.
    each_arg: Option<Each>,
    /// An `async` block that is a per-item closure's whole body (`|m| async move { .. }`):
    /// it runs per item too, as the combinator call's closure.
    each_inner: Option<(*const ClosureExpr, Each, Option<CallId>)>,
    /// A closure handed to a call that runs it and returns its result
    /// (`await anyio.to_thread.run_sync(lambda: p.flush(5))`), with that call's use.
    lambda_result: Option<(*const ClosureExpr, ResultUse)>,
    /// Inside that closure: where what it returns ends up.
    returning: Option<ResultUse>,
}

/// The `async` block a closure's body consists of, if it does: `|m| async move { .. }`.
fn async_body(c: &ClosureExpr) -> Option<&ClosureExpr> {
    match c.body.as_slice() {
        [Stmt {
            kind:
                StmtKind::Expr(Expr::Closure(inner))
                | StmtKind::Exit {
                    kind: ExitKind::Return,
                    value: Some(Expr::Closure(inner)),
                },
            ..
        }] if inner.is_async && inner.params.is_empty() => Some(&**inner),
        _ => None,
    }
}

fn used() -> ResultUse {
    ResultUse::new(End::Used)
}

impl<'m, H: Hooks<'m>> Walker<'_, '_, '_, 'm, H> {
    fn block(&mut self, stmts: &'m [Stmt]) {
        for (i, s) in stmts.iter().enumerate() {
            self.site.pos.index = i as u32;
            self.stmt(s);
        }
    }

    /// Walks `stmts` as a new region hanging from the current position.
    fn region(&mut self, kind: RegionKind<'m>, stmts: &'m [Stmt]) {
        let saved = self.site.pos;
        let id = self.control.open(kind, Some(saved), self.site.body, stmts);
        self.site.pos = Pos {
            region: id,
            index: 0,
        };
        self.block(stmts);
        self.control.close(id);
        self.site.pos = saved;
    }

    fn stmt(&mut self, stmt: &'m Stmt) {
        match &stmt.kind {
            StmtKind::Expr(e) => self.expr(e, ResultUse::new(End::Discarded)),
            // `options |= {"k": v}`: the dict takes those keys, as `options["k"] = v` would.
            StmtKind::Assign {
                targets,
                value: value @ Expr::Dict { items, .. },
                augmented: true,
                ..
            } if items.iter().all(|(k, _)| k.is_some())
                && matches!(targets.as_slice(), [Target::Name(..)]) =>
            {
                self.expr(value, used());
                if let [Target::Name(name, _)] = targets.as_slice() {
                    for (key, v) in items {
                        if let Some(key) = key {
                            self.hooks.item_set(name, key, v, self.site);
                        }
                    }
                }
            }
            StmtKind::Assign {
                targets,
                value,
                annotation,
                ..
            } => {
                let end = match targets.as_slice() {
                    [Target::Underscore(_)] => End::Underscore,
                    [Target::Name(n, _)] => End::Bound(n.clone()),
                    _ => End::Used,
                };
                self.expr(value, ResultUse::new(end));
                for t in targets {
                    self.hooks
                        .assign(t, value, annotation.as_deref(), self.site);
                    self.target(t);
                }
            }
            StmtKind::If { test, body, orelse } => {
                self.expr(test, used());
                self.region(RegionKind::Branch { test, taken: true }, body);
                self.region(RegionKind::Branch { test, taken: false }, orelse);
            }
            StmtKind::Match { subject, arms } => {
                self.expr(subject, used());
                for arm in arms {
                    // `if let Some(out) = &self.out`: the one name a success arm binds holds
                    // the subject's value.
                    if let (Pattern::Success, [name]) = (&arm.pattern, arm.bindings.as_slice()) {
                        self.hooks.bind(name, subject, self.site);
                    }
                    self.region(RegionKind::Arm { subject, arm }, &arm.body);
                }
            }
            StmtKind::Loop {
                kind,
                target,
                iter,
                body,
                orelse,
            } => {
                if let Some(i) = iter {
                    self.expr(i, used());
                }
                if let (Some(t), Some(i)) = (target, iter) {
                    self.hooks.for_loop(t, i, self.site);
                }
                if let Some(t) = target {
                    self.target(t);
                }
                let lp = LoopRef {
                    kind: *kind,
                    target: target.as_deref(),
                    iter: iter.as_ref(),
                    range: stmt.range,
                };
                self.region(RegionKind::Loop(lp), body);
                self.region(RegionKind::LoopElse, orelse);
            }
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finally,
            } => {
                self.region(RegionKind::Try, body);
                for h in handlers {
                    for t in &h.types {
                        self.expr(t, used());
                    }
                    self.region(RegionKind::Handler { handler: h }, &h.body);
                }
                self.region(RegionKind::TryElse, orelse);
                self.region(RegionKind::Finally, finally);
            }
            StmtKind::Exit { kind, value } => {
                self.control.exit(self.site.pos.region, Exits::of(*kind));
                let returned = *kind == ExitKind::Return && self.closures == 0;
                if let (Some(v), true) = (value, returned) {
                    self.hooks.output(v, false, self.site);
                }
                if let Some(v) = value {
                    let u = match (returned, &self.returning) {
                        (true, _) => ResultUse::new(End::Returned),
                        (false, Some(u)) if *kind == ExitKind::Return => u.clone(),
                        _ => used(),
                    };
                    self.expr(v, u);
                }
            }
            StmtKind::Block(b) => self.region(RegionKind::Plain, b),
        }
    }

    fn target(&mut self, t: &'m Target) {
        match t {
            Target::Attr { value, .. } => self.expr(value, used()),
            Target::Index { value, key, .. } => {
                self.expr(value, used());
                self.expr(key, used());
            }
            Target::Tuple(ts, _) => ts.iter().for_each(|t| self.target(t)),
            Target::Name(..) | Target::Underscore(_) | Target::Other(_) => {}
        }
    }

    /// The closure argument of `call` that `call` runs and whose result it returns (a
    /// callable taker that returns, `run_in_executor(None, lambda: p.flush(5))`), with where
    /// that result ends up: the call's use, its first await being the taker's own.
    fn returned_closure(
        &self,
        call: &Call,
        u: &ResultUse,
    ) -> Option<(*const ClosureExpr, ResultUse)> {
        let last = call.func.last_name()?;
        let (at, returns) = self.vocab.callable_taker(last)?;
        let Expr::Closure(c) = &call.positional().nth(at)?.value else {
            return None;
        };
        returns.then(|| (&**c as *const ClosureExpr, u.past_taker()))
    }

    /// Visits `e`, whose value ends up as `u` says.
    fn expr(&mut self, e: &'m Expr, u: ResultUse) {
        match e {
            Expr::Call(call) => {
                self.control.call_at(call.id, self.site.pos);
                self.hooks.call(call, &u, self.site);
                let outer_lambda = self.lambda_result.take();
                let lambda = self.returned_closure(call, &u);
                let outer = self.arg_of.take();
                let outer_each = self.each_arg.take();
                let drop_call = matches!(
                    call.func.dotted().as_deref(),
                    Some(["drop"]) | Some([.., "mem", "drop"])
                );
                match call.func.as_method() {
                    Some((recv, m)) => {
                        let vocab = self.vocab;
                        let recv_use = if vocab.unwrap_methods.contains(&m) {
                            u.through(Adapter::Unwrap)
                        } else if vocab.discard_methods.contains(&m) {
                            u.through(Adapter::Discard)
                        } else if vocab.passthrough_methods.contains(&m)
                            || error_unread(vocab, call, m)
                        {
                            u
                        } else {
                            ResultUse::new(End::Method(m.into()))
                        };
                        self.expr(recv, recv_use);
                    }
                    None => self.expr(&call.func, used()),
                }
                self.lambda_result = lambda;
                self.arg_of = Some(call.id);
                self.each_arg = (call.func.as_method())
                    .and_then(|(_, m)| self.vocab.each_methods.iter().find(|(n, _)| *n == m))
                    .map(|&(_, ends)| if ends { Each::Stream } else { Each::Item });
                for a in &call.args {
                    let arg_use = if drop_call {
                        ResultUse::new(End::Underscore)
                    } else {
                        used()
                    };
                    self.expr(&a.value, arg_use);
                }
                self.arg_of = outer;
                self.each_arg = outer_each;
                self.lambda_result = outer_lambda;
            }
            Expr::Await { value, .. } => self.expr(value, u.through(Adapter::Await)),
            Expr::Try { value, .. } => {
                self.control.exit(self.site.pos.region, Exits::PROPAGATE);
                self.expr(value, u.through(Adapter::Unwrap))
            }
            Expr::Attr { value, .. } => self.expr(value, used()),
            Expr::Dict { items, .. } => {
                for (k, v) in items {
                    if let Some(k) = k {
                        self.expr(k, used());
                    }
                    self.expr(v, used());
                }
            }
            Expr::Derived {
                parts,
                hop: Hop::Yield,
                ..
            } => {
                for p in parts {
                    self.hooks.output(p, true, self.site);
                    self.expr(p, used());
                }
            }
            // `with Consumer(conf) as c`: the context manager is bound as it is.
            Expr::Derived {
                parts,
                hop: Hop::Enter,
                ..
            } => parts.iter().for_each(|p| self.expr(p, u.clone())),
            Expr::Seq { elts: parts, .. } | Expr::Derived { parts, .. } => {
                parts.iter().for_each(|p| self.expr(p, used()))
            }
            Expr::Record(r) => {
                self.hooks.record(&r.ty, &r.fields, self.site);
                r.fields.iter().for_each(|(_, v)| self.expr(v, used()))
            }
            Expr::Closure(c) => {
                let arg_of = self.arg_of.take();
                let each_arg = self.each_arg.take();
                let this = &**c as *const ClosureExpr;
                let (call, each) = match self.each_inner {
                    Some((inner, each, call)) if inner == this && each_arg.is_none() => {
                        (call, Some(each))
                    }
                    _ => (arg_of, each_arg),
                };
                let kind = RegionKind::Closure {
                    call,
                    failure: c.failure.as_deref(),
                    each,
                };
                let outer_inner = self.each_inner;
                self.each_inner = each.and_then(|e| Some((async_body(c)? as *const _, e, call)));
                let returning = match self.lambda_result.take() {
                    Some((lambda, u)) if lambda == this => Some(u),
                    other => {
                        self.lambda_result = other;
                        None
                    }
                };
                let outer_returning = std::mem::replace(&mut self.returning, returning);
                self.closures += 1;
                self.region(kind, &c.body);
                self.closures -= 1;
                self.returning = outer_returning;
                self.each_inner = outer_inner;
                self.arg_of = arg_of;
                self.each_arg = each_arg;
            }
            Expr::Name { .. } | Expr::Lit { .. } | Expr::Opaque { .. } => {}
        }
    }
}

/// Whether `call` is a completion stage whose callback never reads the failure it is given
/// (`whenComplete((r, ex) -> log.info(..))`): the failure passes through it unseen.
fn error_unread(vocab: &Vocabulary, call: &Call, m: &str) -> bool {
    let Some(&(_, at)) = vocab.error_param_stages.iter().find(|(n, _)| *n == m) else {
        return false;
    };
    match call.positional().next().map(|a| &a.value) {
        Some(Expr::Closure(c)) => c
            .params
            .get(at)
            .is_some_and(|e| !visit::reads_name(&c.body, &e.name)),
        _ => false,
    }
}
