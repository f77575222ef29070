//! Code generation for suggestions: fills a rule's `Suggestion` template in the file's language
//! and turns it into the help text and the machine-applicable `Fix`. Python is filled as text
//! (every value is a name or argument text taken from the source); Rust goes through
//! `proc_macro2` token streams built with `quote`, so a suggestion is always token-correct.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::diagnostic::{Applicability, Edit, Finding, Fix, Suggestion, MESSAGE_PLACEHOLDER};
use crate::engine::{FileReport, Report};
use crate::model::Lang;

/// Whether `--fix` applies this fix: safe fixes always, unsafe ones with `--unsafe-fixes`.
pub fn applies(fix: &Fix, unsafe_fixes: bool) -> bool {
    match fix.applicability {
        Applicability::Safe => true,
        Applicability::Unsafe => unsafe_fixes,
    }
}

/// The file's source with every applicable fix applied, and how many findings that fixes;
/// `None` when no fix applies. Fixes are taken in source order; one whose edits overlap an
/// edit already taken is left for the next pass.
pub fn fixed_source(file: &FileReport, unsafe_fixes: bool) -> Option<(String, usize)> {
    let mut taken: Vec<&Edit> = Vec::new();
    let mut fixed = 0;
    for f in &file.findings {
        let Some(fix) = f.fix.as_ref().filter(|x| applies(x, unsafe_fixes)) else {
            continue;
        };
        // An edit another fix already made (the same import inserted) is shared, not repeated.
        let new: Vec<&Edit> = fix.edits.iter().filter(|e| !taken.contains(e)).collect();
        let overlaps = new.iter().any(|e| {
            taken
                .iter()
                .any(|t| e.range.start < t.range.end && t.range.start < e.range.end)
        });
        let in_bounds = new.iter().all(|e| {
            file.source.is_char_boundary(e.range.start as usize)
                && file.source.is_char_boundary(e.range.end as usize)
        });
        if overlaps || !in_bounds {
            continue;
        }
        taken.extend(new);
        fixed += 1;
    }
    if fixed == 0 {
        return None;
    }
    taken.sort_by_key(|e| (e.range.start, e.range.end));
    let mut out = file.source.clone();
    for e in taken.iter().rev() {
        out.replace_range(e.range.start as usize..e.range.end as usize, &e.content);
    }
    Some((out, fixed))
}

/// A unified diff of one file (`--diff`), with `a/` and `b/` headers as git writes them.
pub fn unified_diff(path: &str, old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{path}"), &format!("b/{path}"))
        .to_string()
}

/// Renders every suggestion of the report into its finding's help and fix.
pub fn complete(report: &mut Report) {
    for file in &mut report.files {
        // A Python file declaring another encoding (PEP 263) is fixed in it: a fix whose
        // text does not encode is not offered (nor counted, nor marked `[*]`).
        let declared = crate::engine::decode::fix_codec(file.lang, &file.source);
        for finding in &mut file.findings {
            complete_finding(file.lang, finding);
            // The suggestion is shown, but no fix is offered in a notebook: its source is
            // its cells joined, not the file's JSON.
            if file.cells.is_some() {
                finding.fix = None;
            }
            if let (Some(codec), Some(fix)) = (declared, &finding.fix) {
                if fix.edits.iter().any(|e| codec.encode(&e.content).is_none()) {
                    finding.fix = None;
                }
            }
        }
    }
}

pub fn complete_finding(lang: Lang, f: &mut Finding) {
    let Some(code) = f.suggestion.as_ref().and_then(|s| render(lang, s)) else {
        return;
    };
    f.help = Some(match f.help.take() {
        Some(help) => format!("{help}: `{code}`"),
        None => format!("instead: `{code}`"),
    });
    let imports = std::mem::take(&mut f.fix_imports);
    f.fix = f.fix_range.map(|range| Fix {
        applicability: Applicability::Unsafe,
        edits: std::iter::once(Edit {
            range,
            content: code,
        })
        .chain(imports)
        .collect(),
    });
}

/// The suggested code in `lang`, or `None` when the values do not form valid code.
pub fn render(lang: Lang, s: &Suggestion) -> Option<String> {
    // No message variable in scope: the help shows a placeholder (and no fix is offered).
    if s.message == MESSAGE_PLACEHOLDER {
        const STAND_IN: &str = "offsetlint_message_placeholder";
        let stand_in = Suggestion {
            message: STAND_IN.into(),
            ..s.clone()
        };
        return render(lang, &stand_in).map(|t| t.replace(STAND_IN, MESSAGE_PLACEHOLDER));
    }
    match lang {
        // The receiver is a dotted path or an expression's source text (`CONSUMERS[i]`).
        Lang::Python | Lang::Java => {
            is_identifier(&s.message).then(|| fill(s, &s.receiver, &s.message, |a| a.to_string()))
        }
        Lang::Rust => render_rust(s),
    }
}

/// Fills the template's placeholders; `arg` renders one kept argument.
fn fill(s: &Suggestion, receiver: &str, message: &str, arg: impl Fn(&str) -> String) -> String {
    let args: String = s
        .keep_args
        .iter()
        .map(|a| format!(", {}", arg(a)))
        .collect();
    let before: String = s.before.iter().map(|a| format!("{}, ", arg(a))).collect();
    let by_name = s
        .keyword
        .as_ref()
        .map(|k| format!("{k}="))
        .unwrap_or_default();
    let mut out = renamed(s.template, &s.renames)
        .replace("{receiver}", receiver)
        .replace("{method}", &s.method)
        .replace("{before}", &before)
        .replace("{kw}", &by_name)
        .replace("{message}", message)
        .replace("{args}", &args);
    // `{kw=NAME}`: the keyword the message is passed as, NAME unless a wrapper names it.
    // `{last_arg=DEFAULT}`: the call's last kept argument (the commit mode), else DEFAULT.
    for (key, value) in [
        ("{kw=", s.keyword.clone().map(|k| format!("{k}="))),
        (
            "{last_arg=",
            s.keep_args.last().or(s.before.last()).map(|a| arg(a)),
        ),
    ] {
        if let Some(start) = out.find(key) {
            if let Some(len) = out[start..].find('}') {
                let default = &out[start + key.len()..start + len];
                let default = if key == "{kw=" {
                    format!("{default}=")
                } else {
                    default.to_string()
                };
                out.replace_range(start..=start + len, &value.unwrap_or(default));
            }
        }
    }
    out
}

/// The template with each renamed name, as a whole word, written as its local name.
fn renamed(template: &str, renames: &[(&str, String)]) -> String {
    let mut out = template.to_string();
    for (name, local) in renames {
        let mut at = 0;
        while let Some(found) = out[at..].find(name).map(|i| at + i) {
            let end = found + name.len();
            let word = |c: char| c.is_alphanumeric() || c == '_';
            let whole = !out[..found].chars().next_back().is_some_and(word)
                && !out[end..].chars().next().is_some_and(word);
            if whole {
                out.replace_range(found..end, local);
                at = found + local.len();
            } else {
                at = end;
            }
        }
    }
    out
}

fn render_rust(s: &Suggestion) -> Option<String> {
    let receiver = rust_receiver(&s.receiver)?;
    let message = rust_ident(&s.message)?.to_string();
    let text = fill(s, &receiver, &message, |a| {
        a.parse::<TokenStream>()
            .map_or_else(|_| a.to_string(), |t| t.to_string())
    });
    let tokens: TokenStream = text.parse().ok()?;
    Some(tighten(&tokens.to_string()))
}

/// A dotted path of identifiers, or an expression's source text (`ping(3)`) as tokens.
fn rust_receiver(text: &str) -> Option<String> {
    let path = || {
        let mut segments = text.split('.');
        let first = rust_ident(segments.next()?)?;
        let rest = segments.map(rust_ident).collect::<Option<Vec<_>>>()?;
        Some(quote!(#first #(. #rest)*).to_string())
    };
    path().or_else(|| {
        let tokens = text.parse::<TokenStream>().ok()?;
        (!tokens.is_empty()).then(|| tokens.to_string())
    })
}

/// `quote` spaces every token; tighten to how the code would be written.
fn tighten(tokens: &str) -> String {
    tokens
        .replace(" . ", ".")
        .replace(" (", "(")
        .replace("( ", "(")
        .replace(" )", ")")
        .replace("& ", "&")
        .replace(" ,", ",")
        .replace(" :: ", "::")
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_')
}

/// Strict and reserved keywords cannot be identifiers, but `self` starts a receiver path.
const RUST_KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub",
    "ref", "return", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use",
    "where", "while", "abstract", "become", "box", "do", "final", "gen", "macro", "override",
    "priv", "try", "typeof", "unsized", "virtual", "yield",
];

fn rust_ident(s: &str) -> Option<proc_macro2::Ident> {
    (is_identifier(s) && !RUST_KEYWORDS.contains(&s)).then(|| format_ident!("{}", s))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn suggestion(
        template: &'static str,
        receiver: &str,
        message: &str,
        keep: &[&str],
    ) -> Suggestion {
        Suggestion {
            template,
            receiver: receiver.into(),
            method: "commit".into(),
            message: message.into(),
            before: Vec::new(),
            keyword: None,
            keep_args: keep.iter().map(|s| s.to_string()).collect(),
            renames: Vec::new(),
        }
    }

    const RUST: &str = "{receiver}.commit_message(&{message}, {last_arg=CommitMode::Async})";

    #[test]
    fn renders_rust_commit_message() {
        let r = |recv, msg, keep: &[&str]| render(Lang::Rust, &suggestion(RUST, recv, msg, keep));
        assert_eq!(
            r("consumer", "m", &[]).unwrap(),
            "consumer.commit_message(&m, CommitMode::Async)"
        );
        assert_eq!(
            r("self.consumer", "msg", &[]).unwrap(),
            "self.consumer.commit_message(&msg, CommitMode::Async)"
        );
        assert_eq!(
            r("c", "m", &["CommitMode::Sync"]).unwrap(),
            "c.commit_message(&m, CommitMode::Sync)"
        );
        // Not identifiers: no suggestion rather than broken code.
        assert_eq!(r("c", "1bad", &[]), None);
        assert_eq!(r("c", "match", &[]), None);
        assert_eq!(r("", "m", &[]), None);
    }

    #[test]
    fn renders_python_templates() {
        let t = "{receiver}.{method}(message={message}{args})";
        let s = suggestion(t, "self.consumer", "msg", &["asynchronous=False"]);
        assert_eq!(
            render(Lang::Python, &s).unwrap(),
            "self.consumer.commit(message=msg, asynchronous=False)"
        );
        let aio = "{receiver}.{method}({TopicPartition({message}.topic, {message}.partition): 1})";
        assert_eq!(
            render(Lang::Python, &suggestion(aio, "c", "m", &[])).unwrap(),
            "c.commit({TopicPartition(m.topic, m.partition): 1})"
        );
        assert_eq!(render(Lang::Python, &suggestion(t, "c", "m-1", &[])), None);
    }

    #[test]
    fn positional_arguments_stay_first_and_keywords_follow_the_slot() {
        let t = "{receiver}.{method}({before}{kw=message}{message}{args})";
        let mut s = suggestion(t, "acker", "msg", &["asynchronous=False"]);
        s.before = vec!["record".into()];
        assert_eq!(
            render(Lang::Python, &s).unwrap(),
            "acker.commit(record, message=msg, asynchronous=False)"
        );
        // A wrapper's own parameter replaces the template's keyword.
        s.keyword = Some("msg".into());
        assert_eq!(
            render(Lang::Python, &s).unwrap(),
            "acker.commit(record, msg=msg, asynchronous=False)"
        );
        // `{kw}`: positional unless a keyword is given.
        let aio = "{receiver}.{method}({before}{kw}{message}{args})";
        let mut s = suggestion(aio, "c", "offs", &[]);
        assert_eq!(render(Lang::Python, &s).unwrap(), "c.commit(offs)");
        s.keyword = Some("offsets".into());
        assert_eq!(render(Lang::Python, &s).unwrap(), "c.commit(offsets=offs)");
    }

    #[test]
    fn receivers_that_are_not_paths_are_kept_as_written() {
        let t = "{receiver}.{method}({before}{kw=message}{message}{args})";
        let s = suggestion(t, "CONSUMERS[i]", "msg", &[]);
        assert_eq!(
            render(Lang::Python, &s).unwrap(),
            "CONSUMERS[i].commit(message=msg)"
        );
        let s = suggestion(RUST, "ping(3)", "m", &[]);
        assert_eq!(
            render(Lang::Rust, &s).unwrap(),
            "ping(3).commit_message(&m, CommitMode::Async)"
        );
        assert_eq!(render(Lang::Rust, &suggestion(RUST, "a(", "m", &[])), None);
    }

    #[test]
    fn renames_whole_words_only() {
        let aio = "{receiver}.{method}({TopicPartition({message}.topic, 0): XTopicPartition})";
        let mut s = suggestion(aio, "c", "m", &[]);
        s.renames = vec![("TopicPartition", "TP".into())];
        assert_eq!(
            render(Lang::Python, &s).unwrap(),
            "c.commit({TP(m.topic, 0): XTopicPartition})"
        );
    }
}
