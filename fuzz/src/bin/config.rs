//! The configuration loader: TOML parsing, unknown keys, selectors, globs, sizes, and the
//! rendering of the error (miette, with spans), as `offsetlint.toml` and as `pyproject.toml`.
fn main() {
    afl::fuzz!(|data: &[u8]| {
        if let Ok(text) = std::str::from_utf8(data) {
            let _ = offsetlint::cli::fuzzing::config_text(text, false);
            let _ = offsetlint::cli::fuzzing::config_text(text, true);
        }
    });
}
