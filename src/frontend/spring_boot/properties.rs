//! `application*.properties`, as `java.util.Properties.load` reads it: `key=value`,
//! `key: value` or `key value`; `#` and `!` comment lines; a line ending in an odd number of
//! backslashes goes on on the next one. Spring Boot's multi-document form (`#---`) starts a
//! new document.

use super::{Entry, Read};
use crate::model::TextRange;

pub(super) fn read(source: &str) -> Read {
    let mut read = Read {
        documents: vec![Vec::new()],
        ..Read::default()
    };
    let mut offset = 0usize;
    let mut lines = source.split_inclusive('\n').peekable();
    while let Some(first) = lines.next() {
        let start = offset;
        offset += first.len();
        let body = first.trim_end_matches(['\n', '\r']);
        let trimmed = body.trim_start();
        let lead = body.len() - trimmed.len();
        if trimmed.is_empty() {
            continue;
        }
        if trimmed.starts_with('#') || trimmed.starts_with('!') {
            read.comments.push(TextRange::new(
                (start + lead) as u32,
                (start + body.len()) as u32,
            ));
            if trimmed == "#---" || trimmed == "!---" {
                read.documents.push(Vec::new());
            }
            continue;
        }
        // The logical line: continuation lines joined, their leading space dropped.
        let mut logical = body[lead..].to_string();
        let mut end = start + body.len();
        while continues(&logical) {
            logical.pop();
            let Some(next) = lines.next() else {
                break;
            };
            let next_body = next.trim_end_matches(['\n', '\r']);
            end = offset + next_body.len();
            offset += next.len();
            logical.push_str(next_body.trim_start());
        }
        let (key, value) = split_pair(&logical);
        let key_start = (start + lead) as u32;
        let range = TextRange::new(key_start, end as u32);
        if let Some(doc) = read.documents.last_mut() {
            doc.push(Entry {
                key: unescape(key),
                range,
                value: Some((unescape(value), range)),
            });
        }
    }
    read
}

/// Whether a line ends in an odd number of backslashes.
fn continues(line: &str) -> bool {
    line.chars().rev().take_while(|&c| c == '\\').count() % 2 == 1
}

/// The key and the value: the key ends at the first unescaped `=`, `:` or white space; one
/// separator and the space around it are dropped.
fn split_pair(line: &str) -> (&str, &str) {
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        if escaped {
            escaped = false;
            continue;
        }
        match c {
            '\\' => escaped = true,
            '=' | ':' => return (&line[..i], line[i + 1..].trim_start()),
            c if c.is_whitespace() => {
                let rest = line[i..].trim_start();
                let rest = rest.strip_prefix(['=', ':']).map_or(rest, str::trim_start);
                return (&line[..i], rest);
            }
            _ => {}
        }
    }
    (line, "")
}

/// `\=`, `\:`, `\ ` and the like stand for the character; `\t`, `\n` for their controls.
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some(other) => out.push(other),
            None => {}
        }
    }
    out.trim_end().to_string()
}
