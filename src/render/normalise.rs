//! The flagged code as a formatter-proof token stream, for baseline hashes: no whitespace, no
//! comments, no trailing comma before a closing bracket, and (Python) every string in double
//! quotes. Black's magic trailing comma, its quote normalisation and any re-wrapping by black or
//! rustfmt leave it unchanged.

use crate::model::Lang;

pub fn normalised(lang: Lang, text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let rest = &chars[i..];
        i += match c {
            c if c.is_whitespace() => 1,
            '#' if lang == Lang::Python => line_comment(rest),
            '/' if lang != Lang::Python && rest.get(1) == Some(&'/') => line_comment(rest),
            '/' if lang != Lang::Python && rest.get(1) == Some(&'*') => block_comment(rest),
            '"' => string(rest, &mut out, lang),
            '\'' if lang == Lang::Python => string(rest, &mut out, lang),
            ')' | ']' | '}' => {
                if out.ends_with(',') {
                    out.pop();
                }
                out.push(c);
                1
            }
            c => {
                out.push(c);
                1
            }
        };
    }
    out
}

fn line_comment(rest: &[char]) -> usize {
    rest.iter().position(|&c| c == '\n').unwrap_or(rest.len())
}

fn block_comment(rest: &[char]) -> usize {
    (2..rest.len())
        .find(|&j| rest[j - 1] == '*' && rest[j] == '/')
        .map_or(rest.len(), |j| j + 1)
}

/// A string literal starting at `rest[0]`, written to `out` in double quotes (Python; Rust
/// strings as they are) with its whitespace dropped as everywhere else; its length in `rest`.
fn string(rest: &[char], out: &mut String, lang: Lang) -> usize {
    let quote = rest[0];
    let triple = rest.len() >= 6 && rest[1] == quote && rest[2] == quote;
    let delim = if triple { 3 } else { 1 };
    let closes = |j: usize| (0..delim).all(|k| rest.get(j + k) == Some(&quote));
    let mut j = delim;
    let mut body = String::new();
    while j < rest.len() && !closes(j) {
        let c = rest[j];
        if c == '\\' && j + 1 < rest.len() {
            let next = rest[j + 1];
            // `'it\'s'` and `"it's"` are one string: a quote needs no escape in the other
            // style.
            if next == quote && lang == Lang::Python {
                body.push(next);
            } else {
                body.push(c);
                body.push(next);
            }
            j += 2;
            continue;
        }
        if !c.is_whitespace() {
            body.push(c);
        }
        j += 1;
    }
    let q = if lang == Lang::Python { '"' } else { quote };
    let fence: String = std::iter::repeat_n(q, delim).collect();
    out.push_str(&fence);
    out.push_str(&body);
    out.push_str(&fence);
    (j + delim).min(rest.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn py(s: &str) -> String {
        normalised(Lang::Python, s)
    }

    #[test]
    fn python_formatter_rewrites_change_nothing() {
        let base = py("p.flush(5)");
        assert_eq!(py("p.flush(\n    5,\n)"), base);
        assert_eq!(py("p.flush(  # drain\n    5,\n)"), base);
        let s = py("p.produce(\"t\", b\"x\", key=k)");
        assert_eq!(py("p.produce('t', b'x', key=k)"), s);
        assert_eq!(py("p.produce(\n    't',\n    b'x',\n    key=k,\n)"), s);
        assert_eq!(py("f('it\\'s')"), py("f(\"it's\")"));
        assert_ne!(py("p.flush(5)"), py("p.flush(6)"));
        assert_ne!(py("f('a')"), py("f(a)"));
    }

    #[test]
    fn rust_formatter_rewrites_change_nothing() {
        let rs = |s: &str| normalised(Lang::Rust, s);
        let base = rs("producer.flush(Duration::from_secs(5))");
        assert_eq!(
            rs("producer\n    .flush(\n        Duration::from_secs(5), // drain\n    )"),
            base
        );
        assert_eq!(
            rs("producer.flush(/* now */ Duration::from_secs(5),)"),
            base
        );
        assert_eq!(rs("f(\"a // b\")"), "f(\"a//b\")");
        assert_eq!(rs("f('x')"), "f('x')");
    }
}
