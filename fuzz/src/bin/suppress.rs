//! The suppression parser: the input is placed as a comment on a flagged line, alone on the
//! line above it, and in the leading comment block (file-level directives), in Python and in
//! Rust, and the whole file is linted.
fn main() {
    afl::fuzz!(|data: &[u8]| {
        let comment = String::from_utf8_lossy(data).replace(['\n', '\r'], " ");
        let python = format!(
            "# {comment}\nfrom confluent_kafka import Consumer\nc = Consumer({{}})\n# {comment}\nc.commit()  # {comment}\nc.commit()  # noqa: {comment}\n"
        );
        offsetlint::cli::fuzzing::lint_bytes("fuzz.py", python.as_bytes());
        let rust = format!(
            "// {comment}\nuse rdkafka::consumer::{{BaseConsumer, CommitMode, Consumer}};\nfn f(c: &BaseConsumer) {{\n    // {comment}\n    c.commit_consumer_state(CommitMode::Sync).unwrap(); // {comment}\n}}\n"
        );
        offsetlint::cli::fuzzing::lint_bytes("fuzz.rs", rust.as_bytes());
    });
}
