//! Macros (select branches, format and log macros) and the comments scanner.

use super::*;

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
    else
      if ready
        let msg = await(consumer.recv())
        let m = try(msg)
        expr try(consumer.commit_message(m, CommitMode.Async))
      else
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
        .find(|c| c.func.dotted().as_deref() == Some(&["consumer", "recv"][..]))
        .unwrap();
    assert_eq!(text(src, recv.range), "consumer.recv()");
    // `let x = select! {..}` assigns each branch's tail.
    assert_eq!(
        f("let v = futures::select! { a = fa => a + 1, complete => 0 };"),
        "block\n  if <opaque>\n    let a = await(fa)\n    let v = Operator(a, 1)\n  else\n    if <opaque>\n      let v = 0\n"
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
        "if Operator(r, Err(<opaque>))\n  expr x()\n"
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
    let got: Vec<&str> = super::super::scan::comments(src)
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
    let got: Vec<&str> = super::super::scan::comments(crlf)
        .iter()
        .map(|r| text(crlf, *r))
        .collect();
    assert_eq!(got, vec!["// c", "// d"]);
    // Unterminated block comment runs to the end.
    assert_eq!(super::super::scan::comments("x /* never closed").len(), 1);
}
