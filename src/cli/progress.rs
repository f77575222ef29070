//! A spinner on stderr for runs that take longer than about a second, drawn only when stderr
//! is a terminal and the output is for people (the caller decides); it is cleared before any
//! output is written.

use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a run goes before the spinner appears.
const DELAY: Duration = Duration::from_millis(1000);

pub struct Progress {
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Progress {
    pub fn start(enabled: bool) -> Progress {
        if !enabled {
            return Progress {
                stop: None,
                thread: None,
            };
        }
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::spawn(move || {
            if stopped.recv_timeout(DELAY) != Err(RecvTimeoutError::Timeout) {
                return;
            }
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            if let Ok(style) = ProgressStyle::with_template("{spinner} linting… {elapsed}") {
                bar.set_style(style);
            }
            bar.enable_steady_tick(Duration::from_millis(100));
            let previous = clear_on_interrupt();
            // Until `finish` (or the sender is dropped).
            let _ = stopped.recv();
            bar.finish_and_clear();
            restore_interrupt(previous);
        });
        Progress {
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// Stops and clears the spinner.
    pub fn finish(mut self) {
        self.stop_now();
    }

    fn stop_now(&mut self) {
        drop(self.stop.take());
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.stop_now();
    }
}

/// While the spinner is drawn, Ctrl-C (SIGINT) clears its line before the process dies of the
/// signal as it would have (exit status 130 in a shell): the prompt does not land after
/// `linting… 3s`. Returns the handler to put back.
#[cfg(unix)]
fn clear_on_interrupt() -> libc::sighandler_t {
    extern "C" fn on_interrupt(_: libc::c_int) {
        const CLEAR: &[u8] = b"\r\x1b[2K";
        // SAFETY: `write`, `signal` and `raise` are async-signal-safe; the buffer is static.
        unsafe {
            libc::write(2, CLEAR.as_ptr().cast(), CLEAR.len());
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            libc::raise(libc::SIGINT);
        }
    }
    let handler: extern "C" fn(libc::c_int) = on_interrupt;
    // SAFETY: installs a handler that only makes async-signal-safe calls.
    let previous = unsafe { libc::signal(libc::SIGINT, handler as libc::sighandler_t) };
    if previous == libc::SIG_IGN {
        // Started with SIGINT ignored (a background job of a script, `nohup`): keep it so.
        restore_interrupt(previous);
    }
    previous
}

#[cfg(unix)]
fn restore_interrupt(previous: libc::sighandler_t) {
    if previous != libc::SIG_ERR {
        // SAFETY: puts back the disposition `clear_on_interrupt` replaced.
        unsafe {
            libc::signal(libc::SIGINT, previous);
        }
    }
}

#[cfg(not(unix))]
fn clear_on_interrupt() {}

#[cfg(not(unix))]
fn restore_interrupt(_: ()) {}
