//! Python front end, decoding (BOM, PEP 263), every rule and every output format, on
//! arbitrary bytes.
fn main() {
    afl::fuzz!(|data: &[u8]| {
        offsetlint::cli::fuzzing::lint_bytes("fuzz.py", data);
    });
}
