use super::lower;
use crate::model::*;

fn module(src: &str) -> Module {
    lower(src).expect("lowers").module
}

#[test]
fn qualified_names_keep_the_package_as_one_segment() {
    use crate::model::java_path as qualified;
    assert_eq!(
        qualified("org.apache.kafka.clients.consumer.KafkaConsumer"),
        ["org.apache.kafka.clients.consumer", "KafkaConsumer"]
    );
    assert_eq!(
        qualified("java.util.Map.Entry"),
        ["java.util", "Map", "Entry"]
    );
    assert_eq!(qualified("KafkaConsumer"), ["KafkaConsumer"]);
    assert_eq!(qualified("consumer"), ["consumer"]);
}

#[test]
fn imports_fields_methods_and_calls() {
    let m = module(
        r#"package com.acme;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import static org.apache.kafka.clients.consumer.ConsumerConfig.*;
class Worker {
    private final KafkaConsumer<String, String> consumer;
    Worker(KafkaConsumer<String, String> consumer) { this.consumer = consumer; }
    void run() {
        while (true) {
            for (var r : consumer.poll(Duration.ofMillis(100))) { handle(r); }
            consumer.commitSync();
        }
    }
    void handle(Object r) {}
}
"#,
    );
    assert_eq!(m.lang, Lang::Java);
    let paths: Vec<_> = m
        .imports
        .iter()
        .map(|i| i.entries[0].path.clone())
        .collect();
    assert_eq!(paths[0], ["com.acme"]);
    assert_eq!(
        paths[1],
        ["org.apache.kafka.clients.consumer", "KafkaConsumer"]
    );
    assert!(m.imports[2].entries[0].glob);
    let class = &m.classes[0];
    assert_eq!(class.name, "Worker");
    assert_eq!(class.fields[0].ty.paths, [["KafkaConsumer"]]);
    let run = m.bodies.iter().find(|b| b.name == "run").unwrap();
    assert_eq!(run.self_name.as_deref(), Some("this"));
    let StmtKind::Loop { kind, body, .. } = &run.stmts[0].kind else {
        panic!("{:?}", run.stmts[0]);
    };
    assert_eq!(*kind, LoopKind::Infinite);
    // The bare field is `this.consumer`.
    let StmtKind::Expr(Expr::Call(c)) = &body[1].kind else {
        panic!("{:?}", body[1]);
    };
    assert_eq!(
        c.func.dotted().as_deref(),
        Some(&["this", "consumer", "commitSync"][..])
    );
    // A bare call of the class's own method is `this.handle(..)`.
    let StmtKind::Loop {
        body: inner,
        target,
        ..
    } = &body[0].kind
    else {
        panic!()
    };
    assert!(matches!(target.as_deref(), Some(Target::Name(n, _)) if n == "r"));
    let StmtKind::Expr(Expr::Call(h)) = &inner[0].kind else {
        panic!()
    };
    assert_eq!(h.func.dotted().as_deref(), Some(&["this", "handle"][..]));
    let ctor = m.bodies.iter().find(|b| b.name == "<init>").unwrap();
    assert!(
        matches!(&ctor.stmts[0].kind, StmtKind::Assign { targets, .. }
        if matches!(&targets[0], Target::Attr { attr, .. } if attr == "consumer"))
    );
}

#[test]
fn try_catch_union_types_finally_and_resources() {
    let m = module(
        r#"class A { void f() {
    try (var c = open()) { work(); }
    catch (IOException | java.sql.SQLException e) { log(e); }
    finally { done(); }
} }"#,
    );
    let f = m.bodies.iter().find(|b| b.name == "f").unwrap();
    let StmtKind::Block(b) = &f.stmts[0].kind else {
        panic!("{:?}", f.stmts)
    };
    assert!(matches!(&b[0].kind, StmtKind::Assign { .. }));
    let StmtKind::Try {
        handlers, finally, ..
    } = &b[1].kind
    else {
        panic!()
    };
    assert_eq!(finally.len(), 1);
    assert_eq!(
        handlers[0].failure.catch,
        Catch::Types(vec![
            vec!["IOException".to_string()],
            vec!["java.sql".to_string(), "SQLException".to_string()]
        ])
    );
    assert_eq!(handlers[0].name.as_deref(), Some("e"));
}

#[test]
fn lambdas_anonymous_callbacks_and_annotations() {
    let m = module(
        r#"class L {
    @KafkaListener(topics = "orders", groupId = "billing")
    void on(String v) {
        producer.send(rec, (md, ex) -> {});
        producer.send(rec, new Callback() { public void onCompletion(RecordMetadata md, Exception e) { } });
    }
}"#,
    );
    let on = m.bodies.iter().find(|b| b.name == "on").unwrap();
    let Expr::Call(a) = &on.decorators[0] else {
        panic!()
    };
    assert_eq!(a.func.last_name(), Some("KafkaListener"));
    assert_eq!(
        a.keyword("groupId").and_then(|g| g.value.as_str()),
        Some("billing")
    );
    // A listener's body is the body of a loop over its container's consumer, binding the
    // record parameter.
    let [Stmt {
        kind: StmtKind::Loop { target, body, .. },
        ..
    }] = &on.stmts[..]
    else {
        panic!("{:?}", on.stmts);
    };
    assert!(matches!(target.as_deref(), Some(Target::Name(n, _)) if n == "v"));
    assert!(on.params.iter().any(|p| p
        .annotation
        .as_ref()
        .is_some_and(|a| a.paths == [["org.apache.kafka.clients.consumer", "Consumer"]])));
    // The container commits the record when the listener returns: a commit at its end.
    let [sends @ .., last] = &body[..] else {
        panic!("{body:?}")
    };
    assert!(matches!(&last.kind, StmtKind::Expr(Expr::Call(c))
        if c.func.last_name() == Some(crate::knowledge::LISTENER_RETURN_COMMIT)));
    assert_eq!(sends.len(), 2);
    for s in sends {
        let StmtKind::Expr(Expr::Call(c)) = &s.kind else {
            panic!()
        };
        let Expr::Closure(cl) = &c.args[1].value else {
            panic!("{:?}", c.args[1])
        };
        assert_eq!(cl.params.len(), 2);
    }
}

#[test]
fn manual_ack_and_result_listeners_have_no_return_commit() {
    let m = module(
        r#"class L {
    @KafkaListener(topics = "a")
    void manual(String v, Acknowledgment ack) { ack.acknowledge(); }
    @KafkaListener(topics = "b")
    CompletableFuture<SendResult<String, String>> result(String v) { return template.send("out", v); }
}"#,
    );
    for name in ["manual", "result"] {
        let b = m.bodies.iter().find(|b| b.name == name).unwrap();
        let [Stmt {
            kind: StmtKind::Loop { body, .. },
            ..
        }] = &b.stmts[..]
        else {
            panic!("{:?}", b.stmts);
        };
        assert_eq!(body.len(), 1, "{name}: {body:?}");
    }
}

#[test]
fn anonymous_classes_with_several_methods_are_their_closures() {
    let m = module(
        r#"class R {
    void f(KafkaConsumer<String, String> consumer) {
        consumer.subscribe(topics, new ConsumerRebalanceListener() {
            public void onPartitionsRevoked(Collection<TopicPartition> ps) { consumer.commitSync(); }
            public void onPartitionsAssigned(Collection<TopicPartition> ps) { }
        });
    }
}"#,
    );
    let f = m.bodies.iter().find(|b| b.name == "f").unwrap();
    let StmtKind::Expr(Expr::Call(c)) = &f.stmts[0].kind else {
        panic!("{:?}", f.stmts)
    };
    let Expr::Seq { elts, .. } = &c.args[1].value else {
        panic!("{:?}", c.args[1])
    };
    assert_eq!(elts.len(), 2);
    assert!(elts.iter().all(|e| matches!(e, Expr::Closure(_))));
}

#[test]
fn syntax_errors_are_recovered_from() {
    let lowered =
        lower("class A { void f() { consumer.commitSync(; } void g() { x(); } }").unwrap();
    let rec = lowered.recovered.expect("an error");
    assert!(rec.error.message.contains("unexpected input"));
    assert!(lowered.module.bodies.iter().any(|b| b.name == "g"));
}

#[test]
fn comments_are_listed() {
    let lowered = lower("// a\nclass A { /* b */ }").unwrap();
    assert_eq!(lowered.comments.len(), 2);
}

#[test]
fn the_reused_parser_starts_each_file_afresh() {
    // One thread's parser parses every file: what it saw of a broken file stays there.
    let broken = lower("class A { void f() { consumer.commitSync(; } }").unwrap();
    assert!(broken.recovered.is_some());
    let clean = lower("/* c */ class B { void g() { x(); } }").unwrap();
    assert!(clean.recovered.is_none());
    assert_eq!(clean.comments.len(), 1);
    assert!(clean.module.bodies.iter().any(|b| b.name == "g"));
    assert!(!clean.module.bodies.iter().any(|b| b.name == "f"));
}

#[test]
fn deep_nesting_is_bounded() {
    let src = format!(
        "class A {{ int f() {{ return {}1{}; }} }}",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    let _ = lower(&src);
    let src = format!(
        "class A {{ void f() {{ {} }} }}",
        "if (x) {".repeat(3000) + &"}".repeat(3000)
    );
    let _ = lower(&src);
}

/// The comments, first error and error ranges the pruned walk finds, against the walk over
/// every node, as comparable values.
fn scans(src: &str) -> [String; 2] {
    let tree = super::parse(src).expect("parses");
    [true, false].map(|prune| {
        let s = super::scan(tree.root_node(), src, prune);
        let error = s.first_error.map(|e| (e.message, e.range));
        format!("{:?} {error:?} {:?}", s.comments, s.error_ranges)
    })
}

#[test]
fn the_pruned_walk_finds_what_the_whole_walk_finds() {
    let cases = [
        "// head\npackage p; /* a */ class A { String u = \"http://x/*y\"; // b\n void f() { g(/* c */ 1); } } // tail",
        "class A { void f() { consumer.commitSync(; /* in error */ } void g() { h(; } }",
        "class A { void f() { int x = 1 } } /** doc */ class B {}",
        "class A { char c = '/'; int d = 4 / 2; }",
    ];
    for src in cases {
        let [pruned, whole] = scans(src);
        assert_eq!(pruned, whole, "{src}");
    }
    // Every Java file of the test data, and of a corpus when named (as the import scan's test).
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![root.join("testdata"), root.join("rules")];
    if let Some(more) = std::env::var_os("OFFSETLINT_SCAN_CORPUS") {
        dirs.extend(std::env::split_paths(&more));
    }
    let mut files = 0;
    for entry in dirs.iter().flat_map(walkdir::WalkDir::new).flatten() {
        if entry.path().extension().is_none_or(|e| e != "java") {
            continue;
        }
        let Ok(src) = std::fs::read_to_string(entry.path()) else {
            continue;
        };
        files += 1;
        let [pruned, whole] = scans(&src);
        assert_eq!(pruned, whole, "{}", entry.path().display());
    }
    assert!(files > 0, "no Java files under {dirs:?}");
}

/// The calls of the module's bodies whose callee's last name is `name`, in order.
fn calls_named<'m>(m: &'m Module, name: &str) -> Vec<&'m Call> {
    use crate::model::visit::{walk_block, walk_expr, Visitor};
    struct Calls<'m, 'n>(&'n str, Vec<&'m Call>);
    impl<'m> Visitor<'m> for Calls<'m, '_> {
        fn visit_expr(&mut self, expr: &'m Expr) {
            if let Expr::Call(c) = expr {
                if c.func.last_name() == Some(self.0) {
                    self.1.push(c);
                }
            }
            walk_expr(self, expr);
        }
    }
    let mut v = Calls(name, Vec::new());
    for b in &m.bodies {
        walk_block(&mut v, &b.stmts);
    }
    v.1
}

#[test]
fn comments_between_arguments_are_no_arguments() {
    let m = module(
        r#"class C {
    void f() {
        g( // the config
            a, /* the key */ b);
    }
}
"#,
    );
    let g = calls_named(&m, "g");
    assert_eq!(g.len(), 1);
    assert_eq!(g[0].args.len(), 2, "{:?}", g[0].args);
}

#[test]
fn inner_classes_read_the_enclosing_instances_fields_and_casts_are_their_operand() {
    let m = module(
        r#"class Outer {
    private Producer<String, String> producer;
    private class Worker extends Thread {
        void run(Object template) { producer.send(rec); ((KafkaTemplate) template).send(rec); }
    }
    static class Nested {
        void run() { producer.send(rec); }
    }
}
"#,
    );
    let worker = m.classes.iter().find(|c| c.name == "Worker").unwrap();
    assert!(worker.fields.iter().any(|f| f.name == "producer"));
    let nested = m.classes.iter().find(|c| c.name == "Nested").unwrap();
    assert!(nested.fields.is_empty());
    let sends = calls_named(&m, "send");
    let receivers: Vec<Vec<&str>> = sends
        .iter()
        .map(|c| match &c.func {
            Expr::Attr { value, .. } => value.dotted().unwrap_or_default().to_vec(),
            _ => Vec::new(),
        })
        .collect();
    // The inner class's `producer` is `this.producer`; the static one's stays a bare name.
    assert_eq!(
        receivers,
        vec![vec!["this", "producer"], vec!["template"], vec!["producer"]]
    );
}
