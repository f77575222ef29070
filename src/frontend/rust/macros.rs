//! Macro invocations. `syn` leaves macro bodies as token streams; the macros listed in the
//! module docs of `frontend::rust` are re-parsed from those tokens (with `syn::parse2`, so every
//! span is still a real source span) and lowered like the code they expand to.

use proc_macro2::{Spacing, TokenStream, TokenTree};
use syn::parse::{ParseStream, Parser};
use syn::punctuated::Punctuated;
use syn::{Expr as SExpr, Pat, Token};

use super::span::{expr_range, last, node, sp};
use super::{pat, Lowerer, Tail};
use crate::model::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `panic!` family: `Exit { Panic }`.
    Panic,
    /// `anyhow::bail!`: `Exit { Return }`.
    Bail,
    Select,
    Join,
    Vec,
    /// `assert!` (`cmp: false`) / `assert_eq!` (`cmp: true`).
    Assert {
        cmp: bool,
    },
    /// `anyhow::ensure!`.
    Ensure,
    Format,
    Stream,
    Matches,
    Dbg,
    Try,
    Opaque,
    Unknown,
}

fn kind(mac: &syn::Macro) -> Kind {
    let name = mac
        .path
        .segments
        .last()
        .map(|s| s.ident.to_string())
        .unwrap_or_default();
    match name.as_str() {
        "panic" | "unreachable" | "todo" | "unimplemented" => Kind::Panic,
        "bail" => Kind::Bail,
        "select" | "select_biased" => Kind::Select,
        "join" | "try_join" => Kind::Join,
        "vec" => Kind::Vec,
        "assert" | "debug_assert" => Kind::Assert { cmp: false },
        "assert_eq" | "assert_ne" | "debug_assert_eq" | "debug_assert_ne" => {
            Kind::Assert { cmp: true }
        }
        "ensure" => Kind::Ensure,
        "format" | "format_args" | "print" | "println" | "eprint" | "eprintln" | "write"
        | "writeln" | "concat" | "anyhow" | "format_err" | "info" | "warn" | "error" | "debug"
        | "trace" | "log" | "event" => Kind::Format,
        "stream" | "try_stream" => Kind::Stream,
        "matches" => Kind::Matches,
        "dbg" => Kind::Dbg,
        "try" => Kind::Try,
        "json" | "stringify" | "include_str" | "include_bytes" | "include" | "env"
        | "option_env" | "file" | "line" | "column" | "module_path" | "cfg" | "quote"
        | "quote_spanned" | "parse_quote" | "concat_idents" | "compile_error" | "macro_rules" => {
            Kind::Opaque
        }
        _ => Kind::Unknown,
    }
}

/// Macros lowered as statements (control flow), whatever their position.
pub(super) fn is_statement_macro(mac: &syn::Macro) -> bool {
    matches!(
        kind(mac),
        Kind::Panic | Kind::Bail | Kind::Select | Kind::Assert { .. } | Kind::Ensure
    )
}

/// The body of an item-position macro, when it parses as items.
pub(super) fn parse_items(tokens: &TokenStream) -> Option<Vec<syn::Item>> {
    syn::parse2::<syn::File>(tokens.clone())
        .ok()
        .map(|f| f.items)
}

/// `lazy_static! { [pub] static ref NAME: Type = expr; ... }`: each entry's name, type,
/// initializer and range (from `static` to `;`).
pub(super) fn parse_lazy_statics(
    mac: &syn::Macro,
) -> Option<Vec<(syn::Ident, syn::Type, SExpr, TextRange)>> {
    if mac.path.segments.last()?.ident != "lazy_static" {
        return None;
    }
    let parser = |input: syn::parse::ParseStream| {
        let mut out = Vec::new();
        while !input.is_empty() {
            let _attrs = input.call(syn::Attribute::parse_outer)?;
            let _vis: syn::Visibility = input.parse()?;
            let start: Token![static] = input.parse()?;
            let _ref: Token![ref] = input.parse()?;
            let ident: syn::Ident = input.parse()?;
            let _colon: Token![:] = input.parse()?;
            let ty: syn::Type = input.parse()?;
            let _eq: Token![=] = input.parse()?;
            let expr: SExpr = input.parse()?;
            let semi: Token![;] = input.parse()?;
            out.push((ident, ty, expr, sp(start.span).cover(sp(semi.span))));
        }
        Ok(out)
    };
    parser.parse2(mac.tokens.clone()).ok()
}

fn parse_comma_exprs(tokens: &TokenStream) -> Option<Vec<SExpr>> {
    Punctuated::<SExpr, Token![,]>::parse_terminated
        .parse2(tokens.clone())
        .ok()
        .map(|p| p.into_iter().collect())
}

fn parse_stmts(tokens: &TokenStream) -> Option<Vec<syn::Stmt>> {
    syn::Block::parse_within.parse2(tokens.clone()).ok()
}

/// `a`, `a.b.c`: the left side of a named format argument or a tracing field.
fn is_name_chain(e: &SExpr) -> bool {
    let mut cur = e;
    for _ in 0..64 {
        match cur {
            SExpr::Path(p) => return p.qself.is_none() && p.path.segments.len() == 1,
            SExpr::Field(f) => cur = &f.base,
            _ => return false,
        }
    }
    false
}

fn split_commas(tokens: &TokenStream) -> Vec<Vec<TokenTree>> {
    let mut out = vec![Vec::new()];
    for tt in tokens.clone() {
        match &tt {
            TokenTree::Punct(p) if p.as_char() == ',' => out.push(Vec::new()),
            _ => {
                if let Some(cur) = out.last_mut() {
                    cur.push(tt)
                }
            }
        }
    }
    out.retain(|c| !c.is_empty());
    out
}

fn is_punct(tt: Option<&TokenTree>, c: char) -> bool {
    matches!(tt, Some(TokenTree::Punct(p)) if p.as_char() == c)
}

fn is_ident(tt: Option<&TokenTree>) -> bool {
    matches!(tt, Some(TokenTree::Ident(_)))
}

/// Drop `target:` / `parent:` / `name:` prefixes, `field.name =` / `name =` prefixes, and the
/// tracing sigils `?` / `%` from one macro argument.
fn strip_arg_prefix(tts: &[TokenTree]) -> TokenStream {
    let mut i = 0;
    if is_ident(tts.first())
        && matches!(tts.get(1), Some(TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == Spacing::Alone)
    {
        i = 2;
    } else if is_ident(tts.first()) {
        let mut j = 1;
        while is_punct(tts.get(j), '.') && is_ident(tts.get(j + 1)) {
            j += 2;
        }
        if matches!(tts.get(j), Some(TokenTree::Punct(p)) if p.as_char() == '=' && p.spacing() == Spacing::Alone)
        {
            i = j + 1;
        }
    }
    if is_punct(tts.get(i), '?') || is_punct(tts.get(i), '%') {
        i += 1;
    }
    tts.get(i..).unwrap_or(&[]).iter().cloned().collect()
}

/// The arguments of a format-like or logging macro: whatever parses.
fn lenient_args(tokens: &TokenStream) -> Vec<SExpr> {
    if let Some(es) = parse_comma_exprs(tokens) {
        return es
            .into_iter()
            .map(|e| match e {
                SExpr::Assign(a) if is_name_chain(&a.left) => *a.right,
                other => other,
            })
            .collect();
    }
    split_commas(tokens)
        .iter()
        .filter_map(|chunk| syn::parse2::<SExpr>(strip_arg_prefix(chunk)).ok())
        .collect()
}

/// `biased;` at the start of `join!` / `select!`.
fn strip_biased(tokens: &TokenStream) -> TokenStream {
    let tts: Vec<TokenTree> = tokens.clone().into_iter().collect();
    match (tts.first(), tts.get(1)) {
        (Some(TokenTree::Ident(id)), Some(TokenTree::Punct(p)))
            if id == "biased" && p.as_char() == ';' =>
        {
            tts[2..].iter().cloned().collect()
        }
        _ => tokens.clone(),
    }
}

/// One `select!` branch.
struct Branch {
    pat: Option<Pat>,
    fut: Option<SExpr>,
    guard: Option<SExpr>,
    body: SExpr,
    start: proc_macro2::Span,
}

/// `PAT = FUT (, if GUARD)? => BODY ,?` ... and `else` / `default` / `complete => BODY`.
fn parse_select(input: ParseStream) -> syn::Result<Vec<Branch>> {
    let mut out = Vec::new();
    if input.peek(syn::Ident) && input.peek2(Token![;]) {
        let fork = input.fork();
        if fork.parse::<syn::Ident>().is_ok_and(|id| id == "biased") {
            input.parse::<syn::Ident>()?;
            input.parse::<Token![;]>()?;
        }
    }
    while !input.is_empty() {
        let start = input.span();
        let is_else = input.peek(Token![else]) && input.peek2(Token![=>]);
        let is_default = !is_else
            && input.peek(syn::Ident)
            && input.peek2(Token![=>])
            && input
                .fork()
                .parse::<syn::Ident>()
                .is_ok_and(|id| id == "default" || id == "complete");
        let (pat, fut, guard) = if is_else {
            input.parse::<Token![else]>()?;
            (None, None, None)
        } else if is_default {
            input.parse::<syn::Ident>()?;
            (None, None, None)
        } else {
            let pat = Pat::parse_multi_with_leading_vert(input)?;
            input.parse::<Token![=]>()?;
            let fut: SExpr = input.parse()?;
            let guard = if input.peek(Token![,]) && input.peek2(Token![if]) {
                input.parse::<Token![,]>()?;
                input.parse::<Token![if]>()?;
                Some(input.parse::<SExpr>()?)
            } else {
                None
            };
            (Some(pat), Some(fut), guard)
        };
        input.parse::<Token![=>]>()?;
        let body: SExpr = if input.peek(syn::token::Brace) {
            let block: syn::Block = input.parse()?;
            SExpr::Block(syn::ExprBlock {
                attrs: Vec::new(),
                label: None,
                block,
            })
        } else {
            input.parse()?
        };
        if input.peek(Token![,]) {
            input.parse::<Token![,]>()?;
        } else if !input.is_empty() && !matches!(body, SExpr::Block(_)) {
            return Err(input.error("expected `,` after a select! branch"));
        }
        out.push(Branch {
            pat,
            fut,
            guard,
            body,
            start,
        });
    }
    Ok(out)
}

fn opaque_stmt(r: TextRange) -> Stmt {
    Stmt {
        kind: StmtKind::Expr(Expr::Opaque { range: r }),
        range: r,
    }
}

impl Lowerer {
    /// A macro in statement (or tail) position.
    pub(super) fn macro_stmt(
        &mut self,
        mac: &syn::Macro,
        r: TextRange,
        tail: Tail,
        out: &mut Vec<Stmt>,
    ) {
        if !self.st.enter() {
            out.push(opaque_stmt(r));
            return;
        }
        self.macro_stmt_inner(mac, r, tail, out);
        self.st.leave();
    }

    fn macro_stmt_inner(
        &mut self,
        mac: &syn::Macro,
        r: TextRange,
        tail: Tail,
        out: &mut Vec<Stmt>,
    ) {
        let k = kind(mac);
        match k {
            Kind::Panic => {
                let value = self.format_value(&mac.tokens, r);
                out.push(Stmt {
                    kind: StmtKind::Exit {
                        kind: ExitKind::Panic,
                        value,
                    },
                    range: r,
                });
            }
            Kind::Bail => {
                let value = self.format_value(&mac.tokens, r);
                out.push(Stmt {
                    kind: StmtKind::Exit {
                        kind: ExitKind::Return,
                        value,
                    },
                    range: r,
                });
            }
            Kind::Select => match parse_select.parse2(strip_biased(&mac.tokens)) {
                Ok(branches) => {
                    let stmts = self.select(&branches, &tail);
                    out.push(Stmt {
                        kind: StmtKind::Block(stmts),
                        range: r,
                    });
                }
                Err(_) => self.unknown_stmt(mac, r, tail, out),
            },
            Kind::Assert { .. } | Kind::Ensure => {
                let cmp = matches!(k, Kind::Assert { cmp: true });
                let args = lenient_args(&mac.tokens);
                let n_cond = if cmp { 2 } else { 1 }.min(args.len());
                let (conds, msg) = args.split_at(n_cond);
                let mut tests = Vec::with_capacity(conds.len());
                for c in conds {
                    tests.push(self.expr(c));
                }
                let test = if cmp || tests.len() != 1 {
                    Expr::Derived {
                        parts: tests.into(),
                        hop: Hop::Operator,
                        range: r,
                    }
                } else {
                    tests.pop().unwrap_or(Expr::Opaque { range: r })
                };
                let value = if msg.is_empty() {
                    None
                } else {
                    let parts = msg.iter().map(|m| self.expr(m)).collect();
                    Some(Expr::derived(parts, Hop::Format, r))
                };
                let exit = if k == Kind::Ensure {
                    ExitKind::Return
                } else {
                    ExitKind::Panic
                };
                let orelse = vec![Stmt {
                    kind: StmtKind::Exit { kind: exit, value },
                    range: r,
                }];
                out.push(Stmt {
                    kind: StmtKind::If {
                        test,
                        body: Vec::new(),
                        orelse,
                    },
                    range: r,
                });
            }
            Kind::Unknown => self.unknown_stmt(mac, r, tail, out),
            _ => {
                let v = self.macro_value(mac, r, k);
                self.apply_tail(v, tail, r, out);
            }
        }
    }

    /// An unknown macro in statement position: expressions, else statements, else opaque.
    fn unknown_stmt(&mut self, mac: &syn::Macro, r: TextRange, tail: Tail, out: &mut Vec<Stmt>) {
        if let Some(v) = self.unknown_exprs(&mac.tokens, r) {
            return self.apply_tail(v, tail, r, out);
        }
        if let Some(stmts) = parse_stmts(&mac.tokens) {
            let body = self.block(&stmts, &tail);
            out.push(Stmt {
                kind: StmtKind::Block(body),
                range: r,
            });
            return;
        }
        self.apply_tail(Expr::Opaque { range: r }, tail, r, out);
    }

    fn unknown_exprs(&mut self, tokens: &TokenStream, r: TextRange) -> Option<Expr> {
        let es = parse_comma_exprs(tokens)?;
        if es.is_empty() {
            return Some(Expr::Opaque { range: r });
        }
        let parts = es.iter().map(|e| self.expr(e)).collect();
        Some(Expr::derived(parts, Hop::Other, r))
    }

    /// A macro in expression position.
    pub(super) fn macro_expr(&mut self, mac: &syn::Macro, r: TextRange) -> Expr {
        if !self.st.enter() {
            return Expr::Opaque { range: r };
        }
        let k = kind(mac);
        let out = match k {
            Kind::Panic | Kind::Bail => {
                let mut tmp = Vec::new();
                self.macro_stmt_inner(mac, r, Tail::Discard, &mut tmp);
                self.hoist_may_exit(tmp, r)
            }
            Kind::Select | Kind::Assert { .. } | Kind::Ensure => {
                let mut tmp = Vec::new();
                self.macro_stmt_inner(mac, r, Tail::Assign(Target::Other(r), None), &mut tmp);
                self.hoisted.append(&mut tmp);
                Expr::Opaque { range: r }
            }
            Kind::Unknown => match self.unknown_exprs(&mac.tokens, r) {
                Some(v) => v,
                None => match parse_stmts(&mac.tokens) {
                    Some(stmts) => {
                        let body = self.isolated(|l| l.block(&stmts, &Tail::Return));
                        Expr::closure(Vec::new(), body, false, r)
                    }
                    None => Expr::Opaque { range: r },
                },
            },
            _ => self.macro_value(mac, r, k),
        };
        self.st.leave();
        out
    }

    /// Value-producing macros.
    fn macro_value(&mut self, mac: &syn::Macro, r: TextRange, k: Kind) -> Expr {
        match k {
            Kind::Join => match parse_comma_exprs(&strip_biased(&mac.tokens)) {
                Some(es) => {
                    let mut elts = Vec::with_capacity(es.len());
                    for e in &es {
                        let range = expr_range(e);
                        elts.push(Expr::Await {
                            value: Box::new(self.expr(e)),
                            range,
                        });
                    }
                    Expr::Seq {
                        elts: elts.into(),
                        range: r,
                    }
                }
                None => Expr::Opaque { range: r },
            },
            Kind::Vec => {
                let repeat = |input: ParseStream| -> syn::Result<SExpr> {
                    let e: SExpr = input.parse()?;
                    input.parse::<Token![;]>()?;
                    input.parse::<SExpr>()?;
                    Ok(e)
                };
                if let Ok(e) = repeat.parse2(mac.tokens.clone()) {
                    return Expr::Seq {
                        elts: vec![self.expr(&e)].into(),
                        range: r,
                    };
                }
                match parse_comma_exprs(&mac.tokens) {
                    Some(es) => Expr::Seq {
                        elts: es.iter().map(|e| self.expr(e)).collect(),
                        range: r,
                    },
                    None => Expr::Opaque { range: r },
                }
            }
            Kind::Format => self.format_value(&mac.tokens, r).unwrap_or(Expr::Derived {
                parts: Box::default(),
                hop: Hop::Format,
                range: r,
            }),
            Kind::Stream => match parse_stmts(&mac.tokens) {
                Some(stmts) => {
                    let body = self.isolated(|l| l.block(&stmts, &Tail::Discard));
                    Expr::closure(Vec::new(), body, true, r)
                }
                None => Expr::Opaque { range: r },
            },
            // `matches!(e, A::B(C::D))`: the subject, and the pattern where it reads as an
            // expression (a path or a tuple variant), so that a test can be seen to select
            // a variant (`if matches!(e, KafkaError::MessageProduction(QueueFull))`).
            Kind::Matches => {
                let parts = |input: ParseStream| -> syn::Result<(SExpr, TokenStream)> {
                    let e: SExpr = input.parse()?;
                    input.parse::<Token![,]>()?;
                    Ok((e, input.parse::<TokenStream>()?))
                };
                match parts.parse2(mac.tokens.clone()) {
                    Ok((e, pattern)) => {
                        let mut parts = vec![self.expr(&e)];
                        if let Ok(p) = syn::parse2::<SExpr>(pattern) {
                            parts.push(self.expr(&p));
                        }
                        Expr::Derived {
                            parts: parts.into(),
                            hop: Hop::Operator,
                            range: r,
                        }
                    }
                    Err(_) => Expr::Opaque { range: r },
                }
            }
            Kind::Dbg => match parse_comma_exprs(&mac.tokens).as_deref() {
                Some([one]) => self.expr(one),
                Some(es) if !es.is_empty() => Expr::Seq {
                    elts: es.iter().map(|e| self.expr(e)).collect(),
                    range: r,
                },
                _ => Expr::Opaque { range: r },
            },
            Kind::Try => match syn::parse2::<SExpr>(mac.tokens.clone()) {
                Ok(e) => Expr::Try {
                    value: Box::new(self.expr(&e)),
                    range: r,
                },
                Err(_) => Expr::Opaque { range: r },
            },
            _ => Expr::Opaque { range: r },
        }
    }

    /// `Derived { Format }` over a format-like macro's arguments; `None` without arguments.
    fn format_value(&mut self, tokens: &TokenStream, r: TextRange) -> Option<Expr> {
        let args = lenient_args(tokens);
        if args.is_empty() {
            return None;
        }
        let parts = args.iter().map(|a| self.expr(a)).collect();
        Some(Expr::derived(parts, Hop::Format, r))
    }

    /// `select!` branches: `If { test: guard or opaque, body: [PAT = FUT.await, BODY], orelse:
    /// [the next branch] }`. One branch runs: a commit in one is never before the code of
    /// another (OL104), as an `if`/`else if` chain says.
    fn select(&mut self, branches: &[Branch], tail: &Tail) -> Block {
        let mut stmts: Vec<Stmt> = Vec::with_capacity(branches.len());
        for b in branches {
            let range = sp(b.start).cover(last(&b.body));
            let test = match &b.guard {
                Some(g) => self.expr(g),
                None => Expr::Opaque { range },
            };
            let body = self.sub_block(|l, out| {
                if let (Some(p), Some(f)) = (&b.pat, &b.fut) {
                    let fr = expr_range(f);
                    let value = Expr::Await {
                        value: Box::new(l.expr(f)),
                        range: fr,
                    };
                    out.push(Stmt {
                        kind: StmtKind::Assign {
                            targets: vec![pat::target(p)],
                            value,
                            annotation: None,
                            augmented: false,
                        },
                        range: node(p).cover(fr),
                    });
                }
                let mut rest = l.arm_body(&b.body, tail);
                out.append(&mut rest);
            });
            stmts.push(Stmt {
                kind: StmtKind::If {
                    test,
                    body,
                    orelse: Vec::new(),
                },
                range,
            });
        }
        // Each branch is the `else` of the one before it.
        let mut chain: Option<Stmt> = None;
        while let Some(mut stmt) = stmts.pop() {
            if let (StmtKind::If { orelse, .. }, Some(next)) = (&mut stmt.kind, chain.take()) {
                orelse.push(next);
            }
            chain = Some(stmt);
        }
        chain.into_iter().collect()
    }
}
