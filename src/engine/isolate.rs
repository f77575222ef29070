//! Fault isolation: a panic while linting one file (or running one rule on it) is caught and
//! becomes a tool error naming the file, and the run goes on.
//!
//! [`install_panic_hook`] (called by the CLI) replaces the panic hook with one that, while
//! [`isolated`] code runs on the current thread, records the panic's message and location
//! instead of printing it with a backtrace note; elsewhere it defers to the previous hook, so
//! panics outside the linting of a file (and test failures) print as usual.
//!
//! Fault injection for the tests: `OFFSETLINT_FAULT=rule:OL101` makes that rule panic on every
//! file it runs on, `OFFSETLINT_FAULT=file:NAME` makes the front end panic on files named NAME.

use std::cell::{Cell, RefCell};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Once, OnceLock};

thread_local! {
    static CAPTURING: Cell<bool> = const { Cell::new(false) };
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs the capturing hook once per process; safe to call again.
pub fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // The front ends' parsing threads re-raise their panics on the linting thread.
            let helper = std::thread::current()
                .name()
                .is_some_and(|n| n.starts_with("offsetlint-"));
            if CAPTURING.with(Cell::get) || helper {
                let message = payload_message(info.payload());
                let text = match info.location() {
                    Some(l) => format!("{message} (at {}:{}:{})", l.file(), l.line(), l.column()),
                    None => message,
                };
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(text));
            } else {
                previous(info);
            }
        }));
    });
}

fn payload_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "panic".into())
}

/// Runs `f`, turning a panic into its message (with the location when the hook is installed).
pub fn isolated<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    let outer = CAPTURING.with(|c| c.replace(true));
    let result = catch_unwind(AssertUnwindSafe(f));
    CAPTURING.with(|c| c.set(outer));
    result.map_err(|payload| {
        LAST_PANIC
            .with(|p| p.borrow_mut().take())
            .unwrap_or_else(|| payload_message(&*payload))
    })
}

/// A fault to inject, from `OFFSETLINT_FAULT` (tests only).
#[derive(Debug, PartialEq, Eq)]
pub enum Fault {
    Rule(String),
    File(String),
}

pub fn fault() -> Option<&'static Fault> {
    static FAULT: OnceLock<Option<Fault>> = OnceLock::new();
    FAULT
        .get_or_init(|| {
            let v = std::env::var("OFFSETLINT_FAULT").ok()?;
            if let Some(code) = v.strip_prefix("rule:") {
                Some(Fault::Rule(code.to_string()))
            } else {
                v.strip_prefix("file:").map(|n| Fault::File(n.to_string()))
            }
        })
        .as_ref()
}
