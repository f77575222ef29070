//! Lowered shapes: calls and expressions, items, control flow and tails.

use super::*;

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
        create.type_args.to_vec(),
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
    assert_eq!(
        new.func.dotted().as_deref(),
        Some(&["ClientConfig", "new"][..])
    );
    // Ids are dense.
    let mut ids: Vec<u32> = calls.iter().map(|c| c.id.0).collect();
    ids.sort();
    assert_eq!(ids, (0..l.module.call_count).collect::<Vec<_>>());
    // Path call turbofish.
    let l = ok("fn f() { let p = make::<FutureProducer>(&cfg); }");
    let make = call_named(&all_calls(&l), "make");
    assert_eq!(
        make.type_args.to_vec(),
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
        Some(Box::new(TypeRef {
            paths: vec![vec!["Message".into()]],
            ..TypeRef::default()
        }))
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
        run.params[0].annotation.as_deref().map(tr),
        Some("[Worker]".into())
    );
    assert_eq!(
        run.params[1].annotation.as_deref().map(tr),
        Some("[Duration]".into())
    );
    assert!(text(src, run.range).starts_with("async fn run"));
    let commit_all = body(&l, "commit_all");
    assert_eq!(commit_all.class.as_deref(), Some("Committer"));
    assert_eq!(
        commit_all.params[0].annotation.as_deref().map(tr),
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
                    p.annotation.as_deref().map(tr).unwrap_or_default()
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
    // A unit function's tail falls off the end: its arms do not leave early.
    let l = ok("fn g() { match r { Ok(_) => {}, Err(e) => log(e) } }");
    assert_eq!(
        body_of(&l, "g"),
        "match r\n  arm Success []\n  arm ErrAny [\"e\"]\n    expr log(e)\n"
    );
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
