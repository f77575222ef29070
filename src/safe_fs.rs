//! File-system access a hostile repository cannot turn against the machine: files are opened
//! without blocking and read only when they are regular files of bounded size (a FIFO, a
//! device or `/dev/zero` named by a configuration is refused, not read forever), and files
//! are written through a temporary file in the same directory renamed over the target, so a
//! failed write (disk full, killed) leaves the old file whole and a symlink at the target is
//! replaced, never written through. The new file keeps the old one's owner, group and mode,
//! and a file this user may not write is not replaced (an editor refuses it too).

use std::fs::File;
use std::io::{ErrorKind, Read, Write};
use std::path::{Path, PathBuf};

/// Configuration and ignore files larger than this are refused.
pub const SMALL_FILE: u64 = 1024 * 1024;

/// Why a file was not read.
#[derive(Debug)]
pub enum OpenError {
    NotFound,
    /// A FIFO, socket, device or directory: never read.
    NotRegular(&'static str),
    /// Its size, over the limit.
    TooLarge(u64),
    Io(std::io::Error),
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpenError::NotFound => write!(f, "no such file"),
            OpenError::NotRegular(kind) => write!(f, "{kind}, not a regular file"),
            OpenError::TooLarge(size) => write!(f, "{size} bytes or more, over the limit"),
            OpenError::Io(e) => write!(f, "{e}"),
        }
    }
}

/// Opens a regular file of at most `max` bytes (as it is when opened) for reading, with
/// its size. The checks are on what was opened, not on the path: no race with a swap.
pub fn open_regular(path: &Path, max: u64) -> Result<(File, u64), OpenError> {
    let file = open_nonblocking(path).map_err(|e| match e.kind() {
        ErrorKind::NotFound => OpenError::NotFound,
        _ => OpenError::Io(e),
    })?;
    let meta = file.metadata().map_err(OpenError::Io)?;
    if !meta.is_file() {
        return Err(OpenError::NotRegular(kind_of(&meta)));
    }
    if meta.len() > max {
        return Err(OpenError::TooLarge(meta.len()));
    }
    Ok((file, meta.len()))
}

/// The bytes of a regular file of at most `max` bytes. Reads up to `max + 1` bytes whatever
/// the size said (`/proc` files say 0), so a file over the limit is refused, not cut.
pub fn read_bounded(path: &Path, max: u64) -> Result<Vec<u8>, OpenError> {
    let (file, len) = open_regular(path, max)?;
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(OpenError::Io)?;
    if bytes.len() as u64 > max {
        return Err(OpenError::TooLarge(bytes.len() as u64));
    }
    Ok(bytes)
}

#[cfg(unix)]
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)
}

#[cfg(not(unix))]
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    File::open(path)
}

/// What a non-regular file is, for messages.
pub fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
    }
    if meta.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

/// Replaces `path` with `bytes` atomically: a temporary file in the same directory, written,
/// flushed to disk and given the old file's owner, group and mode, is renamed over `path`. A
/// regular file this user may not write (read-only, in a directory they may write) is
/// refused, and so is one whose owner cannot be kept (another user's file, group-writable,
/// written by a user who is not root): renaming would replace it all the same, as that
/// user's. On any error the old file is untouched and the temporary file removed. A symlink at `path` is replaced by
/// the file (its target is not written); a hard-linked file gets a new inode, so its other
/// names keep the old text.
///
/// A stream (`/dev/null`, `/dev/stdout`, a FIFO, a socket), directly or through a symlink,
/// is written into, never replaced: renaming over `/dev/null` as root leaves a regular file
/// there that every process on the machine then writes into and reads back. A block device
/// is refused.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    match stream_kind(path) {
        Some(Stream::Writable) => std::fs::OpenOptions::new()
            .write(true)
            .open(path)?
            .write_all(bytes),
        Some(Stream::Refused) => Err(std::io::Error::other("a block device, not written")),
        None => write_atomic_with(path, |file| file.write_all(bytes)),
    }
}

enum Stream {
    Writable,
    Refused,
}

/// What `path` finally names, when it is not a regular file or a directory.
fn stream_kind(path: &Path) -> Option<Stream> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = std::fs::metadata(path).ok()?.file_type();
        if t.is_block_device() {
            return Some(Stream::Refused);
        }
        if t.is_char_device() || t.is_fifo() || t.is_socket() {
            return Some(Stream::Writable);
        }
    }
    let _ = path;
    None
}

/// [`write_atomic`] with the writing done by `fill` (tests inject a failing writer).
fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    // The regular file replaced, if any (a symlink at `path` is replaced, not its target).
    let old = std::fs::symlink_metadata(path)
        .ok()
        .filter(std::fs::Metadata::is_file);
    if let Some(meta) = &old {
        writable(path, meta)?;
    }
    let (tmp_path, mut tmp) = create_temporary(path)?;
    let written = fill(&mut tmp)
        .and_then(|()| {
            old.as_ref()
                .map_or(Ok(()), |meta| keep_owner_and_mode(meta, &tmp))
        })
        .and_then(|()| tmp.sync_all())
        .and_then(|()| std::fs::rename(&tmp_path, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp_path);
    }
    written
}

/// A new file next to `path` (`.NAME.offsetlint-PID-N.tmp`), created exclusively: an
/// existing file or symlink of that name is never opened.
fn create_temporary(path: &Path) -> std::io::Result<(PathBuf, File)> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let tmp = dir.join(format!(".{name}.offsetlint-{}-{n}.tmp", std::process::id()));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Refuses a file this user may not write, as the permission check of `open` for writing
/// would (the effective user, ACLs included; root may write any file).
fn writable(path: &Path, meta: &std::fs::Metadata) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        use std::os::unix::fs::MetadataExt;
        let c_path = std::ffi::CString::new(path.as_os_str().as_bytes())?;
        // SAFETY: a valid NUL-terminated path; faccessat reads it and nothing else.
        let status = unsafe {
            libc::faccessat(
                libc::AT_FDCWD,
                c_path.as_ptr(),
                libc::W_OK,
                libc::AT_EACCESS,
            )
        };
        if status != 0 {
            let e = std::io::Error::last_os_error();
            return Err(std::io::Error::new(
                e.kind(),
                format!(
                    "this user may not write it (mode {:04o}, owner uid {}): {e}; it is left as it is",
                    meta.mode() & 0o7777,
                    meta.uid()
                ),
            ));
        }
    }
    #[cfg(not(unix))]
    if meta.permissions().readonly() {
        return Err(std::io::Error::new(
            ErrorKind::PermissionDenied,
            format!("{} is read-only; it is left as it is", path.display()),
        ));
    }
    Ok(())
}

/// Gives the temporary file the owner, group and mode of the regular file it replaces (the
/// owner first: changing it clears the set-user-ID and set-group-ID bits).
fn keep_owner_and_mode(meta: &std::fs::Metadata, tmp: &File) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let now = tmp.metadata()?;
        if (now.uid(), now.gid()) != (meta.uid(), meta.gid()) {
            std::os::unix::fs::fchown(tmp, Some(meta.uid()), Some(meta.gid())).map_err(|e| {
                std::io::Error::new(
                    e.kind(),
                    format!(
                        "cannot keep its owner (uid {}, gid {}): {e}; it is left as it is",
                        meta.uid(),
                        meta.gid()
                    ),
                )
            })?;
        }
    }
    tmp.set_permissions(meta.permissions())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_leaves_the_file_whole() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("w.py");
        std::fs::write(&p, "old\n").unwrap();
        let full = std::io::Error::from_raw_os_error(28); // ENOSPC
        let err = write_atomic_with(&p, |f| {
            f.write_all(b"new, partly")?;
            Err(full)
        });
        assert!(err.is_err());
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "old\n");
        assert_eq!(
            std::fs::read_dir(d.path()).unwrap().count(),
            1,
            "no temporary file left"
        );
        write_atomic(&p, b"new\n").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "new\n");
    }

    #[test]
    fn bounded_reads() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("a");
        std::fs::write(&p, "12345").unwrap();
        assert_eq!(read_bounded(&p, 5).unwrap(), b"12345");
        assert!(matches!(read_bounded(&p, 4), Err(OpenError::TooLarge(5))));
        assert!(matches!(
            read_bounded(&d.path().join("b"), 4),
            Err(OpenError::NotFound)
        ));
        assert!(matches!(
            read_bounded(Path::new("/dev/zero"), 4),
            Err(OpenError::NotRegular("a device"))
        ));
    }
}
