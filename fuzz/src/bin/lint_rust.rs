//! Rust front end (the nesting scan, `syn`, lowering), every rule and every output format, on
//! arbitrary bytes.
fn main() {
    afl::fuzz!(|data: &[u8]| {
        offsetlint::cli::fuzzing::lint_bytes("fuzz.rs", data);
    });
}
