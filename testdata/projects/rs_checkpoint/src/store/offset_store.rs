//! Stores consumer offsets; reaches the network through `crate::net`.

use std::path::Path;

use crate::fsutil::write_atomic;
use crate::net::push; // expect: OL401

pub fn save(path: &Path, offsets: &str) -> std::io::Result<()> {
    write_atomic(path, offsets.as_bytes())?;
    let _ = push(offsets);
    Ok(())
}
