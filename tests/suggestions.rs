//! Every suggestion is valid code (catalog, "What a run promises"). offsetlint runs over every
//! file of `testdata/` (rule fixtures and projects, both languages) and over the dev corpus
//! when it has been fetched; then:
//!
//! - every fix is applied to its file and the result must parse (Python with
//!   ruff_python_parser, Rust with syn);
//! - every help text's code (the `: `code`` that ends it) must parse as an expression, a
//!   `<message>` placeholder standing for a hole the user fills;
//! - every variable the code names must be bound at the flagged call: in the enclosing
//!   function before the call (a parameter, an assignment, a loop or pattern target), not
//!   only in a sibling branch or `select!` arm, not a `KafkaResult` (`let r =
//!   consumer.recv().await`); module-level names (imports, constants) are bound everywhere.
//!   The check is approximate, as the brief allows: it follows blocks, not data flow;
//! - a comment line `# suggests: CODE` / `// suggests: CODE` right above a flagged line says
//!   what the code must be exactly (`none`: no code, and no fix).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use offsetlint::cli::main_with_args;
use offsetlint::ExitStatus;

const HOLE: &str = "<message>";
const HOLE_NAME: &str = "offsetlint_hole";

/// A fix's edit: (line, column, end_line, end_column, content), 1-based columns in
/// characters.
type JsonEdit = (usize, usize, usize, usize, String);

/// One finding as the JSON output gives it.
struct Found {
    path: PathBuf,
    line: usize,
    column: usize,
    code: String,
    help: Option<String>,
    edits: Option<Vec<JsonEdit>>,
}

fn check_json(target: &Path) -> Vec<Found> {
    let target_s = target.to_str().unwrap();
    let (status, out) = main_with_args(
        [
            "offsetlint",
            "check",
            "--format",
            "json",
            "--isolated",
            target_s,
        ]
        .into_iter()
        .map(String::from),
    );
    assert!(
        matches!(status, ExitStatus::Clean | ExitStatus::Findings),
        "{target_s}: status {status:?}, stderr:\n{}",
        out.stderr
    );
    let items: Vec<serde_json::Value> =
        serde_json::from_str(&out.stdout).unwrap_or_else(|e| panic!("{target_s}: not JSON ({e})"));
    items
        .iter()
        .filter(|i| i.get("cell").is_none_or(|c| c.is_null()))
        .map(|i| Found {
            path: PathBuf::from(i["path"].as_str().unwrap()),
            line: i["line"].as_u64().unwrap() as usize,
            column: i["column"].as_u64().unwrap() as usize,
            code: i["code"].as_str().unwrap().to_string(),
            help: i["help"].as_str().map(str::to_string),
            edits: i["fix"]["edits"].as_array().map(|edits| {
                edits
                    .iter()
                    .map(|e| {
                        let n = |k: &str| e[k].as_u64().unwrap() as usize;
                        let content = e["content"].as_str().unwrap().to_string();
                        (
                            n("line"),
                            n("column"),
                            n("end_line"),
                            n("end_column"),
                            content,
                        )
                    })
                    .collect()
            }),
        })
        .collect()
}

/// The code a help text suggests: the `: `code`` that ends it.
fn suggested_code(help: &str) -> Option<&str> {
    let body = help.strip_suffix('`')?;
    let start = body.rfind(": `")?;
    Some(&body[start + 3..])
}

/// Byte offset of a 1-based line and 1-based column in characters (as JSON gives them).
fn offset(source: &str, line: usize, column: usize) -> usize {
    let start: usize = source
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum();
    let rest = &source[start.min(source.len())..];
    start
        + rest
            .char_indices()
            .nth(column - 1)
            .map_or(rest.len(), |(i, _)| i)
}

fn apply(source: &str, edits: &[JsonEdit]) -> String {
    let mut ranges: Vec<(usize, usize, &str)> = edits
        .iter()
        .map(|(l, c, el, ec, content)| {
            (
                offset(source, *l, *c),
                offset(source, *el, *ec),
                content.as_str(),
            )
        })
        .collect();
    ranges.sort_by_key(|r| std::cmp::Reverse(r.0));
    let mut out = source.to_string();
    for (start, end, content) in ranges {
        out.replace_range(start..end, content);
    }
    out
}

/// What is wrong with the findings of one run.
/// `annotated` counts the `suggests:` annotations met.
fn problems(found: &[Found], annotated: &mut usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut sources: BTreeMap<PathBuf, Option<String>> = BTreeMap::new();
    for f in found {
        let Some(source) = sources
            .entry(f.path.clone())
            .or_insert_with(|| std::fs::read_to_string(&f.path).ok())
            .clone()
        else {
            continue; // not UTF-8: the hostile fixtures, read in their declared encoding
        };
        // Java suggestions are help text (no fix is offered for Java) and this test has no
        // Java parser to check them with; the rule documents' Java examples are run.
        if f.path.extension().is_some_and(|e| e == "java") {
            assert!(
                f.edits.is_none(),
                "{}: a fix offered in Java",
                f.path.display()
            );
            continue;
        }
        let rust = f.path.extension().is_some_and(|e| e == "rs");
        let place = format!("{}:{}: {}", f.path.display(), f.line, f.code);
        let code = f.help.as_deref().and_then(suggested_code);
        if let Some(edits) = &f.edits {
            let fixed = apply(&source, edits);
            let parsed = if rust {
                syn::parse_file(&fixed)
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            } else {
                ruff_python_parser::parse_module(&fixed)
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            };
            if let Err(e) = parsed {
                out.push(format!("{place}: the fixed file does not parse ({e})"));
            }
            if code.is_none_or(|c| c.contains(HOLE)) {
                out.push(format!("{place}: a fix without its code in the help"));
            }
        }
        if let Some(wanted) = annotation(&source, f.line) {
            *annotated += 1;
            let shown = code.unwrap_or("none");
            if shown != wanted {
                out.push(format!("{place}: suggests `{shown}`, annotated `{wanted}`"));
            }
            if wanted == "none" && f.edits.is_some() {
                out.push(format!("{place}: a fix where none is annotated"));
            }
        }
        let Some(code) = code.filter(|c| looks_like_call(c)) else {
            continue;
        };
        let filled = code.replace(HOLE, HOLE_NAME);
        let names = if rust {
            rust_names(&filled)
        } else {
            python_names(&filled)
        };
        let names = match names {
            Ok(names) => names,
            Err(e) => {
                out.push(format!("{place}: `{code}` does not parse ({e})"));
                continue;
            }
        };
        let bound = if rust {
            rust_scope::bound_at(&source, f.line, f.column)
        } else {
            python_scope::bound_at(&source, offset(&source, f.line, f.column))
        };
        let Some(bound) = bound else {
            out.push(format!("{place}: the file does not parse"));
            continue;
        };
        for name in names.iter().filter(|n| *n != HOLE_NAME) {
            match bound.get(name) {
                None => out.push(format!(
                    "{place}: `{code}` names `{name}`, not bound at the call"
                )),
                Some(Binding::Result) => out.push(format!(
                    "{place}: `{code}` names `{name}`, a `KafkaResult`, not a message"
                )),
                Some(Binding::Value) => {}
            }
        }
    }
    out
}

/// `# suggests: CODE` on the line above `line`.
fn annotation(source: &str, line: usize) -> Option<&str> {
    let above = source.lines().nth(line.checked_sub(2)?)?.trim_start();
    let rest = above
        .strip_prefix("# suggests: ")
        .or_else(|| above.strip_prefix("// suggests: "))?;
    Some(rest.trim_end())
}

/// A receiver path and an argument list: the code of a call suggestion (other helps quote
/// option names and values).
fn looks_like_call(code: &str) -> bool {
    let head = code.split('(').next().unwrap_or("");
    code.ends_with(')')
        && !head.is_empty()
        && head
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '.')
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Binding {
    Value,
    /// `let r = consumer.recv().await`: a `KafkaResult`, not a message.
    Result,
}

/// Free variable names of a Python expression (comprehension targets excluded; CapWords
/// names are classes, which the fix imports).
fn python_names(code: &str) -> Result<Vec<String>, String> {
    use ruff_python_ast::visitor::{walk_expr, Visitor};
    use ruff_python_ast::{Expr, ExprContext};
    #[derive(Default)]
    struct Names {
        loads: Vec<String>,
        stores: HashSet<String>,
    }
    impl<'a> Visitor<'a> for Names {
        fn visit_expr(&mut self, e: &'a Expr) {
            if let Expr::Name(n) = e {
                match n.ctx {
                    ExprContext::Store => self.stores.insert(n.id.to_string()),
                    _ => {
                        self.loads.push(n.id.to_string());
                        true
                    }
                };
            }
            walk_expr(self, e);
        }
    }
    let parsed = ruff_python_parser::parse_expression(code).map_err(|e| e.to_string())?;
    let mut names = Names::default();
    names.visit_expr(parsed.expr());
    Ok(names
        .loads
        .into_iter()
        .filter(|n| !names.stores.contains(n) && !n.starts_with(char::is_uppercase))
        .collect())
}

/// Variable names of a Rust expression: single-segment lower-case paths (`CommitMode::Sync`,
/// statics, `self` and called functions are not local variables).
fn rust_names(code: &str) -> Result<Vec<String>, String> {
    use syn::visit::Visit;
    struct Names(Vec<String>);
    impl<'a> Visit<'a> for Names {
        fn visit_expr_call(&mut self, c: &'a syn::ExprCall) {
            if !matches!(&*c.func, syn::Expr::Path(_)) {
                self.visit_expr(&c.func);
            }
            c.args.iter().for_each(|a| self.visit_expr(a));
        }
        fn visit_expr_path(&mut self, p: &'a syn::ExprPath) {
            if let Some(id) = p.path.get_ident() {
                let s = id.to_string();
                if s != "self" && s.starts_with(|c: char| c.is_lowercase() || c == '_') {
                    self.0.push(s);
                }
            }
        }
    }
    let e: syn::Expr = syn::parse_str(code).map_err(|e| e.to_string())?;
    let mut names = Names(Vec::new());
    names.visit_expr(&e);
    Ok(names.0)
}

/// Names bound at a point of a Python file.
mod python_scope {
    use super::Binding;
    use ruff_python_ast::visitor::{walk_expr, Visitor};
    use ruff_python_ast::{Expr, ExprContext, Stmt};
    use ruff_text_size::Ranged;
    use std::collections::HashMap;

    type Bound = HashMap<String, Binding>;

    pub fn bound_at(source: &str, at: usize) -> Option<Bound> {
        let parsed = ruff_python_parser::parse_module(source).ok()?;
        let body = &parsed.syntax().body;
        let mut bound = Bound::new();
        // Module-level names are bound in every function (imports, constants, classes).
        for s in body {
            bind_stmt(s, &mut bound);
        }
        walk(body, at as u32, &mut bound);
        Some(bound)
    }

    fn contains(s: &impl Ranged, at: u32) -> bool {
        s.range().start().to_u32() <= at && at < s.range().end().to_u32()
    }

    /// The statements of a block: those before `at` bind; the one holding it is entered.
    fn walk(stmts: &[Stmt], at: u32, bound: &mut Bound) {
        for s in stmts {
            if s.range().end().to_u32() <= at {
                bind_stmt(s, bound);
            } else if contains(s, at) {
                enter(s, at, bound);
                return;
            }
        }
    }

    fn enter(s: &Stmt, at: u32, bound: &mut Bound) {
        match s {
            Stmt::FunctionDef(f) => {
                let p = &f.parameters;
                let params = p.posonlyargs.iter().chain(&p.args).chain(&p.kwonlyargs);
                for param in params {
                    bound.insert(param.parameter.name.to_string(), Binding::Value);
                }
                for v in p.vararg.iter().chain(&p.kwarg) {
                    bound.insert(v.name.to_string(), Binding::Value);
                }
                walk(&f.body, at, bound);
            }
            Stmt::ClassDef(c) => walk(&c.body, at, bound),
            Stmt::If(i) => {
                if contains_block(&i.body, at) {
                    walk(&i.body, at, bound);
                }
                for clause in &i.elif_else_clauses {
                    if contains_block(&clause.body, at) {
                        walk(&clause.body, at, bound);
                    }
                }
            }
            Stmt::For(f) => {
                targets(&f.target, bound);
                walk(&f.body, at, bound);
                walk(&f.orelse, at, bound);
            }
            Stmt::While(w) => {
                walk(&w.body, at, bound);
                walk(&w.orelse, at, bound);
            }
            Stmt::With(w) => {
                for item in &w.items {
                    if let Some(v) = &item.optional_vars {
                        targets(v, bound);
                    }
                }
                walk(&w.body, at, bound);
            }
            Stmt::Try(t) => {
                if contains_block(&t.body, at) {
                    return walk(&t.body, at, bound);
                }
                // Past the body: what it bound before a failure is not known; approximate.
                for s in &t.body {
                    bind_stmt(s, bound);
                }
                for h in &t.handlers {
                    let ruff_python_ast::ExceptHandler::ExceptHandler(h) = h;
                    if contains(h, at) {
                        if let Some(name) = &h.name {
                            bound.insert(name.to_string(), Binding::Value);
                        }
                        walk(&h.body, at, bound);
                    }
                }
                walk(&t.orelse, at, bound);
                walk(&t.finalbody, at, bound);
            }
            Stmt::Match(m) => {
                for case in &m.cases {
                    if contains_block(&case.body, at) {
                        names_in(&case.pattern, bound);
                        walk(&case.body, at, bound);
                    }
                }
            }
            _ => {}
        }
    }

    fn contains_block(stmts: &[Stmt], at: u32) -> bool {
        stmts.iter().any(|s| contains(s, at))
    }

    /// What a statement before the point binds for the rest of its block: assignments,
    /// imports, definitions, and what `with` and `try` bodies bind (they run through).
    /// Branches and loop bodies may not run: their bindings do not count.
    fn bind_stmt(s: &Stmt, bound: &mut Bound) {
        match s {
            Stmt::Assign(a) => a.targets.iter().for_each(|t| targets(t, bound)),
            Stmt::AnnAssign(a) if a.value.is_some() => targets(&a.target, bound),
            Stmt::AugAssign(a) => targets(&a.target, bound),
            Stmt::FunctionDef(f) => {
                bound.insert(f.name.to_string(), Binding::Value);
            }
            Stmt::ClassDef(c) => {
                bound.insert(c.name.to_string(), Binding::Value);
            }
            Stmt::Import(i) => {
                for a in &i.names {
                    let name = a.asname.as_ref().unwrap_or(&a.name).to_string();
                    let first = name.split('.').next().unwrap_or_default().to_string();
                    bound.insert(first, Binding::Value);
                }
            }
            Stmt::ImportFrom(i) => {
                for a in &i.names {
                    let name = a.asname.as_ref().unwrap_or(&a.name).to_string();
                    bound.insert(name, Binding::Value);
                }
            }
            Stmt::With(w) => {
                for item in &w.items {
                    if let Some(v) = &item.optional_vars {
                        targets(v, bound);
                    }
                }
                w.body.iter().for_each(|s| bind_stmt(s, bound));
            }
            Stmt::Try(t) => t.body.iter().for_each(|s| bind_stmt(s, bound)),
            _ => {}
        }
    }

    fn targets(e: &Expr, bound: &mut Bound) {
        struct Stores<'b>(&'b mut Bound);
        impl<'a> Visitor<'a> for Stores<'_> {
            fn visit_expr(&mut self, e: &'a Expr) {
                if let Expr::Name(n) = e {
                    if n.ctx == ExprContext::Store {
                        self.0.insert(n.id.to_string(), Binding::Value);
                    }
                }
                walk_expr(self, e);
            }
        }
        Stores(bound).visit_expr(e);
    }

    fn names_in(p: &ruff_python_ast::Pattern, bound: &mut Bound) {
        use ruff_python_ast::visitor::{walk_pattern, Visitor};
        struct Captures<'b>(&'b mut Bound);
        impl<'a> Visitor<'a> for Captures<'_> {
            fn visit_pattern(&mut self, p: &'a ruff_python_ast::Pattern) {
                if let ruff_python_ast::Pattern::MatchAs(m) = p {
                    if let Some(n) = &m.name {
                        self.0.insert(n.to_string(), Binding::Value);
                    }
                }
                walk_pattern(self, p);
            }
        }
        Captures(bound).visit_pattern(p);
    }
}

/// Names bound at a point of a Rust file.
mod rust_scope {
    use super::Binding;
    use proc_macro2::LineColumn;
    use std::collections::HashMap;
    use syn::spanned::Spanned;
    use syn::visit::Visit;
    use syn::{Block, Expr, Item, Pat, Stmt};

    type Bound = HashMap<String, Binding>;

    /// `line` is 1-based, `column` 1-based (ASCII source assumed for the column).
    pub fn bound_at(source: &str, line: usize, column: usize) -> Option<Bound> {
        let file = syn::parse_file(source).ok()?;
        let at = LineColumn {
            line,
            column: column - 1,
        };
        let mut bound = Bound::new();
        items(&file.items, at, &mut bound);
        Some(bound)
    }

    fn contains(span: proc_macro2::Span, at: LineColumn) -> bool {
        span.start() <= at && at < span.end()
    }

    fn items(list: &[Item], at: LineColumn, bound: &mut Bound) {
        for item in list.iter().filter(|i| contains(i.span(), at)) {
            match item {
                Item::Fn(f) => func(&f.sig, &f.block, at, bound),
                Item::Impl(i) => {
                    for it in &i.items {
                        if let syn::ImplItem::Fn(f) = it {
                            if contains(f.span(), at) {
                                func(&f.sig, &f.block, at, bound);
                            }
                        }
                    }
                }
                Item::Trait(t) => {
                    for it in &t.items {
                        if let syn::TraitItem::Fn(f) = it {
                            if let (true, Some(b)) = (contains(f.span(), at), &f.default) {
                                func(&f.sig, b, at, bound);
                            }
                        }
                    }
                }
                Item::Mod(m) => {
                    if let Some((_, content)) = &m.content {
                        items(content, at, bound);
                    }
                }
                _ => {}
            }
        }
    }

    fn func(sig: &syn::Signature, body: &Block, at: LineColumn, bound: &mut Bound) {
        for input in &sig.inputs {
            if let syn::FnArg::Typed(t) = input {
                pat(&t.pat, Binding::Value, bound);
            }
        }
        block(&body.stmts, at, bound);
    }

    fn block(stmts: &[Stmt], at: LineColumn, bound: &mut Bound) {
        for s in stmts {
            if s.span().end() <= at {
                if let Stmt::Local(l) = s {
                    let kind = match &l.init {
                        Some(init) if is_result(&init.expr) => Binding::Result,
                        _ => Binding::Value,
                    };
                    pat(&l.pat, kind, bound);
                }
            } else if contains(s.span(), at) {
                match s {
                    Stmt::Local(l) => {
                        if let Some(init) = &l.init {
                            expr(&init.expr, at, bound);
                            if let Some((_, e)) = &init.diverge {
                                expr(e, at, bound);
                            }
                        }
                    }
                    Stmt::Expr(e, _) => expr(e, at, bound),
                    Stmt::Macro(m) => mac(&m.mac, at, bound),
                    Stmt::Item(i) => items(std::slice::from_ref(i), at, bound),
                }
                return;
            }
        }
    }

    /// `consumer.recv().await` / `consumer.poll(..)` without `?`: the value is a result.
    fn is_result(e: &Expr) -> bool {
        let e = match e {
            Expr::Await(a) => &*a.base,
            other => other,
        };
        matches!(e, Expr::MethodCall(m) if m.method == "recv" || m.method == "poll")
    }

    fn expr(e: &Expr, at: LineColumn, bound: &mut Bound) {
        match e {
            Expr::Block(b) => block(&b.block.stmts, at, bound),
            Expr::Async(b) => block(&b.block.stmts, at, bound),
            Expr::Unsafe(b) => block(&b.block.stmts, at, bound),
            Expr::Loop(l) => block(&l.body.stmts, at, bound),
            Expr::If(i) => {
                if contains(i.then_branch.span(), at) {
                    if let Expr::Let(l) = &*i.cond {
                        pat(&l.pat, Binding::Value, bound);
                    }
                    block(&i.then_branch.stmts, at, bound);
                } else if let Some((_, e)) = &i.else_branch {
                    expr(e, at, bound);
                } else {
                    expr(&i.cond, at, bound);
                }
            }
            Expr::While(w) => {
                if contains(w.body.span(), at) {
                    if let Expr::Let(l) = &*w.cond {
                        pat(&l.pat, Binding::Value, bound);
                    }
                    block(&w.body.stmts, at, bound);
                }
            }
            Expr::ForLoop(f) => {
                if contains(f.body.span(), at) {
                    pat(&f.pat, Binding::Value, bound);
                    block(&f.body.stmts, at, bound);
                }
            }
            Expr::Match(m) => {
                for arm in m.arms.iter().filter(|a| contains(a.body.span(), at)) {
                    pat(&arm.pat, Binding::Value, bound);
                    expr(&arm.body, at, bound);
                }
            }
            Expr::Closure(c) => {
                for input in &c.inputs {
                    pat(input, Binding::Value, bound);
                }
                expr(&c.body, at, bound);
            }
            Expr::Macro(m) => mac(&m.mac, at, bound),
            other => {
                for child in children(other) {
                    if contains(child.span(), at) {
                        expr(child, at, bound);
                    }
                }
            }
        }
    }

    fn children(e: &Expr) -> Vec<&Expr> {
        match e {
            Expr::MethodCall(m) => std::iter::once(&*m.receiver).chain(&m.args).collect(),
            Expr::Call(c) => std::iter::once(&*c.func).chain(&c.args).collect(),
            Expr::Try(t) => vec![&t.expr],
            Expr::Await(a) => vec![&a.base],
            Expr::Paren(p) => vec![&p.expr],
            Expr::Reference(r) => vec![&r.expr],
            Expr::Assign(a) => vec![&a.left, &a.right],
            Expr::Binary(b) => vec![&b.left, &b.right],
            Expr::Unary(u) => vec![&u.expr],
            Expr::Return(r) => r.expr.iter().map(|e| &**e).collect(),
            Expr::Let(l) => vec![&l.expr],
            Expr::Tuple(t) => t.elems.iter().collect(),
            Expr::Field(f) => vec![&f.base],
            _ => Vec::new(),
        }
    }

    /// `tokio::select!` arms bind their pattern for their handler only; other macros are
    /// read as comma-separated expressions when they parse so (`vec![..]`, `println!`).
    fn mac(m: &syn::Macro, at: LineColumn, bound: &mut Bound) {
        let is_select = m.path.segments.last().is_some_and(|s| s.ident == "select");
        if is_select {
            if let Ok(arms) = m.parse_body_with(select_arms) {
                for (p, e, handler) in &arms {
                    if contains(handler.span(), at) {
                        if let Some(p) = p {
                            pat(p, Binding::Value, bound);
                        }
                        expr(handler, at, bound);
                    } else if contains(e.span(), at) {
                        expr(e, at, bound);
                    }
                }
            }
            return;
        }
        let parser = syn::punctuated::Punctuated::<Expr, syn::Token![,]>::parse_terminated;
        if let Ok(list) = m.parse_body_with(parser) {
            for e in list.iter().filter(|e| contains(e.span(), at)) {
                expr(e, at, bound);
            }
        }
    }

    type SelectArm = (Option<Pat>, Expr, Expr);

    /// `[biased;] pat = future [, if cond] => handler[,]`, and `else => handler`.
    fn select_arms(input: syn::parse::ParseStream) -> syn::Result<Vec<SelectArm>> {
        let mut arms = Vec::new();
        if input.peek(syn::Ident) && input.fork().parse::<syn::Ident>()? == "biased" {
            input.parse::<syn::Ident>()?;
            input.parse::<syn::Token![;]>()?;
        }
        while !input.is_empty() {
            let (p, e) = if input.peek(syn::Token![else]) {
                input.parse::<syn::Token![else]>()?;
                (None, Expr::Verbatim(Default::default()))
            } else {
                let p = Pat::parse_single(input)?;
                input.parse::<syn::Token![=]>()?;
                let e = input.call(Expr::parse_without_eager_brace)?;
                if input.peek(syn::Token![,]) {
                    input.parse::<syn::Token![,]>()?;
                    input.parse::<syn::Token![if]>()?;
                    input.call(Expr::parse_without_eager_brace)?;
                }
                (Some(p), e)
            };
            input.parse::<syn::Token![=>]>()?;
            let handler: Expr = input.parse()?;
            if input.peek(syn::Token![,]) {
                input.parse::<syn::Token![,]>()?;
            }
            arms.push((p, e, handler));
        }
        Ok(arms)
    }

    fn pat(p: &Pat, kind: Binding, bound: &mut Bound) {
        struct Idents<'b>(&'b mut Bound, Binding);
        impl<'a> Visit<'a> for Idents<'_> {
            fn visit_pat_ident(&mut self, i: &'a syn::PatIdent) {
                self.0.insert(i.ident.to_string(), self.1);
                syn::visit::visit_pat_ident(self, i);
            }
        }
        Idents(bound, kind).visit_pat(p);
    }
}

/// Every Python and Rust file under `dir`.
fn source_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(source_files(&path));
        } else if path.extension().is_some_and(|e| e == "py" || e == "rs") {
            out.push(path);
        }
    }
    out
}

fn testdata_targets() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    for entry in std::fs::read_dir("testdata").unwrap() {
        let path = entry.unwrap().path();
        if path.file_name().is_some_and(|n| n == "projects") {
            let mut projects: Vec<PathBuf> = std::fs::read_dir(&path)
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.is_dir())
                .collect();
            projects.sort();
            out.extend(projects);
        } else if path.is_dir() {
            out.push(path);
        }
    }
    out.sort();
    out
}

#[test]
fn every_suggestion_on_testdata_is_valid_code() {
    let targets = testdata_targets();
    assert!(targets.len() > 30, "expected testdata, found {targets:?}");
    let mut all = Vec::new();
    let (mut suggestions, mut met) = (0, 0);
    for target in &targets {
        let found = check_json(target);
        suggestions += found
            .iter()
            .filter(|f| f.help.as_deref().and_then(suggested_code).is_some())
            .count();
        all.extend(problems(&found, &mut met));
    }
    // Each annotation must sit above a flagged line, or it would check nothing.
    let annotated: usize = source_files(Path::new("testdata"))
        .iter()
        .map(|f| {
            let source = std::fs::read_to_string(f).unwrap_or_default();
            source
                .lines()
                .filter(|l| {
                    let l = l.trim_start();
                    l.starts_with("# suggests: ") || l.starts_with("// suggests: ")
                })
                .count()
        })
        .sum();
    assert_eq!(
        met, annotated,
        "a `suggests:` annotation is not above a flagged line"
    );
    assert!(suggestions > 100, "only {suggestions} suggestions seen");
    assert!(
        all.is_empty(),
        "{} invalid suggestions:\n{}",
        all.len(),
        all.join("\n")
    );
}

/// The dev corpus (`/work/shared/eval/realworld-dev`), when it has been fetched: every
/// package directory under `$OFFSETLINT_EVAL_CACHE` (default `/tmp/offsetlint-eval`).
#[test]
fn every_suggestion_on_the_dev_corpus_is_valid_code() {
    let root = std::env::var_os("OFFSETLINT_EVAL_CACHE")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/tmp/offsetlint-eval"));
    let Ok(entries) = std::fs::read_dir(&root) else {
        println!(
            "note: dev corpus not fetched ({} absent): skipped; \
             see /work/shared/eval/realworld-dev/README.md",
            root.display()
        );
        return;
    };
    let mut dirs: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    let mut all = Vec::new();
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for dir in &dirs {
        let found = check_json(dir);
        *seen.entry("findings").or_default() += found.len();
        all.extend(problems(&found, &mut 0));
    }
    println!("dev corpus: {} packages, {seen:?}", dirs.len());
    assert!(
        all.is_empty(),
        "{} invalid suggestions:\n{}",
        all.len(),
        all.join("\n")
    );
}
