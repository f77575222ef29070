//! The baseline reader (`--baseline`): JSON, versions, rule codes, counts; then the baseline
//! is applied to a small report, its note on stale entries rendered, ratcheted and written
//! out as text, on arbitrary bytes.
fn main() {
    afl::fuzz!(|data: &[u8]| {
        let _ = offsetlint::cli::fuzzing::baseline_bytes(data);
    });
}
