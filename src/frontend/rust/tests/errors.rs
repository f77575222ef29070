//! Errors and robustness: syntax errors, deep nesting, garbage input, and the real-code
//! corpus (`#[ignore]`d).

use super::*;

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
        match super::super::scan::measure(&src) {
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
        peak.0 * 4 <= super::super::scan::MAX_NEST_ESTIMATE,
        "estimate {} of {} in {}",
        peak.0,
        super::super::scan::MAX_NEST_ESTIMATE,
        peak.3
    );
    let brackets = all.iter().map(|a| a.1).max().unwrap_or(0);
    assert!(
        brackets * 4 <= super::super::scan::MAX_BRACKET_DEPTH,
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
        for c in super::super::scan::comments(&src) {
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
