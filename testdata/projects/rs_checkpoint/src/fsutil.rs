use std::fs;
use std::io::Write;
use std::path::Path;

pub fn write_atomic(path: &Path, data: &[u8]) -> std::io::Result<()> {
    let tmp = path.with_extension("tmp");
    fs::File::create(&tmp)?.write_all(data)?;
    fs::rename(tmp, path)
}
