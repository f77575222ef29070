//! Renders suggested Rust code with `quote`, so suggestions are token-correct Rust.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::diagnostic::Suggestion;

/// `self.consumer` → tokens; a receiver that is not a plain dotted path falls back to
/// `consumer`.
fn path_tokens(dotted: &str) -> TokenStream {
    let mut segments = dotted
        .split('.')
        .filter(|s| is_ident(s))
        .map(|s| format_ident!("{}", s));
    let Some(first) = segments.next() else {
        return quote!(consumer);
    };
    let rest: Vec<_> = segments.collect();
    quote!(#first #(. #rest)*)
}

fn is_ident(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_')
        // Keywords are not identifiers, but `self` starts a receiver path.
        && (s == "self" || syn::parse_str::<syn::Ident>(s).is_ok())
}

pub fn render(suggestion: &Suggestion) -> String {
    let tokens = match suggestion {
        Suggestion::CommitMessage {
            receiver,
            message,
            keep_args,
            ..
        } => {
            let recv = path_tokens(receiver);
            let msg = if is_ident(message) {
                format_ident!("{}", message)
            } else {
                format_ident!("msg")
            };
            // Keep the commit mode as written when it is a well-formed expression.
            let mode: TokenStream = keep_args
                .last()
                .and_then(|m| syn::parse_str::<syn::Expr>(m).ok())
                .map_or_else(|| quote!(CommitMode::Async), |e| quote!(#e));
            quote!(#recv.commit_message(&#msg, #mode))
        }
    };
    // `quote` spaces every token; tighten to how the code would be written.
    tokens
        .to_string()
        .replace(" . ", ".")
        .replace(" (", "(")
        .replace("( ", "(")
        .replace(" )", ")")
        .replace("& ", "&")
        .replace(" ,", ",")
        .replace(" :: ", "::")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::Lib;

    #[test]
    fn renders_commit_message() {
        let s = |receiver: &str, message: &str| {
            render(&Suggestion::CommitMessage {
                lib: Lib::Rdkafka,
                receiver: receiver.into(),
                method: "commit_consumer_state".into(),
                message: message.into(),
                keep_args: Vec::new(),
            })
        };
        assert_eq!(
            s("consumer", "m"),
            "consumer.commit_message(&m, CommitMode::Async)"
        );
        assert_eq!(
            s("self.consumer", "msg"),
            "self.consumer.commit_message(&msg, CommitMode::Async)"
        );
        assert_eq!(
            s("", "1bad"),
            "consumer.commit_message(&msg, CommitMode::Async)"
        );
        let with_mode = render(&Suggestion::CommitMessage {
            lib: Lib::Rdkafka,
            receiver: "c".into(),
            method: "commit_consumer_state".into(),
            message: "m".into(),
            keep_args: vec!["CommitMode::Sync".into()],
        });
        assert_eq!(with_mode, "c.commit_message(&m, CommitMode::Sync)");
    }
}
