//! Tests of the Rust front end: lowered shapes, ranges, comments and error handling.

use super::lower;
use crate::frontend::Lowered;
use crate::model::visit::{self, Visitor};
use crate::model::*;

mod errors;
mod macros_and_comments;
mod shapes;

// ---------------------------------------------------------------- helpers

fn ok(src: &str) -> Lowered {
    match lower(src) {
        Ok(l) => l,
        Err(e) => {
            panic!(
                "unexpected syntax error {e:?} at {:?}",
                &src.get(e.range.start as usize..e.range.end as usize)
            )
        }
    }
}

fn text(src: &str, r: TextRange) -> &str {
    &src[r.start as usize..r.end as usize]
}

fn tr(t: &TypeRef) -> String {
    let paths: Vec<String> = t.paths.iter().map(|p| p.join("::")).collect();
    format!("[{}]", paths.join(", "))
}

fn target(t: &Target) -> String {
    match t {
        Target::Name(n, _) => n.to_string(),
        Target::Underscore(_) => "_".into(),
        Target::Attr { value, attr, .. } => format!("{}.{attr}", expr(value)),
        Target::Index { value, key, .. } => format!("{}[{}]", expr(value), expr(key)),
        Target::Tuple(ts, _) => {
            format!("({})", ts.iter().map(target).collect::<Vec<_>>().join(", "))
        }
        Target::Other(_) => "<other>".into(),
    }
}

fn expr(e: &Expr) -> String {
    match e {
        Expr::Name { id, .. } => id.to_string(),
        Expr::Attr { value, attr, .. } => format!("{}.{attr}", expr(value)),
        Expr::Call(c) => {
            let args: Vec<String> = c.args.iter().map(|a| expr(&a.value)).collect();
            let ta = if c.type_args.is_empty() {
                String::new()
            } else {
                format!(
                    "::<{}>",
                    c.type_args.iter().map(tr).collect::<Vec<_>>().join(", ")
                )
            };
            format!("{}{ta}({})", expr(&c.func), args.join(", "))
        }
        Expr::Await { value, .. } => format!("await({})", expr(value)),
        Expr::Try { value, .. } => format!("try({})", expr(value)),
        Expr::Lit { lit, .. } => match lit {
            Lit::Str(s) => format!("{s:?}"),
            Lit::Int(i) => i.to_string(),
            Lit::Bool(b) => b.to_string(),
            Lit::None => "None".into(),
            Lit::Other => "<lit>".into(),
        },
        Expr::Dict { .. } => "<dict>".into(),
        Expr::Seq { elts, .. } => {
            format!("[{}]", elts.iter().map(expr).collect::<Vec<_>>().join(", "))
        }
        Expr::Record(r) => format!(
            "{} {{ {} }}",
            r.ty.join("::"),
            (r.fields.iter())
                .map(|(n, v)| format!("{n}: {}", expr(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Expr::Derived { parts, hop, .. } => {
            format!(
                "{hop:?}({})",
                parts.iter().map(expr).collect::<Vec<_>>().join(", ")
            )
        }
        Expr::Closure(c) => {
            let (params, body, is_async) = (&c.params, &c.body, &c.is_async);
            let ps: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
            let mut out = String::new();
            block(body, 0, &mut out);
            format!(
                "{}closure|{}| {{ {} }}",
                if *is_async { "async " } else { "" },
                ps.join(", "),
                out.trim().replace('\n', "; ")
            )
        }
        Expr::Opaque { .. } => "<opaque>".into(),
    }
}

fn block(b: &[Stmt], indent: usize, out: &mut String) {
    for s in b {
        stmt(s, indent, out);
    }
}

fn stmt(s: &Stmt, indent: usize, out: &mut String) {
    let pad = "  ".repeat(indent);
    match &s.kind {
        StmtKind::Expr(e) => out.push_str(&format!("{pad}expr {}\n", expr(e))),
        StmtKind::Assign {
            targets,
            value,
            annotation,
            augmented,
        } => {
            let ts: Vec<String> = targets.iter().map(target).collect();
            let ann = annotation
                .as_ref()
                .map(|a| format!(": {}", tr(a)))
                .unwrap_or_default();
            let op = if *augmented { "+=" } else { "=" };
            out.push_str(&format!(
                "{pad}let {}{ann} {op} {}\n",
                ts.join(", "),
                expr(value)
            ));
        }
        StmtKind::If { test, body, orelse } => {
            out.push_str(&format!("{pad}if {}\n", expr(test)));
            block(body, indent + 1, out);
            if !orelse.is_empty() {
                out.push_str(&format!("{pad}else\n"));
                block(orelse, indent + 1, out);
            }
        }
        StmtKind::Match { subject, arms } => {
            out.push_str(&format!("{pad}match {}\n", expr(subject)));
            for a in arms {
                out.push_str(&format!("{pad}  arm {:?} {:?}\n", a.pattern, a.bindings));
                block(&a.body, indent + 2, out);
            }
        }
        StmtKind::Loop {
            kind,
            target: t,
            iter,
            body,
            ..
        } => {
            let t = t
                .as_ref()
                .map(|t| format!(" {}", target(t)))
                .unwrap_or_default();
            let i = iter
                .as_ref()
                .map(|i| format!(" in {}", expr(i)))
                .unwrap_or_default();
            out.push_str(&format!("{pad}loop {kind:?}{t}{i}\n"));
            block(body, indent + 1, out);
        }
        StmtKind::Try { .. } => out.push_str(&format!("{pad}try\n")),
        StmtKind::Exit { kind, value } => {
            let v = value
                .as_ref()
                .map(|v| format!(" {}", expr(v)))
                .unwrap_or_default();
            out.push_str(&format!("{pad}exit {kind:?}{v}\n"));
        }
        StmtKind::Block(b) => {
            out.push_str(&format!("{pad}block\n"));
            block(b, indent + 1, out);
        }
    }
}

/// The rendered statements of the body named `name`.
fn body_of(l: &Lowered, name: &str) -> String {
    let b = l
        .module
        .bodies
        .iter()
        .find(|b| b.name == name)
        .unwrap_or_else(|| panic!("no body {name}"));
    let mut out = String::new();
    block(&b.stmts, 0, &mut out);
    out
}

/// Lower `fn f() -> R { <body> }` and render f (a tail is returned).
fn f(body: &str) -> String {
    body_of(&ok(&format!("fn f() -> R {{\n{body}\n}}")), "f")
}

fn all_calls(l: &Lowered) -> Vec<Call> {
    struct V(Vec<Call>);
    impl<'m> Visitor<'m> for V {
        fn visit_expr(&mut self, e: &'m Expr) {
            if let Expr::Call(c) = e {
                self.0.push((**c).clone());
            }
            visit::walk_expr(self, e);
        }
    }
    let mut v = V(Vec::new());
    for b in &l.module.bodies {
        visit::walk_block(&mut v, &b.stmts);
    }
    v.0
}

fn call_named(calls: &[Call], method: &str) -> Call {
    calls
        .iter()
        .find(|c| c.func.last_name() == Some(method))
        .cloned()
        .unwrap_or_else(|| panic!("no call {method}"))
}

fn body<'a>(l: &'a Lowered, name: &str) -> &'a Body {
    l.module
        .bodies
        .iter()
        .find(|b| b.name == name)
        .unwrap_or_else(|| panic!("no body {name}"))
}
