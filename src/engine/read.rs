//! Reading one file defensively: never block on a FIFO or a device, never read more than the
//! size limit (a file growing during the run cannot grow memory), and tell a file that
//! vanished since discovery from one that cannot be read.

use std::io::Read;
use std::path::Path;

pub use crate::safe_fs::kind_of;
use crate::safe_fs::{open_regular, OpenError};

#[derive(Debug)]
pub enum ReadOutcome {
    Bytes(Vec<u8>),
    /// Not a regular file (FIFO, socket, device): never read.
    NotRegular(&'static str),
    TooLarge(u64),
    /// Gone since it was found.
    Vanished,
    Failed(String),
}

pub fn read_source(path: &Path, max_size: u64) -> ReadOutcome {
    let (file, len) = match open_regular(path, max_size) {
        Ok(opened) => opened,
        Err(OpenError::NotFound) => return ReadOutcome::Vanished,
        Err(OpenError::NotRegular(kind)) => return ReadOutcome::NotRegular(kind),
        Err(OpenError::TooLarge(size)) => return ReadOutcome::TooLarge(size),
        Err(OpenError::Io(e)) => return ReadOutcome::Failed(e.to_string()),
    };
    let mut bytes = Vec::with_capacity(len as usize);
    // The file as large as it was when opened: bytes it gains meanwhile are not read (so it
    // cannot grow memory past the limit), and the read that would only confirm the end is
    // never made (a system call per file, thousands in a run).
    match file.take(len).read_to_end(&mut bytes) {
        Ok(_) => ReadOutcome::Bytes(bytes),
        Err(e) => ReadOutcome::Failed(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes() {
        let d = tempfile::tempdir().unwrap();
        let file = d.path().join("a.py");
        std::fs::write(&file, b"x = 1\n").unwrap();
        assert!(matches!(read_source(&file, 100), ReadOutcome::Bytes(b) if b == b"x = 1\n"));
        assert!(matches!(read_source(&file, 5), ReadOutcome::TooLarge(6)));
        // Gone between the walk and the read: a warning, not an I/O error.
        assert!(matches!(
            read_source(&d.path().join("gone.py"), 100),
            ReadOutcome::Vanished
        ));
        assert!(matches!(
            read_source(d.path(), 100),
            ReadOutcome::NotRegular("a directory") | ReadOutcome::Failed(_)
        ));
    }

    /// A FIFO is opened without blocking and never read, even with no writer.
    #[cfg(unix)]
    #[test]
    fn fifo_does_not_block() {
        let d = tempfile::tempdir().unwrap();
        let fifo = d.path().join("x.py");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let (tx, rx) = std::sync::mpsc::channel();
        let path = fifo.clone();
        std::thread::spawn(move || {
            let _ = tx.send(matches!(
                read_source(&path, 100),
                ReadOutcome::NotRegular("a FIFO")
            ));
        });
        let got = rx.recv_timeout(std::time::Duration::from_secs(10));
        assert_eq!(got, Ok(true), "reading a FIFO blocked or was not refused");
    }
}
