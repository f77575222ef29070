//! An import-only scan of source text, without parsing: which module paths a file may import.
//! It only decides which files are worth parsing (a file that imports a program module leading
//! to a Kafka client is linted even when it names no Kafka module itself); parsing confirms.
//! Over-approximating is safe (a file is parsed for nothing); missing an import loses reach.
//! The boundary walk also skips modules whose scanned imports lead nowhere it forbids, so the
//! scan must find every import parsing finds (a test in `engine::load` checks it on the
//! fixtures, and on fetched corpora with `OFFSETLINT_SCAN_CORPUS`).

pub use crate::analysis::program::ScannedImport;
use crate::model::is_java_ident_byte;

/// What the scan of one file found.
#[derive(Debug, Clone, Default)]
pub struct Scanned {
    pub imports: Vec<ScannedImport>,
    /// Rust `#[path]` module declarations (see [`rust_path_mods`]).
    pub path_mods: Vec<(String, String)>,
    /// The types a Java class extends or implements (see [`java_supertypes`]).
    pub supertypes: Vec<ScannedImport>,
}

/// The imports of a file that depend on what they name: all but Rust `mod x;` declarations,
/// which [`scan`] gives as `self::x` (the walk reaches the child through them) but which
/// declare the module tree (a crate root declares every module). Only the search for a
/// pre-commit run's importers asks for this, so [`scan`] does not pay for it.
pub fn uses(lang: crate::model::Lang, text: &str) -> Vec<ScannedImport> {
    let mut imports = scan(lang, text).imports;
    if lang == crate::model::Lang::Rust {
        let decls = mod_decls(text);
        imports.retain(|i| {
            !(i.path.len() == 2 && i.path[0] == "self" && decls.contains(&i.path[1].as_str()))
        });
    }
    imports
}

/// The child modules a Rust file declares with `mod x;`.
fn mod_decls(text: &str) -> Vec<&str> {
    (candidate_lines(text, &["mod "]).into_iter())
        .filter_map(|start| text[start..].lines().next())
        .filter_map(|line| mod_decl(line.trim_start()))
        .collect()
}

/// Scans a file's text in its language.
pub fn scan(lang: crate::model::Lang, text: &str) -> Scanned {
    match lang {
        crate::model::Lang::Python => Scanned {
            imports: python(text),
            ..Scanned::default()
        },
        crate::model::Lang::Java => {
            let (imports, package) = java(text);
            Scanned {
                supertypes: java_supertypes(text, &imports, package.as_ref()),
                imports,
                path_mods: Vec::new(),
            }
        }
        crate::model::Lang::Rust => Scanned {
            imports: rust(text),
            path_mods: if text.contains("#[path") {
                rust_path_mods(text)
            } else {
                Vec::new()
            },
            supertypes: Vec::new(),
        },
    }
}

/// Java `import a.b.C;`, `import static a.b.C.m;`, `import a.b.*;`, and the file's own
/// package on demand (`package a.b;`: its classes need no import), as the front end lowers
/// them (the package is one segment; a file without one is in the default package).
/// Returns the imports and the file's package.
fn java(text: &str) -> (Vec<ScannedImport>, Option<String>) {
    let mut out = Vec::new();
    let mut package = None;
    let bytes = text.as_bytes();
    for word in ["import", "package"] {
        for at in memchr::memmem::find_iter(bytes, word.as_bytes()) {
            let line_start = memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |i| i + 1);
            if !text[line_start..at].trim().is_empty() {
                continue;
            }
            let rest = &text[at + word.len()..];
            let Some(end) = rest.find(';') else { continue };
            let mut name = rest[..end].trim();
            if !rest.starts_with(char::is_whitespace) {
                continue;
            }
            name = name.strip_prefix("static ").map_or(name, str::trim);
            let name: String = name.split_whitespace().collect();
            let name = name.trim_end_matches(".*");
            if name.is_empty()
                || !name
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '.' || c == '_' || c == '$')
            {
                continue;
            }
            if word == "package" {
                // A package is one segment whatever its case (`com.Acme.kafka`).
                let path = vec![name.to_string()];
                same_package(&mut out, text, &path);
                package = Some(name.to_string());
                out.push(ScannedImport { path, level: 0 });
                continue;
            }
            out.extend(qualified_java(name));
        }
    }
    // The default package's classes use each other likewise.
    if package.is_none() {
        same_package(&mut out, text, &[]);
    }
    (out, package)
}

/// The types named after `extends` and `implements` (`class OrderServiceImpl implements
/// OrderService`), as import paths: a call through an interface reaches its implementation
/// (the analysis follows an interface to its one implementation), so an implementation of a
/// type that leads to a client concerns the rules as that type's importers do. A simple name
/// is the file's import of it, or a class of its package; a bound (`<T extends Base>`) is
/// read too (over-approximating only parses a file for nothing).
fn java_supertypes(
    text: &str,
    imports: &[ScannedImport],
    package: Option<&String>,
) -> Vec<ScannedImport> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    for word in ["extends", "implements"] {
        for at in memchr::memmem::find_iter(bytes, word.as_bytes()) {
            let end = at + word.len();
            let bounded = (at == 0 || !is_java_ident_byte(bytes[at - 1]))
                && bytes.get(end).is_some_and(|&b| !is_java_ident_byte(b));
            if !bounded {
                continue;
            }
            // The names up to the class body (or another clause), generic arguments left out.
            let clause = &text[end..];
            let stop = clause
                .find(['{', ';', '(', ')'])
                .unwrap_or(clause.len())
                .min(400);
            let mut depth = 0u32;
            let names: String = (clause[..stop].chars())
                .filter(|&c| {
                    depth = match c {
                        '<' => depth + 1,
                        '>' => depth.saturating_sub(1),
                        _ => depth,
                    };
                    depth == 0 && c != '>'
                })
                .collect();
            for name in names.split(|c: char| c == ',' || c.is_whitespace()) {
                let simple = name.rsplit('.').next().unwrap_or(name);
                if !simple.starts_with(|c: char| c.is_ascii_uppercase()) {
                    continue;
                }
                if name.contains('.') {
                    out.extend(qualified_java(name));
                    continue;
                }
                let imported =
                    (imports.iter()).filter(|i| i.path.last().is_some_and(|l| l == simple));
                out.extend(imported.cloned());
                out.push(ScannedImport {
                    path: package
                        .into_iter()
                        .cloned()
                        .chain([simple.to_string()])
                        .collect(),
                    level: 0,
                });
            }
        }
    }
    out
}

/// The import paths a qualified Java name may be: the front end's reading
/// (`model::java_path`), and those of [`capitalised_packages`].
fn qualified_java(name: &str) -> impl Iterator<Item = ScannedImport> + '_ {
    (capitalised_packages(name).chain([crate::model::java_path(name)]))
        .map(|path| ScannedImport { path, level: 0 })
}

/// The other readings of an import whose package has a capitalised segment
/// (`com.Acme.kafka.Worker`): the front end's path ends the package at the first capital
/// (`model::java_path`), so each later capitalised segment may be where the package ends.
fn capitalised_packages(name: &str) -> impl Iterator<Item = Vec<String>> + '_ {
    let parts: Vec<&str> = name.split('.').collect();
    let capital = |p: &&str| p.starts_with(|c: char| c.is_ascii_uppercase());
    let first = parts.iter().position(capital).unwrap_or(parts.len());
    // A lower-case segment after a capital and before the last (a static import's member)
    // says the package goes on past the first capital.
    let ambiguous = (first + 1..parts.len().saturating_sub(1)).any(|j| !capital(&parts[j]));
    let splits: Vec<usize> = (first + 1..parts.len())
        .filter(|&k| ambiguous && capital(&parts[k]))
        .collect();
    splits.into_iter().map(move |k| {
        let mut path = vec![parts[..k].join(".")];
        path.extend(parts[k..].iter().map(|p| p.to_string()));
        path
    })
}

/// A Java file uses the classes of its own package without importing them: each capitalised
/// word of the text may name one (over-approximating only reads a file for nothing).
fn same_package(out: &mut Vec<ScannedImport>, text: &str, package: &[String]) {
    let mut seen = foldhash::HashSet::default();
    for w in capitalised_words(text) {
        if seen.insert(w) {
            // Sized up front: `to_vec` then `push` doubled every path's buffer (a Java file
            // names some fifty capitalised words, and these paths stay with the program).
            let mut path = Vec::with_capacity(package.len() + 1);
            path.extend_from_slice(package);
            path.push(w.to_string());
            out.push(ScannedImport { path, level: 0 });
        }
    }
}

/// The words of a text (runs of alphanumeric characters, `_` and `$`) that start with an
/// ASCII capital. Found from their capitals, byte by byte, a non-ASCII character decoded
/// only next to one: a split of the text on `char`s was a seventh of the instructions of a
/// run over the Java corpus, where every file is scanned.
fn capitalised_words(text: &str) -> impl Iterator<Item = &str> {
    let bytes = text.as_bytes();
    let word_char = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    let mut from = 0;
    std::iter::from_fn(move || loop {
        let i = next_capital(bytes, from)?;
        let word_before = match i.checked_sub(1).map(|p| bytes[p]) {
            None => false,
            Some(b) if b.is_ascii() => is_java_ident_byte(b),
            Some(_) => text[..i].chars().next_back().is_some_and(word_char),
        };
        // ASCII word bytes one by one; from a non-ASCII byte on, by characters.
        let ascii = (bytes[i..].iter())
            .position(|&b| !is_java_ident_byte(b))
            .unwrap_or(bytes.len() - i);
        let len = match bytes.get(i + ascii) {
            Some(b) if !b.is_ascii() => {
                let rest = &text[i + ascii..];
                ascii + rest.find(|c: char| !word_char(c)).unwrap_or(rest.len())
            }
            _ => ascii,
        };
        from = i + len;
        if !word_before {
            return Some(&text[i..i + len]);
        }
    })
}

/// The first ASCII capital at or after `from`, eight bytes at a time: a byte `x` below 0x80
/// is one when `x + 0x3f` reaches 0x80 and `x + 0x25` does not (no sum carries into the
/// next byte once the top bits are cleared).
fn next_capital(bytes: &[u8], from: usize) -> Option<usize> {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut at = from;
    while let Some(chunk) = bytes.get(at..at + 8) {
        let x = u64::from_le_bytes(chunk.try_into().ok()?);
        let low = x & !HIGH;
        let capitals = (low + 0x3f3f_3f3f_3f3f_3f3f) & !(low + 0x2525_2525_2525_2525) & !x & HIGH;
        if capitals != 0 {
            return Some(at + capitals.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    (bytes[at.min(bytes.len())..].iter())
        .position(u8::is_ascii_uppercase)
        .map(|p| at + p)
}

/// Python `import a.b`, `from .x import y, z`, `from x import (a,\n b)`, statements after `;`
/// or a compound header (`try: import x`), lines continued with `\`, and
/// `importlib.import_module("a.b")` / `__import__("a")` with a literal name. Only the lines
/// holding `import` are looked at, found with a vectorised search: looking at every line of
/// every file was a seventh of a run over a large tree.
pub fn python(text: &str) -> Vec<ScannedImport> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut next_line = 0;
    for at in memchr::memmem::find_iter(bytes, b"import") {
        dynamic_import(&mut out, text, at);
        if at < next_line {
            continue;
        }
        // The statement may have begun on lines continued with a backslash.
        let line_start = memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |i| i + 1);
        let mut start = line_start;
        while start > 0 && continues(&text[..start - 1]) {
            start = memchr::memrchr(b'\n', &bytes[..start - 1]).map_or(0, |i| i + 1);
        }
        let line_end = memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |i| at + i);
        let line = &text[start..line_end];
        // Most import lines are one plain statement: no text to join or cut.
        if start == line_start && !line.bytes().any(|b| b";:\\(#".contains(&b)) {
            python_statements(&mut out, line.strip_prefix('\u{feff}').unwrap_or(line));
        } else {
            python_statements(&mut out, &logical_line(&text[start..]));
        }
        // The next hit on a later line starts over there, even within this logical line:
        // what looked like an open parenthesis may have been prose in a docstring.
        next_line = line_end + 1;
    }
    out
}

/// Whether a physical line (without its newline) ends with a continuation backslash.
fn continues(line: &str) -> bool {
    line.strip_suffix('\r').unwrap_or(line).ends_with('\\')
}

/// The logical line starting `text`: its physical lines, comments cut, joined by spaces while a
/// line ends with a backslash or a parenthesis is open (at most 200 lines and 16 KiB).
fn logical_line(text: &str) -> String {
    let mut logical = String::new();
    let mut open = 0i32;
    for (n, line) in text.split('\n').enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let line = line.strip_prefix('\u{feff}').unwrap_or(line);
        // Import statements hold no strings, so a `#` starts a comment; a dynamic import's
        // name does not hold one either.
        let code = line.split_once('#').map_or(line, |(code, _)| code);
        let (code, backslash) = match code.trim_end().strip_suffix('\\') {
            Some(code) => (code, true),
            None => (code, false),
        };
        logical.push_str(code);
        logical.push(' ');
        open += code.matches('(').count() as i32 - code.matches(')').count() as i32;
        if (open <= 0 && !backslash) || n >= 200 || logical.len() > 16 << 10 {
            break;
        }
    }
    logical
}

/// The import statements of one logical line: each `;`-separated statement, after any compound
/// statement headers (`if x:`, `try:`, `else:`).
fn python_statements(out: &mut Vec<ScannedImport>, logical: &str) {
    for statement in logical.split(';') {
        let mut t = statement.trim_start();
        loop {
            if let Some(rest) = t.strip_prefix("import ") {
                for item in rest.split(',') {
                    let name = item.split_whitespace().next().unwrap_or("");
                    push_dotted(out, name, 0);
                }
                break;
            }
            if let Some(rest) = t.strip_prefix("from ") {
                python_from(out, rest);
                break;
            }
            // `try: import x`: what follows a header's colon.
            match t.split_once(':') {
                Some((_, rest)) => t = rest.trim_start(),
                None => break,
            }
        }
    }
}

/// `from <module> import <names>`, given what follows `from `.
fn python_from(out: &mut Vec<ScannedImport>, rest: &str) {
    // The first ` import` (a searcher built for each line cost more than the search).
    let bytes = rest.as_bytes();
    let Some(at) = memchr::memchr_iter(b' ', bytes).find(|&i| bytes[i..].starts_with(b" import"))
    else {
        return;
    };
    let (module, names) = (&rest[..at], &rest[at + " import".len()..]);
    let module = module.trim();
    let level = module.chars().take_while(|c| *c == '.').count() as u32;
    let base: Vec<String> = module
        .trim_start_matches('.')
        .split('.')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    out.push(ScannedImport {
        path: base.clone(),
        level,
    });
    for item in names.split([',', '(', ')']) {
        let name = item.split_whitespace().next().unwrap_or("");
        if is_ident(name) {
            let mut path = Vec::with_capacity(base.len() + 1);
            path.extend_from_slice(&base);
            path.push(name.to_string());
            out.push(ScannedImport { path, level });
        }
    }
}

/// `import_module("a.b")` or `__import__("a")` (any receiver: parsing decides which are
/// `importlib`'s) with a literal, absolute name, at the `import` found at `at`.
fn dynamic_import(out: &mut Vec<ScannedImport>, text: &str, at: usize) {
    let rest = &text[at..];
    let args = if let Some(args) = rest.strip_prefix("import_module(") {
        args
    } else if text[..at].ends_with("__") && rest.starts_with("import__(") {
        &rest["import__(".len()..]
    } else {
        return;
    };
    // The name is on the line of its opening quote.
    let args = args.trim_start();
    let args = args.split('\n').next().unwrap_or("");
    let Some(quote) = args.chars().next().filter(|c| *c == '"' || *c == '\'') else {
        return;
    };
    let Some((name, _)) = args[1..].split_once(quote) else {
        return;
    };
    // Any name, as parsing takes it (`__import__("a-b")` names no module either way).
    if !name.starts_with('.') {
        let path = name.split('.').map(str::to_string).collect();
        out.push(ScannedImport { path, level: 0 });
    }
}

fn push_dotted(out: &mut Vec<ScannedImport>, name: &str, level: u32) {
    let path: Vec<String> = name.split('.').map(str::to_string).collect();
    if path.iter().all(|s| is_ident(s)) {
        out.push(ScannedImport { path, level });
    }
}

fn is_ident(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_')
}

/// Rust: every `a::b::c` path in `use` items and code (`crate::kafka::make()`), and `mod x;`
/// (a child module, as `self::x`).
pub fn rust(text: &str) -> Vec<ScannedImport> {
    let mut out = Vec::new();
    // Paths already found (a file names `std::sync::Arc` many times; each is found once).
    let mut seen: foldhash::HashSet<&str> = Default::default();
    for start in candidate_lines(text, &["::", "use ", "mod ", "extern crate "]) {
        let mut lines = text[start..].lines();
        let Some(line) = lines.next() else { continue };
        let t = line.trim_start();
        if t.starts_with("//") {
            continue;
        }
        if let Some(rest) = use_item(t) {
            // The whole item, which may go on for lines (`use a::{\n b,\n c};`).
            let mut item = code(rest).to_string();
            let mut more = lines.clone();
            let mut n = 0;
            while !item.contains(';') && n < 200 && item.len() < 16 << 10 {
                let Some(next) = more.next() else { break };
                item.push(' ');
                item.push_str(code(next));
                n += 1;
            }
            let item = item.split(';').next().unwrap_or("");
            use_paths(&mut out, &mut Vec::new(), &mut tokens(item).peekable(), 0);
        }
        if let Some(rest) = t.strip_prefix("extern crate ") {
            let name = rest.split([' ', ';']).next().unwrap_or("");
            if is_ident(name) {
                out.push(ScannedImport {
                    path: vec![name.to_string()],
                    level: 0,
                });
            }
        }
        if let Some(name) = mod_decl(t) {
            out.push(ScannedImport {
                path: vec!["self".into(), name.to_string()],
                level: 0,
            });
        }
        // Paths: identifiers joined by `::`; a `use a::{b, c}` group gives `a::b`, `a::c`.
        let bytes = t.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if !(bytes[i].is_ascii_alphabetic() || bytes[i] == b'_')
                || (i > 0 && is_word(bytes[i - 1]))
            {
                i += 1;
                continue;
            }
            let start = i;
            while i < bytes.len()
                && (is_word(bytes[i]) || bytes[i] == b':' && bytes.get(i + 1) == Some(&b':'))
            {
                i += if bytes[i] == b':' { 2 } else { 1 };
            }
            let path = &t[start..i];
            if !path.contains("::") {
                continue;
            }
            let group = path.ends_with("::") && bytes.get(i) == Some(&b'{');
            if !group && !seen.insert(path) {
                continue;
            }
            let segments: Vec<String> = path
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            if group {
                // `a::{b, c::d}`: each item after the prefix.
                let end = t[i..].find('}').map_or(t.len(), |e| i + e);
                for item in t[i + 1..end].split(',') {
                    let item = item.trim();
                    let mut path = segments.clone();
                    path.extend(item.split("::").filter(|s| is_ident(s)).map(str::to_string));
                    out.push(ScannedImport { path, level: 0 });
                }
                i = end;
            } else if segments.len() >= 2 {
                out.push(ScannedImport {
                    path: segments,
                    level: 0,
                });
            }
        }
    }
    with_inline_rebases(&mut out);
    out
}

/// The child module a `mod x;` line (trimmed) declares.
fn mod_decl(t: &str) -> Option<&str> {
    let rest = t
        .strip_prefix("mod ")
        .or_else(|| t.strip_prefix("pub mod "))
        .or_else(|| t.strip_prefix("pub(crate) mod "))?;
    let name = rest.strip_suffix(';')?.trim();
    is_ident(name).then_some(name)
}

/// Inside `d` inline modules (`mod tests { use super::x; }`) the first `d` `super`s name
/// the file's own module (see the Rust front end), so `super::super::x` may also mean
/// `super::x` or `self::x`: each is added, as the scan cannot count the braces around it.
fn with_inline_rebases(out: &mut Vec<ScannedImport>) {
    let mut more = Vec::new();
    for s in out.iter() {
        let supers = s.path.iter().take_while(|p| *p == "super").count();
        for within in 1..=supers {
            let mut path = s.path[within..].to_vec();
            if within == supers {
                path.insert(0, "self".to_string());
            }
            more.push(ScannedImport { path, level: 0 });
        }
    }
    out.extend(more);
}

/// The start of every line holding one of `needles`, in order: the only lines that can
/// hold what the scan looks for (in the Rust benchmark corpus, one line in six), found with
/// a vectorised search instead of visiting every line.
fn candidate_lines(text: &str, needles: &[&str]) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut starts = Vec::new();
    for needle in needles {
        // The end of the last line taken: later hits on it add nothing.
        let mut line_end = 0;
        for at in memchr::memmem::find_iter(bytes, needle.as_bytes()) {
            if at < line_end {
                continue;
            }
            let start = memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |n| n + 1);
            line_end = memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |n| at + n);
            starts.push(start);
        }
    }
    starts.sort_unstable();
    starts.dedup();
    starts
}

/// What follows `use` in a line that starts a `use` item (`pub(crate) use`, ...).
fn use_item(t: &str) -> Option<&str> {
    let t = match t.strip_prefix("pub") {
        Some(rest) if rest.starts_with('(') => rest.split_once(')')?.1.trim_start(),
        Some(rest) => rest.trim_start(),
        None => t,
    };
    t.strip_prefix("use ")
}

/// A line without its `//` comment.
fn code(line: &str) -> &str {
    line.split_once("//").map_or(line, |(code, _)| code)
}

/// The tokens of a `use` tree: identifiers, `::`, and the punctuation `{`, `}`, `,`, `*`.
fn tokens(item: &str) -> impl Iterator<Item = &str> + Clone {
    let bytes = item.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let start = i;
        match *bytes.get(i)? {
            b':' if bytes.get(i + 1) == Some(&b':') => i += 2,
            b if is_word(b) || b >= 0x80 => {
                while i < bytes.len() && (is_word(bytes[i]) || bytes[i] >= 0x80) {
                    i += 1;
                }
            }
            _ => i += 1,
        }
        item.get(start..i)
    })
}

/// The paths a `use` tree names, as parsing lowers them: `a::{b, c::d as e, self, *}` gives
/// `a::b`, `a::c::d`, `a` and `a` (the glob's module).
fn use_paths<'a>(
    out: &mut Vec<ScannedImport>,
    prefix: &mut Vec<String>,
    tokens: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>,
    depth: u32,
) {
    if depth > 64 {
        return;
    }
    let push = |out: &mut Vec<ScannedImport>, path: Vec<String>| {
        if !path.is_empty() {
            out.push(ScannedImport { path, level: 0 });
        }
    };
    if tokens.peek() == Some(&"::") {
        tokens.next();
    }
    match tokens.next() {
        Some("{") => loop {
            if tokens.peek() == Some(&"}") {
                tokens.next();
                break;
            }
            let before = prefix.len();
            use_paths(out, prefix, tokens, depth + 1);
            prefix.truncate(before);
            match tokens.next() {
                Some(",") => {}
                _ => break,
            }
        },
        Some("*") => push(out, prefix.clone()),
        Some(name) if is_ident(name) => {
            if tokens.peek() == Some(&"::") {
                tokens.next();
                prefix.push(name.to_string());
                use_paths(out, prefix, tokens, depth + 1);
                prefix.pop();
                return;
            }
            let mut path = prefix.clone();
            if name != "self" {
                path.push(name.to_string());
            }
            push(out, path);
            if tokens.peek() == Some(&"as") {
                tokens.next();
                tokens.next();
            }
        }
        _ => {}
    }
}

/// Rust `#[path = "file.rs"] mod name;` declarations (the attribute on the line of the `mod`
/// or on a line of its own above it): the file, relative to the declaring file's directory,
/// and the module name it is known by.
pub fn rust_path_mods(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut pending: Option<String> = None;
    for line in text.lines() {
        let mut t = line.trim();
        if t.is_empty() || t.starts_with("//") {
            continue;
        }
        if let Some(rest) = t.strip_prefix("#[path") {
            let file = rest
                .split_once('"')
                .and_then(|(_, r)| r.split_once('"'))
                .map(|(f, _)| f.to_string());
            let Some(file) = file else {
                pending = None;
                continue;
            };
            t = rest.split_once(']').map_or("", |(_, after)| after.trim());
            pending = Some(file);
            if t.is_empty() {
                continue;
            }
        }
        let Some(file) = pending.take() else { continue };
        // Other attributes may stand between (`#[cfg(..)]`).
        if t.starts_with("#[") {
            pending = Some(file);
            continue;
        }
        let decl = t
            .strip_prefix("pub(crate) ")
            .or_else(|| t.strip_prefix("pub "))
            .unwrap_or(t);
        if let Some(name) = decl.strip_prefix("mod ").and_then(|r| r.strip_suffix(';')) {
            if is_ident(name.trim()) {
                out.push((file, name.trim().to_string()));
            }
        }
    }
    out
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte-wise word split is the `char`-wise one.
    #[test]
    fn words_split_as_chars_do() {
        for text in [
            "",
            "class Foo extends Bar<Baz$1> {}",
            "  Ünïcode_Wörd—Dash→Arrow Ok\u{2028}Ab 日本Cd éE _X $Y",
            "a\u{0}B\u{7f}C\u{80}D",
            "End",
        ] {
            let by_char: Vec<&str> = (text
                .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$')))
            .filter(|w| !w.is_empty())
            .collect();
            let capitalised: Vec<&str> = (by_char.into_iter())
                .filter(|w| w.starts_with(|c: char| c.is_ascii_uppercase()))
                .collect();
            assert_eq!(
                capitalised_words(text).collect::<Vec<_>>(),
                capitalised,
                "{text:?}"
            );
        }
    }

    #[test]
    fn capitalised_packages_are_read_whole() {
        let text = "package com.Acme.kafka.workers;\nimport com.Acme.kafka.util.Producer;\nimport org.apache.kafka.clients.consumer.KafkaConsumer;\nclass W { Producer p; }\n";
        let found = paths(java(text).0);
        for expected in [
            "com.Acme.kafka.workers.W",
            "com.Acme.kafka.workers.Producer",
            "com.Acme.kafka.util.Producer",
            "org.apache.kafka.clients.consumer.KafkaConsumer",
        ] {
            assert!(
                found.iter().any(|(p, _)| p == expected),
                "{expected} in {found:?}"
            );
        }
        let whole = |name: &str| {
            capitalised_packages(name)
                .map(|p| p[0].clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            whole("com.Acme.kafka.util.Producer"),
            ["com.Acme.kafka.util"]
        );
        assert!(whole("org.apache.kafka.clients.consumer.KafkaConsumer").is_empty());
        assert!(whole("org.acme.Config.Inner").is_empty());
    }

    #[test]
    fn java_supertypes_are_import_paths() {
        let text = "package com.acme.impl;\nimport com.acme.api.OrderService;\nimport java.util.List;\n\
            public class OrderServiceImpl extends Base<List<String>> implements OrderService, com.acme.api.Audited {\n\
              <T extends Comparable<T>> void f() {}\n  String extendsX;\n}\n";
        let (imports, package) = java(text);
        let found: Vec<String> = paths(java_supertypes(text, &imports, package.as_ref()))
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        for expected in [
            "com.acme.impl.Base",
            "com.acme.api.OrderService",
            "com.acme.api.Audited",
            "com.acme.impl.Comparable",
        ] {
            assert!(
                found.contains(&expected.to_string()),
                "{expected} in {found:?}"
            );
        }
        assert!(
            !found
                .iter()
                .any(|p| p.contains("List") || p.contains("String")),
            "{found:?}"
        );
    }

    #[test]
    fn capitals_are_found_eight_bytes_at_a_time() {
        let text: Vec<u8> = (0..=255u8)
            .chain(b"abcdefghijklmnopqrsZ".iter().copied())
            .collect();
        for from in 0..text.len() {
            let expected = (text[from..].iter())
                .position(u8::is_ascii_uppercase)
                .map(|p| from + p);
            assert_eq!(next_capital(&text, from), expected, "{from}");
        }
        assert_eq!(next_capital(b"", 0), None);
        assert_eq!(next_capital(b"abc", 3), None);
    }

    fn paths(v: Vec<ScannedImport>) -> Vec<(String, u32)> {
        v.into_iter().map(|i| (i.path.join("."), i.level)).collect()
    }

    #[test]
    fn python_imports() {
        let text = "import os, app.kafka as k\nfrom ..bus import (\n  make,\n  Sink as S,\n)\n  from x import y\n";
        let got = paths(python(text));
        for want in [
            ("os", 0),
            ("app.kafka", 0),
            ("bus", 2),
            ("bus.make", 2),
            ("bus.Sink", 2),
            ("x.y", 0),
        ] {
            assert!(
                got.contains(&(want.0.to_string(), want.1)),
                "{want:?} not in {got:?}"
            );
        }
    }

    #[test]
    fn rust_paths() {
        // (`crate` spelled apart: the layering test reads `crate::` paths in this file.)
        let text = format!(
            "use {}::kafka::{{build, sink::Sink}};\nmod ctx;\nfn f() {{ super::util::go(); }}\n// use hidden::x;\n",
            "crate"
        );
        let got = paths(rust(&text));
        for want in [
            "crate.kafka.build",
            "crate.kafka.sink.Sink",
            "self.ctx",
            "super.util.go",
        ] {
            assert!(
                got.contains(&(want.to_string(), 0)),
                "{want} not in {got:?}"
            );
        }
        assert!(!got.iter().any(|(p, _)| p.starts_with("hidden")));
    }

    #[test]
    fn rust_path_attributes() {
        let text = "#[path = \"net_impl.rs\"]\npub mod net;\n#[path=\"x/y.rs\"] mod y;\n#[path = \"z.rs\"]\n#[cfg(test)]\nmod z;\nmod plain;\n#[path = \"w.rs\"]\nfn not_a_mod() {}\nmod after;\n";
        assert_eq!(
            rust_path_mods(text),
            [
                ("net_impl.rs".to_string(), "net".to_string()),
                ("x/y.rs".to_string(), "y".to_string()),
                ("z.rs".to_string(), "z".to_string()),
            ]
        );
    }
}

#[cfg(test)]
mod uses_tests {
    use super::*;

    /// A crate root's `mod x;` is in `imports` (the walk reaches the child through it) but not
    /// among the imports that depend on what they name; `use self::x::Y` is.
    #[test]
    fn module_declarations_are_not_uses() {
        let lang = crate::model::Lang::Rust;
        let text = "pub mod task;\nmod util;\nuse self::util::go;\n";
        // Each distinct path (the scan may find one twice).
        let paths = |v: Vec<ScannedImport>| -> Vec<String> {
            let mut v: Vec<String> = v.iter().map(|i| i.path.join("::")).collect();
            v.sort();
            v.dedup();
            v
        };
        assert_eq!(mod_decls(text), ["task", "util"]);
        assert!(paths(scan(lang, text).imports).contains(&"self::task".to_string()));
        assert_eq!(paths(uses(lang, text)), ["self::util::go"]);
    }
}
