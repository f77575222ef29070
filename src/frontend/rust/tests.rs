//! Tests of the Rust front end: lowered shapes, ranges, comments and error handling.

use super::lower;
use crate::frontend::Lowered;
use crate::model::visit::{self, Visitor};
use crate::model::*;

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
        Target::Name(n, _) => n.clone(),
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
        Expr::Name { id, .. } => id.clone(),
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

/// Lower `fn f() { <body> }` and render f.
fn f(body: &str) -> String {
    body_of(&ok(&format!("fn f() {{\n{body}\n}}")), "f")
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

// ---------------------------------------------------------------- calls and expressions

#[test]
fn method_call_with_turbofish() {
    let src =
        "fn f() -> R { let c = ClientConfig::new().set(\"group.id\", \"g\").create::<StreamConsumer>()?; Ok(()) }";
    let l = ok(src);
    assert_eq!(
        body_of(&l, "f"),
        "let c = try(ClientConfig.new().set(\"group.id\", \"g\").create::<[StreamConsumer]>())\nexit Return Ok([])\n"
    );
    let calls = all_calls(&l);
    let create = call_named(&calls, "create");
    assert_eq!(
        create.type_args,
        vec![TypeRef {
            paths: vec![vec!["StreamConsumer".into()]],
            ..TypeRef::default()
        }]
    );
    assert!(create.args.is_empty());
    assert_eq!(
        text(src, create.range),
        "ClientConfig::new().set(\"group.id\", \"g\").create::<StreamConsumer>()"
    );
    let new = call_named(&calls, "new");
    assert_eq!(text(src, new.range), "ClientConfig::new()");
    assert_eq!(new.func.dotted(), Some(vec!["ClientConfig", "new"]));
    // Ids are dense.
    let mut ids: Vec<u32> = calls.iter().map(|c| c.id.0).collect();
    ids.sort();
    assert_eq!(ids, (0..l.module.call_count).collect::<Vec<_>>());
    // Path call turbofish.
    let l = ok("fn f() { let p = make::<FutureProducer>(&cfg); }");
    let make = call_named(&all_calls(&l), "make");
    assert_eq!(
        make.type_args,
        vec![TypeRef {
            paths: vec![vec!["FutureProducer".into()]],
            ..TypeRef::default()
        }]
    );
}

#[test]
fn try_and_await_nesting() {
    let src =
        "async fn f() { let n = consumer.recv().await?.payload(); producer.send(r, t).await?; }";
    let l = ok(src);
    assert_eq!(
        body_of(&l, "f"),
        "let n = try(await(consumer.recv())).payload()\nexpr try(await(producer.send(r, t)))\n"
    );
    let b = body(&l, "f");
    assert!(b.is_async);
    let StmtKind::Expr(Expr::Try { value, range }) = &b.stmts[1].kind else {
        panic!()
    };
    assert_eq!(text(src, *range), "producer.send(r, t).await?");
    let Expr::Await { value, range } = &**value else {
        panic!()
    };
    assert_eq!(text(src, *range), "producer.send(r, t).await");
    assert_eq!(text(src, value.range()), "producer.send(r, t)");
}

#[test]
fn let_underscore_and_discards() {
    assert_eq!(
        f("let _ = producer.flush(t);\nproducer.flush(t);\nlet x = producer.flush(t).ok();\n_ = producer.flush(t);"),
        "let _ = producer.flush(t)\nexpr producer.flush(t)\nlet x = producer.flush(t).ok()\nlet _ = producer.flush(t)\n"
    );
    assert_eq!(
        f("let (a, _, ref mut b) = t; let S { x, y: z, .. } = s; let Some(m) = o;"),
        "let (a, _, b) = t\nlet (x, z) = s\nlet m = o\n"
    );
    assert_eq!(
        f("let c: Arc<StreamConsumer> = make(); let d;"),
        "let c: [StreamConsumer] = make()\n"
    );
}

#[test]
fn paths_fields_literals_and_operators() {
    assert_eq!(
        f("let o = rdkafka::consumer::CommitMode::Sync; let p = Offset::Offset(n + 1); let q = a.0.b;"),
        "let o = rdkafka.consumer.CommitMode.Sync\nlet p = Offset.Offset(Operator(n, 1))\nlet q = a.0.b\n"
    );
    assert_eq!(
        f("let a = &mut *x; let b = (y as i64); let c = v[i]; let d = !e; let s = \"txt\"; let t = true; let u = [1, 2]; let w = (1, x);"),
        "let a = x\nlet b = Cast(y)\nlet c = Index(v, i)\nlet d = Operator(e)\nlet s = \"txt\"\nlet t = true\nlet u = [1, 2]\nlet w = [1, x]\n"
    );
    assert_eq!(
        f("let r = Rec { topic: t, offset, ..Default::default() }; x.y = 3; n += 1;"),
        "let r = Rec { topic: t, offset: offset, ..: Default.default() }\nlet x.y = 3\nlet n += 1\n"
    );
}

#[test]
fn closures_and_async_blocks() {
    let src = "fn f() { tokio::spawn(async move { producer.send(rec, 0).await; }); let g = |m: &Message, n| m.offset() + n; }";
    let l = ok(src);
    assert_eq!(
        body_of(&l, "f"),
        "expr tokio.spawn(async closure|| { expr await(producer.send(rec, 0)) })\nlet g = closure|m, n| { exit Return Operator(m.offset(), n) }\n"
    );
    let b = body(&l, "f");
    let StmtKind::Assign {
        value: Expr::Closure(c),
        ..
    } = &b.stmts[1].kind
    else {
        panic!()
    };
    let params = &c.params;
    assert_eq!(
        params[0].annotation,
        Some(TypeRef {
            paths: vec![vec!["Message".into()]],
            ..TypeRef::default()
        })
    );
    assert_eq!(params[1].annotation, None);
    let send = call_named(&all_calls(&l), "send");
    assert_eq!(text(src, send.range), "producer.send(rec, 0)");
    let spawn = call_named(&all_calls(&l), "spawn");
    assert_eq!(
        text(src, spawn.range),
        "tokio::spawn(async move { producer.send(rec, 0).await; })"
    );
}

// ---------------------------------------------------------------- items

#[test]
fn structs_impls_and_self() {
    let src = "
use rdkafka::consumer::StreamConsumer;
struct Worker { consumer: Arc<StreamConsumer>, producer: Option<&'static FutureProducer>, n: u32 }
struct Pair(BaseConsumer, pub u8);
struct Unit;
impl Worker {
    fn new() -> Self { Worker { consumer: Arc::new(make()), producer: None, n: 0 } }
    async fn run(&mut self, timeout: Duration) { self.consumer.commit_consumer_state(CommitMode::Sync).unwrap(); }
}
trait Committer: Consumer { fn commit_all(&self) { self.commit_consumer_state(CommitMode::Sync).ok(); } fn decl(&self); }
";
    let l = ok(src);
    let classes: Vec<String> = l
        .module
        .classes
        .iter()
        .map(|c| {
            format!(
                "{} {{ {} }}",
                c.name,
                c.fields
                    .iter()
                    .map(|f| format!("{}: {}", f.name, tr(&f.ty)))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
        .collect();
    assert_eq!(
        classes,
        vec![
            "Worker { consumer: [StreamConsumer], producer: [FutureProducer], n: [u32] }",
            "Pair { 0: [BaseConsumer], 1: [u8] }",
            "Unit {  }",
            // Traits are classes with no fields (a value typed by one is the trait's).
            "Committer {  }",
        ]
    );
    assert!(text(src, l.module.classes[1].range).starts_with("struct Pair"));
    assert_eq!(l.module.bodies[0].kind, BodyKind::Module);
    assert!(l.module.bodies[0].stmts.is_empty());
    let new = body(&l, "new");
    assert_eq!(
        (new.class.as_deref(), new.self_name.as_deref()),
        (Some("Worker"), None)
    );
    let run = body(&l, "run");
    assert_eq!(
        (run.class.as_deref(), run.self_name.as_deref(), run.is_async),
        (Some("Worker"), Some("self"), true)
    );
    assert_eq!(
        run.params
            .iter()
            .map(|p| p.name.as_str())
            .collect::<Vec<_>>(),
        vec!["self", "timeout"]
    );
    assert_eq!(
        run.params[0].annotation.as_ref().map(tr),
        Some("[Worker]".into())
    );
    assert_eq!(
        run.params[1].annotation.as_ref().map(tr),
        Some("[Duration]".into())
    );
    assert!(text(src, run.range).starts_with("async fn run"));
    let commit_all = body(&l, "commit_all");
    assert_eq!(commit_all.class.as_deref(), Some("Committer"));
    assert_eq!(
        commit_all.params[0].annotation.as_ref().map(tr),
        Some("[Committer, Consumer]".into())
    );
    assert!(!l.module.bodies.iter().any(|b| b.name == "decl"));
}

#[test]
fn generic_bounds_and_type_refs() {
    let src = "
fn a<C: Consumer>(c: &C) {}
fn b<C>(c: Arc<C>, p: impl Producer + Send, d: &mut dyn rdkafka::consumer::Consumer, e: Box<dyn Fn(u8) + Send>) where C: Consumer<Ctx> + 'static {}
fn c(x: rdkafka::consumer::StreamConsumer<MyContext>, y: Pin<Box<RwLock<Rc<BaseProducer>>>>, z: (u8, u8)) {}
struct W<C: Consumer> { inner: C }
impl<P: Producer> Sender<P> { fn send(&self, p: &P) {} }
";
    let l = ok(src);
    let params = |name: &str| -> Vec<String> {
        body(&l, name)
            .params
            .iter()
            .map(|p| {
                format!(
                    "{}: {}",
                    p.name,
                    p.annotation.as_ref().map(tr).unwrap_or_default()
                )
            })
            .collect()
    };
    assert_eq!(params("a"), vec!["c: [Consumer]"]);
    assert_eq!(
        params("b"),
        vec![
            "c: [Consumer]",
            "p: [Producer]",
            "d: [rdkafka::consumer::Consumer]",
            "e: [Fn]"
        ]
    );
    assert_eq!(
        params("c"),
        vec![
            "x: [rdkafka::consumer::StreamConsumer]",
            "y: [BaseProducer]",
            "z: []"
        ]
    );
    assert_eq!(params("send"), vec!["self: [Sender]", "p: [Producer]"]);
    assert_eq!(tr(&l.module.classes[0].fields[0].ty), "[Consumer]");
}

#[test]
fn use_trees() {
    let src = "use std::net::TcpStream;
use rdkafka::{consumer::{self, Consumer as C, StreamConsumer}, config::*};
pub use ::reqwest as http;
use foo::bar as _;
extern crate rdkafka as rk;
use a::b::{
    c,
    d as e,
};
fn f() { use tokio::net::TcpListener; }
mod m { use hyper::Client; }
";
    let l = ok(src);
    let imports: Vec<String> = l
        .module
        .imports
        .iter()
        .map(|i| {
            let entries: Vec<String> = i
                .entries
                .iter()
                .map(|e| {
                    let b = e
                        .binding
                        .as_ref()
                        .map(|(n, p)| format!(" {n}={}", p.join("::")))
                        .unwrap_or_default();
                    format!(
                        "{}{}{b}",
                        e.path.join("::"),
                        if e.glob { "::*" } else { "" }
                    )
                })
                .collect();
            format!(
                "{}{}",
                if i.local { "local " } else { "" },
                entries.join(", ")
            )
        })
        .collect();
    assert_eq!(
        imports,
        vec![
            "std::net::TcpStream TcpStream=std::net::TcpStream",
            "rdkafka::consumer consumer=rdkafka::consumer, rdkafka::consumer::Consumer C=rdkafka::consumer::Consumer, rdkafka::consumer::StreamConsumer StreamConsumer=rdkafka::consumer::StreamConsumer, rdkafka::config::*",
            "reqwest http=reqwest",
            "foo::bar",
            "rdkafka rk=rdkafka",
            "a::b::c c=a::b::c, a::b::d e=a::b::d",
            "local tokio::net::TcpListener TcpListener=tokio::net::TcpListener",
            "hyper::Client Client=hyper::Client",
        ]
    );
    for i in &l.module.imports {
        assert_eq!((i.level, i.kind), (0, ImportKind::Static));
    }
    assert_eq!(
        text(src, l.module.imports[2].range),
        "pub use ::reqwest as http;"
    );
    assert!(text(src, l.module.imports[5].range).starts_with("use a::b::{\n"));
    assert!(text(src, l.module.imports[5].range).ends_with("};"));
}

#[test]
fn nested_functions_and_modules() {
    let l = ok("fn outer() { fn inner() { helper(); } mod m { pub fn deep() {} } inner(); }\nmod top { fn free() {} }");
    let names: Vec<(&str, Option<u32>)> = l
        .module
        .bodies
        .iter()
        .map(|b| (b.name.as_str(), b.parent.map(|p| p.0)))
        .collect();
    assert_eq!(
        names,
        vec![
            ("<module>", None),
            ("outer", None),
            ("inner", Some(1)),
            ("deep", Some(1)),
            ("free", None)
        ]
    );
    assert_eq!(body_of(&l, "outer"), "expr inner()\n");
    assert_eq!(body_of(&l, "inner"), "expr helper()\n");
}

// ---------------------------------------------------------------- control flow and tails

#[test]
fn tail_expressions() {
    // Fn tail: returned; statement-position match: discarded; let-match: assigned.
    let l = ok("fn f() -> R { producer.flush(t) }");
    assert_eq!(body_of(&l, "f"), "exit Return producer.flush(t)\n");
    assert_eq!(
        f("match r { Ok(m) => consumer.commit_message(&m, Sync), Err(_) => producer.flush(t) }\nx"),
        "match r\n  arm Success [\"m\"]\n    expr consumer.commit_message(m, Sync)\n  arm ErrAny []\n    expr producer.flush(t)\nexit Return x\n"
    );
    assert_eq!(
        f("let v: u32 = match r { Ok(m) => m, Err(e) => return Err(e) };"),
        "match r\n  arm Success [\"m\"]\n    let v: [u32] = m\n  arm ErrAny [\"e\"]\n    exit Return Err(e)\n"
    );
    assert_eq!(
        f("if c { a() } else if d { b() } else { panic!(\"no\") }"),
        "if c\n  exit Return a()\nelse\n  if d\n    exit Return b()\n  else\n    exit Panic Format(\"no\")\n"
    );
    assert_eq!(
        f("let x = { let y = g(); y };"),
        "block\n  let y = g()\n  let x = y\n"
    );
    assert_eq!(
        f("return match r { Ok(_) => 1, _ => 2 };"),
        "match r\n  arm Success []\n    exit Return 1\n  arm Wildcard []\n    exit Return 2\n"
    );
    assert_eq!(f("unsafe { ffi() }"), "block\n  exit Return ffi()\n");
    assert_eq!(
        f("self.offset = if a { 1 } else { 2 }; get().x = match r { Ok(v) => v, _ => 0 };"),
        "if a\n  let self.offset = 1\nelse\n  let self.offset = 2\nmatch r\n  arm Success [\"v\"]\n    let <other> = v\n  arm Wildcard []\n    let <other> = 0\nlet get().x = <opaque>\n"
    );
}

#[test]
fn control_flow_in_expression_position() {
    assert_eq!(
        f("let q = foo(match a { 1 => b(), _ => c() }, if z { 1 } else { 2 }, { y }); bar();"),
        "match a\n  arm Other []\n    let <other> = b()\n  arm Wildcard []\n    let <other> = c()\nlet q = foo(<opaque>, Conditional(z, 1, 2), y)\nexpr bar()\n"
    );
    assert_eq!(
        f("g(x.unwrap_or_else(|| panic!(\"boom\")));"),
        "expr g(x.unwrap_or_else(closure|| { exit Panic Format(\"boom\") }))\n"
    );
    assert_eq!(
        f("let v = h(return);"),
        "if <opaque>\n  exit Return\nlet v = h(<opaque>)\n"
    );
}

#[test]
fn if_let_while_let_for_and_loops() {
    assert_eq!(
        f("if let Err(e) = process(&m) { consumer.commit(&tpl, Sync).unwrap(); }"),
        "match process(m)\n  arm ErrAny [\"e\"]\n    expr consumer.commit(tpl, Sync).unwrap()\n  arm Wildcard []\n"
    );
    assert_eq!(
        f("if let Ok(p) = parse(&m) { handle(p); } else { skip(); }"),
        "match parse(m)\n  arm Success [\"p\"]\n    expr handle(p)\n  arm Wildcard []\n    expr skip()\n"
    );
    assert_eq!(
        f("while let Some(msg) = stream.next().await { h(msg); }\nfor (i, x) in xs.iter() { continue; }\nwhile running { tick(); }"),
        "loop While msg in await(stream.next())\n  expr h(msg)\nloop For (i, x) in xs.iter()\n  exit Continue\nloop While in running\n  expr tick()\n"
    );
    assert_eq!(
        f("let total = loop { if done() { break 5; } };"),
        "loop Infinite\n  if done()\n    let total = 5\n    exit Break\n"
    );
    assert_eq!(
        f("let Some(m) = consumer.poll(t) else { return };"),
        "let m = consumer.poll(t)\nmatch <opaque>\n  arm Success [\"m\"]\n  arm Wildcard []\n    exit Return\n"
    );
    assert_eq!(
        f("if let Some(m) = a && m.ok() { x(); } else { y(); }"),
        "match a\n  arm Success [\"m\"]\n    if m.ok()\n      expr x()\n  arm Wildcard []\n    expr y()\n"
    );
}

#[test]
fn match_arm_patterns() {
    let src = "fn f() { match r {
        Ok(m) => {}
        Err(_) => {}
        Err(e) => {}
        Err(..) => {}
        Err(KafkaError::MessageConsumption(RDKafkaErrorCode::UnknownTopic)) => {}
        Err(Timeout) => {}
        Err(e @ KafkaError::Canceled) => {}
        Err(KafkaError::Canceled | KafkaError::NoMessageReceived) => {}
        Some(Ok(m)) => {}
        Some(Err(err)) => {}
        Some(x) => {}
        None => {}
        Ok(_) | Err(_) => {}
        other => {}
        _ => {}
    } }";
    let l = ok(src);
    let StmtKind::Match { arms, .. } = &body(&l, "f").stmts[0].kind else {
        panic!()
    };
    let got: Vec<(Pattern, Vec<String>)> = arms
        .iter()
        .map(|a| (a.pattern.clone(), a.bindings.clone()))
        .collect();
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert_eq!(
        got,
        vec![
            (Pattern::Success, s(&["m"])),
            (Pattern::ErrAny, s(&[])),
            (Pattern::ErrAny, s(&["e"])),
            (Pattern::ErrAny, s(&[])),
            (Pattern::ErrSpecific, s(&[])),
            (Pattern::ErrSpecific, s(&[])),
            (Pattern::ErrSpecific, s(&["e"])),
            (Pattern::ErrSpecific, s(&[])),
            (Pattern::Success, s(&["m"])),
            (Pattern::ErrAny, s(&["err"])),
            (Pattern::Success, s(&["x"])),
            (Pattern::Other, s(&[])),
            (Pattern::ErrAny, s(&[])),
            (Pattern::Wildcard, s(&["other"])),
            (Pattern::Wildcard, s(&[])),
        ]
    );
    assert_eq!(text(src, arms[2].range), "Err(e) => {}");
}

// ---------------------------------------------------------------- macros

#[test]
fn select_branches_keep_real_ranges() {
    let src = "async fn run(consumer: StreamConsumer) {
    loop {
        tokio::select! {
            biased;
            _ = shutdown.recv() => break,
            msg = consumer.recv(), if ready => {
                let m = msg?;
                consumer.commit_message(&m, CommitMode::Async)?;
            }
            else => { consumer.commit_consumer_state(CommitMode::Sync).ok(); }
        }
    }
}";
    let l = ok(src);
    assert_eq!(
        body_of(&l, "run"),
        "loop Infinite
  block
    if <opaque>
      let _ = await(shutdown.recv())
      exit Break
    if ready
      let msg = await(consumer.recv())
      let m = try(msg)
      expr try(consumer.commit_message(m, CommitMode.Async))
    if <opaque>
      expr consumer.commit_consumer_state(CommitMode.Sync).ok()
"
    );
    let calls = all_calls(&l);
    let commit = call_named(&calls, "commit_message");
    assert_eq!(
        text(src, commit.range),
        "consumer.commit_message(&m, CommitMode::Async)"
    );
    let state = call_named(&calls, "commit_consumer_state");
    assert_eq!(
        text(src, state.range),
        "consumer.commit_consumer_state(CommitMode::Sync)"
    );
    let recv = calls
        .iter()
        .find(|c| c.func.dotted() == Some(vec!["consumer", "recv"]))
        .unwrap();
    assert_eq!(text(src, recv.range), "consumer.recv()");
    // `let x = select! {..}` assigns each branch's tail.
    assert_eq!(
        f("let v = futures::select! { a = fa => a + 1, complete => 0 };"),
        "block\n  if <opaque>\n    let a = await(fa)\n    let v = Operator(a, 1)\n  if <opaque>\n    let v = 0\n"
    );
}

#[test]
fn format_log_and_other_macros() {
    assert_eq!(
        f("info!(target: \"kafka\", offset = %m.offset(), ?err, \"committed {} {}\", p.partition(), n);"),
        "expr Format(\"kafka\", m.offset(), err, \"committed {} {}\", p.partition(), n)\n"
    );
    assert_eq!(
        f("let s = format!(\"{x} {}\", y.z(), x = 5); println!(\"{}\", a);"),
        "let s = Format(\"{x} {}\", y.z(), 5)\nexpr Format(\"{}\", a)\n"
    );
    assert_eq!(
        f("let v = vec![a(), b]; let w = vec![0u8; n];"),
        "let v = [a(), b]\nlet w = [0]\n"
    );
    assert_eq!(f("let j = json!({\"offset\": x});"), "let j = <opaque>\n");
    assert_eq!(
        f("assert!(ok(), \"bad {}\", x); assert_eq!(a, b);"),
        "if ok()\nelse\n  exit Panic Format(\"bad {}\", x)\nif Operator(a, b)\nelse\n  exit Panic\n"
    );
    assert_eq!(f("todo!()"), "exit Panic\n");
    assert_eq!(
        f("unreachable!(\"x {}\", y);"),
        "exit Panic Format(\"x {}\", y)\n"
    );
    assert_eq!(
        f("let (a, b) = tokio::join!(p.send(r1, 0), q.send(r2, 0));"),
        "let (a, b) = [await(p.send(r1, 0)), await(q.send(r2, 0))]\n"
    );
    assert_eq!(
        f("let s = async_stream::try_stream! { while let Some(m) = c.recv().await { yield m; } };"),
        "let s = async closure|| { loop While m in await(c.recv());   expr Other(m) }\n"
    );
    assert_eq!(
        f("if matches!(r, Err(_)) { x(); }"),
        "if Operator(r)\n  expr x()\n"
    );
    // Unknown macros: expressions, else statements, else opaque.
    assert_eq!(
        f("my_log!(producer.flush(t));"),
        "expr Other(producer.flush(t))\n"
    );
    assert_eq!(
        f("my_block! { let a = g(); h(a); }"),
        "block\n  let a = g()\n  expr h(a)\n"
    );
    assert_eq!(f("weird!(a => b);"), "expr <opaque>\n");
    assert_eq!(
        f("anyhow::ensure!(n > 0, \"empty\");"),
        "if Operator(n, 0)\nelse\n  exit Return Format(\"empty\")\n"
    );
    assert_eq!(
        f("if bad { bail!(\"no {}\", x) }"),
        "if bad\n  exit Return Format(\"no {}\", x)\n"
    );
}

#[test]
fn file_that_is_only_a_macro_call() {
    let l = ok("println!(\"hello\");");
    assert_eq!(l.module.bodies.len(), 1);
    assert_eq!(l.module.call_count, 0);
    let src = "my_macro! {\n    fn generated(c: &StreamConsumer) { c.commit_consumer_state(CommitMode::Sync).unwrap(); }\n}\n";
    let l = ok(src);
    assert_eq!(
        body_of(&l, "generated"),
        "expr c.commit_consumer_state(CommitMode.Sync).unwrap()\n"
    );
    let commit = call_named(&all_calls(&l), "commit_consumer_state");
    assert_eq!(
        text(src, commit.range),
        "c.commit_consumer_state(CommitMode::Sync)"
    );
    // macro_rules! templates are not code.
    let l = ok("macro_rules! m { ($c:expr) => { $c.commit_consumer_state(Sync) }; }");
    assert_eq!(l.module.call_count, 0);
}

// ---------------------------------------------------------------- comments

#[test]
fn comments_scanner() {
    let src = r####"//! inner doc
use x; // trailing
/* block /* nested */ still */
fn f<'a>(s: &'a str) -> char {
    let a = "// not a comment /* nor this */";
    let b = r#"raw "// no" string"#;
    let c = b"bytes // no";
    let d = '"'; let e = '\''; let g = b'/';
    let h = 'x'; /* after char */
    let lt: &'static str = "x"; // after lifetime
    let u = '\u{1F600}'; let r#type = 1; let br = br##"x"# //"##;
    /// doc
    'é'
}
// last"####;
    let got: Vec<&str> = super::scan::comments(src)
        .iter()
        .map(|r| text(src, *r))
        .collect();
    assert_eq!(
        got,
        vec![
            "//! inner doc",
            "// trailing",
            "/* block /* nested */ still */",
            "/* after char */",
            "// after lifetime",
            "/// doc",
            "// last",
        ]
    );
    assert_eq!(ok(src).comments.len(), 7);
    // CRLF line endings: the comment excludes the `\r`.
    let crlf = "fn f() {} // c\r\n// d\r\n";
    let got: Vec<&str> = super::scan::comments(crlf)
        .iter()
        .map(|r| text(crlf, *r))
        .collect();
    assert_eq!(got, vec!["// c", "// d"]);
    // Unterminated block comment runs to the end.
    assert_eq!(super::scan::comments("x /* never closed").len(), 1);
}

// ---------------------------------------------------------------- errors and robustness

#[test]
fn syntax_error_range() {
    let src = "fn f() {\n    let x = ;\n}\n";
    let e = lower(src).unwrap_err();
    assert_eq!(text(src, e.range), ";");
    let src = "fn f() { g(] }";
    let e = lower(src).unwrap_err();
    assert!(e.message.contains("unbalanced"), "{}", e.message);
    assert_eq!(text(src, e.range), "]");
    let e = lower("fn f() {").unwrap_err();
    assert_eq!(e.range.start, 7);
}

#[test]
fn edition_2015_trait_objects_are_a_syntax_error() {
    let src = "fn f(cb: Box<Fn(u8) + Send>) {}";
    let e = lower(src).unwrap_err();
    assert!(e.range.end as usize <= src.len());
    assert!(e.range.start >= 13, "{e:?}");
}

#[test]
fn deeply_nested_input_is_refused_not_crashed() {
    let deep = format!(
        "fn f() {{ let x = {}1{}; }}",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    let e = lower(&deep).unwrap_err();
    assert!(e.message.contains("too deeply nested"));
    assert_eq!(text(&deep, e.range), "(");
    // Shapes that recurse in the parser without brackets.
    let shapes = [
        format!("fn f() {{ g({}x); }}", "!".repeat(100_000)),
        format!("fn f() {{ g({}x); }}", "|x| ".repeat(100_000)),
        format!("fn f() {{ {}x; }}", "a = ".repeat(100_000)),
        format!("fn f() {{ {}x; }}", "return ".repeat(100_000)),
        format!(
            "type T = {}u8{};",
            "Vec<".repeat(100_000),
            ">".repeat(100_000)
        ),
        format!("type T = {}u8;", "&".repeat(100_000)),
        format!("fn f() {{ x{}; }}", ".a()".repeat(200_000)),
        format!("fn f() {{ x{}; }}", " + a".repeat(200_000)),
        format!(
            "type T = {}u8{};",
            "Vec < ".repeat(100_000),
            " >".repeat(100_000)
        ),
        format!("type T = {}u8;", "fn() -> ".repeat(100_000)),
        format!("fn f() {{ g({}x); }}", "&mut ".repeat(100_000)),
        format!("fn f() {{ g({}x); }}", "- ".repeat(100_000)),
        format!(
            "fn f() {{ g({}1{}); }}",
            "!!!!!!!!!!x.f(".repeat(150),
            ")".repeat(150)
        ),
    ];
    for s in &shapes {
        assert!(lower(s).is_err());
    }
    // Just under the limits: lowered (on the big-stack thread), deep parts opaque.
    let ok_shapes = [
        format!("fn f() {{ g({}x{}); }}", "(".repeat(190), ")".repeat(190)),
        format!("fn f() {{ g({}x); }}", "!".repeat(400)),
        format!("fn f() {{ g({}x); }}", "|x| ".repeat(400)),
        format!("fn f() {{ x{}; }}", ".a()".repeat(20_000)),
        format!("fn f() {{ {} }}", "if a { ".repeat(190) + &"}".repeat(190)),
        format!("fn f() {{ if a {{}} {} }}", "else if a { } ".repeat(5_000)),
        format!("fn f() {{ g({}); }}", "!a && ".repeat(2_000) + "b"),
        format!("fn f() {{ {} }}", "if a < b { c(); } ".repeat(2_000)),
        format!(
            "impl S {{ {} }}",
            "pub fn m(&mut self, x: *const u8) -> &mut Self { self } ".repeat(2_000)
        ),
    ];
    for s in &ok_shapes {
        let l = ok(s);
        assert!(l.module.bodies.len() >= 2);
    }
}

#[test]
fn ordinary_files_fit_a_small_stack() {
    // Files just within the inline thresholds are lowered on the caller's thread: they must fit
    // a 2 MiB thread (rayon's default) even in a debug build.
    let shapes = [
        format!("fn f() {{ g({}x{}); }}", "(".repeat(46), ")".repeat(46)),
        format!("fn f() {{ {} }}", "if a { ".repeat(23) + &"}".repeat(23)),
        format!(
            "fn f() {{ {}x{} }}",
            "match a { _ => ".repeat(23),
            "}".repeat(23)
        ),
        format!("fn f() {{ g({}x); }}", "!".repeat(46)),
        format!("fn f(x: {}u8{}) {{}}", "Vec<".repeat(46), ">".repeat(46)),
        format!("fn f() {{ {}x{}; }}", "vec![".repeat(46), "]".repeat(46)),
        format!("fn f() {{ x{}; }}", ".a()".repeat(64)),
        format!("fn f() {{ if a {{}} {} }}", "else if a { x() } ".repeat(60)),
        format!("fn f() {{ x{}; }}", ".a()".repeat(49_000)),
    ];
    let h = std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(move || shapes.iter().all(|s| lower(s).is_ok()))
        .unwrap();
    assert!(h.join().unwrap());
}

#[test]
fn offsets_are_relative_to_each_file() {
    // Two files lowered on the same thread: the second's ranges index into its own text.
    let a = "fn a() { first.call(); }";
    let b = "\n\n  fn b() { second.commit_message(&m, Sync); }";
    let _ = ok(a);
    let l = ok(b);
    assert_eq!(
        text(b, call_named(&all_calls(&l), "commit_message").range),
        "second.commit_message(&m, Sync)"
    );
    // A BOM and a shebang keep offsets into the original text.
    let c = "\u{feff}#!/usr/bin/env run-cargo-script\nfn c() { x.flush(t); } // é\n";
    let l = ok(c);
    assert_eq!(
        text(c, call_named(&all_calls(&l), "flush").range),
        "x.flush(t)"
    );
    assert_eq!(text(c, l.comments[0]), "// é");
    // Multi-byte characters before a call.
    let d = "fn d() { let s = \"héllo wörld\"; p.send(s); }";
    let l = ok(d);
    assert_eq!(
        text(d, call_named(&all_calls(&l), "send").range),
        "p.send(s)"
    );
    // Inner attribute at the start is not a shebang.
    assert!(lower("#![allow(x)]\nfn e() {}").is_ok());
}

/// Checks what `lower` returned for `src`: a syntax error's range lies inside the file on
/// character boundaries and has a message; a lowered file's calls have dense ids and ranges
/// inside the file, and its comments are comments.
fn assert_well_formed(src: &str, what: &str, result: &Result<Lowered, SyntaxError>) {
    let inside =
        |r: TextRange| r.start <= r.end && src.get(r.start as usize..r.end as usize).is_some();
    match result {
        Err(e) => {
            assert!(
                inside(e.range),
                "{what}: error range {:?} outside the file",
                e.range
            );
            assert!(!e.message.is_empty(), "{what}: error without a message");
        }
        Ok(l) => {
            let calls = all_calls(l);
            let mut ids: Vec<u32> = calls.iter().map(|c| c.id.0).collect();
            ids.sort();
            assert_eq!(
                ids,
                (0..l.module.call_count).collect::<Vec<_>>(),
                "{what}: call ids"
            );
            for c in &calls {
                assert!(
                    inside(c.range),
                    "{what}: call range {:?} outside the file",
                    c.range
                );
            }
            for c in &l.comments {
                assert!(inside(*c), "{what}: comment range {c:?} outside the file");
                let t = text(src, *c);
                assert!(
                    t.starts_with("//") || t.starts_with("/*"),
                    "{what}: comment {t:?}"
                );
            }
        }
    }
}

#[test]
fn never_panics_on_garbage() {
    // (input, parses, calls lowered when it parses)
    let inputs = [
        ("", true, 0),
        (" ", true, 0),
        ("\u{feff}", true, 0),
        ("#!", true, 0),
        ("#![", false, 0),
        ("'", false, 0),
        ("'\\", false, 0),
        ("b'", false, 0),
        ("r#\"", false, 0),
        ("r##\"x\"#", false, 0),
        ("/*", false, 0),
        ("\"\\", false, 0),
        ("fn", false, 0),
        ("fn f(", false, 0),
        ("}}}", false, 0),
        ("fn f() { 'a: loop { break 'a 1; } }", true, 0),
        ("fn f() { let _ = 'x'..='z'; }", true, 0),
        ("fn f() { x.0.1 }", true, 0),
        ("impl<T> Tr for T where T: ?Sized {}", true, 0),
        ("fn f() { async || {}; try {}; }", true, 0),
        // A macro body that does not parse is left unanalysed, not an error.
        ("fn f() { tokio::select! { x = }; }", true, 0),
        ("fn f() { tokio::select! {} }", true, 0),
        ("fn f() { vec![;]; }", true, 0),
        ("fn f() { info!(target:); }", true, 0),
        ("fn f() { <T as Tr>::m(x); <T>::n(); }", true, 2),
        ("union U { a: u8 }", true, 0),
    ];
    for (src, parses, calls) in inputs {
        let result = lower(src);
        assert_eq!(
            result.is_ok(),
            parses,
            "{src:?}: {:?}",
            result.as_ref().err()
        );
        if let Ok(l) = &result {
            assert_eq!(l.module.call_count, calls, "{src:?}");
        }
        assert_well_formed(src, &format!("{src:?}"), &result);
    }
}

// ---------------------------------------------------------------- real-code corpus
//
// `#[ignore]`d (minutes on a debug build): `cargo test --lib -- --ignored corpus`.

/// The `.rs` files of the real-code corpus: `scripts/.work/corpus` (filled by
/// `scripts/fetch_corpus.sh`) if present, and the cargo registry's unpacked sources
/// (`$CARGO_HOME/registry/src`, which building this crate fills). Panics when there is none:
/// an explicitly run corpus test must not pass on nothing.
fn corpus() -> Vec<std::path::PathBuf> {
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| std::path::Path::new(&h).join(".cargo")));
    let roots: Vec<std::path::PathBuf> = [
        Some(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/.work/corpus")),
        cargo_home.map(|h| h.join("registry/src")),
    ]
    .into_iter()
    .flatten()
    .filter(|p| p.is_dir())
    .collect();
    let mut files: Vec<_> = roots
        .iter()
        .flat_map(|root| {
            walkdir::WalkDir::new(root)
                .into_iter()
                .filter_map(|e| e.ok())
        })
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "rs"))
        .map(|e| e.into_path())
        .collect();
    files.sort();
    assert!(
        files.len() >= 1000,
        "no real-code corpus: found {} .rs files under {roots:?}; run `cargo fetch` or \
         scripts/fetch_corpus.sh rust",
        files.len()
    );
    files
}

/// Every corpus file lowers without a panic into a well-formed result, and the front end
/// accepts nearly all of it (the corpus is code that compiles).
#[test]
#[ignore]
fn corpus_no_panic() {
    let files = corpus();
    let (mut n, mut errs) = (0, Vec::new());
    let mut slowest = (std::time::Duration::ZERO, String::new());
    let start = std::time::Instant::now();
    for path in &files {
        let Ok(src) = std::fs::read_to_string(path) else {
            continue; // not UTF-8: not Rust source
        };
        let what = path.display().to_string();
        let t = std::time::Instant::now();
        let result = lower(&src);
        let dt = t.elapsed();
        if dt > slowest.0 {
            slowest = (dt, what.clone());
        }
        n += 1;
        assert_well_formed(&src, &what, &result);
        if let Err(e) = result {
            errs.push(format!("{what}: {}", e.message));
        }
    }
    println!(
        "{n} files, {} syntax errors, {:?} total, slowest {:?} {}",
        errs.len(),
        start.elapsed(),
        slowest.0,
        slowest.1
    );
    assert!(n * 9 / 10 <= files.len() && n > 0);
    assert!(
        errs.len() * 100 <= n,
        "more than 1% of real files rejected ({} of {n}):\n{}",
        errs.len(),
        errs.join("\n")
    );
}

/// Real code stays far below the nesting guard's limits (`scan` module docs): no corpus file
/// is refused, and the largest estimate leaves at least 4x headroom.
#[test]
#[ignore]
fn corpus_depth_stats() {
    let mut all: Vec<(u32, usize, u32, String)> = Vec::new();
    let mut refused = Vec::new();
    for path in corpus() {
        let Ok(src) = std::fs::read_to_string(&path) else {
            continue;
        };
        match super::scan::measure(&src) {
            Ok(s) => all.push((s.estimate, s.brackets, s.chain, path.display().to_string())),
            Err(r) => refused.push(format!("{}: at {r:?}", path.display())),
        }
    }
    all.sort_by_key(|a| std::cmp::Reverse(a.0));
    for a in all.iter().take(5) {
        println!("est {a:?}");
    }
    assert!(
        refused.is_empty(),
        "real files refused as too deeply nested:\n{}",
        refused.join("\n")
    );
    let peak = all.first().expect("corpus is not empty");
    assert!(
        peak.0 * 4 <= super::scan::MAX_NEST_ESTIMATE,
        "estimate {} of {} in {}",
        peak.0,
        super::scan::MAX_NEST_ESTIMATE,
        peak.3
    );
    let brackets = all.iter().map(|a| a.1).max().unwrap_or(0);
    assert!(
        brackets * 4 <= super::scan::MAX_BRACKET_DEPTH,
        "bracket depth {brackets}"
    );
}

/// Cross-check the comment scanner against proc-macro2's lexer on the corpus: every byte is
/// either in a token, in a comment the scanner found, or whitespace, and no comment overlaps
/// a token.
#[test]
#[ignore]
fn corpus_comments_match_lexer() {
    use std::str::FromStr;
    fn walk(ts: proc_macro2::TokenStream, src: &str, covered: &mut Vec<bool>) {
        for tt in ts {
            let r = tt.span().byte_range();
            let t = src.get(r.clone()).unwrap_or("");
            let is_doc = t.starts_with("//") || t.starts_with("/*");
            match tt {
                proc_macro2::TokenTree::Group(g) if !is_doc => {
                    let o = g.span_open().byte_range();
                    let c = g.span_close().byte_range();
                    for i in o.chain(c) {
                        covered[i] = true;
                    }
                    walk(g.stream(), src, covered);
                }
                _ if !is_doc => {
                    for i in r {
                        covered[i] = true;
                    }
                }
                _ => {}
            }
        }
    }
    let (mut n, mut bad) = (0, 0);
    for path in corpus() {
        let Ok(src) = std::fs::read_to_string(&path) else {
            continue;
        };
        // proc-macro2 does not skip a BOM or a shebang line; the scanner does.
        if src.starts_with('\u{feff}') || src.starts_with("#!") {
            continue;
        }
        let Ok(ts) = proc_macro2::TokenStream::from_str(&src) else {
            continue;
        };
        n += 1;
        let mut covered = vec![false; src.len()];
        walk(ts, &src, &mut covered);
        proc_macro2::extra::invalidate_current_thread_spans();
        let mut in_comment = vec![false; src.len()];
        for c in super::scan::comments(&src) {
            for i in c.start as usize..c.end as usize {
                in_comment[i] = true;
                if covered[i] {
                    bad += 1;
                    println!(
                        "{}: comment overlaps a token at {i}: {:?}",
                        path.display(),
                        text(&src, c)
                    );
                    break;
                }
            }
        }
        for (i, b) in src.bytes().enumerate() {
            if !covered[i] && !in_comment[i] && !b.is_ascii_whitespace() {
                bad += 1;
                let end = (i + 40).min(src.len());
                println!(
                    "{}: uncovered byte at {i}: {:?}",
                    path.display(),
                    src.get(i..end)
                );
                break;
            }
        }
    }
    println!("{n} files, {bad} mismatches");
    assert!(n >= 1000, "only {n} files lexed");
    assert_eq!(bad, 0);
}
