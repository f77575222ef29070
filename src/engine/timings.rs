//! Where a run's time goes: the phase timings printed when `OFFSETLINT_TIMINGS` is set, with
//! the process's CPU time and resident memory read from `/proc`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Wall time per phase of a run, printed on stderr when `OFFSETLINT_TIMINGS` is set (for the
/// performance work: where the time goes).
pub(super) struct Phases {
    pub(super) enabled: bool,
    last: Instant,
    /// Each phase's wall time, the process's CPU time in it (both threads: how parallel the
    /// phase is) and the resident memory at its end (Linux; 0 elsewhere).
    spent: Vec<(&'static str, Duration, Duration, (u64, u64))>,
    /// The process's CPU time at the last mark.
    last_cpu: Duration,
    /// File counts per stage (read, relevant, indexed, linted).
    pub(super) counts: Vec<(&'static str, usize)>,
    /// The files whose analysis and rules took longest.
    pub(super) slowest: Vec<(PathBuf, Duration)>,
}

impl Phases {
    /// Phases from `start`, when the run began: the first phase (discovery) includes
    /// everything before it, its CPU time all the process had spent.
    pub(super) fn new(start: Instant) -> Self {
        let enabled = std::env::var_os("OFFSETLINT_TIMINGS").is_some();
        Phases {
            enabled,
            last: start,
            last_cpu: Duration::ZERO,
            spent: Vec::new(),
            counts: Vec::new(),
            slowest: Vec::new(),
        }
    }

    /// Ends the current phase under `name`.
    pub(super) fn mark(&mut self, name: &'static str) {
        let now = Instant::now();
        let (rss, cpu) = if self.enabled {
            (resident_bytes(), cpu_time())
        } else {
            ((0, 0), Duration::ZERO)
        };
        self.spent.push((
            name,
            now - self.last,
            cpu.saturating_sub(self.last_cpu),
            rss,
        ));
        self.last = now;
        self.last_cpu = cpu;
    }

    pub(super) fn report(&self) {
        if self.enabled {
            let parts: Vec<String> = self
                .spent
                .iter()
                .map(|(n, d, cpu, rss)| {
                    let ms = d.as_secs_f64() * 1000.0;
                    let cpu = cpu.as_secs_f64() * 1000.0;
                    let (now, peak) = (rss.0 >> 20, rss.1 >> 20);
                    format!("{n} {ms:.1} ms (CPU {cpu:.1} ms, RSS {now} MiB, peak {peak} MiB)")
                })
                .collect();
            let counts: Vec<String> = self
                .counts
                .iter()
                .map(|(n, c)| format!("{c} {n}"))
                .collect();
            eprintln!("timings: {}", parts.join(", "));
            eprintln!("files: {}", counts.join(", "));
            for (path, d) in &self.slowest {
                eprintln!("  {:.1} ms  {}", d.as_secs_f64() * 1000.0, path.display());
            }
        }
    }
}

/// The process's resident memory now and at its peak so far, from `/proc/self/status`
/// (`VmRSS`, `VmHWM`; 0 where there is none). The peak tells which phase set the run's.
pub(super) fn resident_bytes() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kib = |key: &str| {
        (status.lines())
            .find_map(|l| {
                l.strip_prefix(key)?
                    .trim()
                    .strip_suffix("kB")?
                    .trim()
                    .parse()
                    .ok()
            })
            .map_or(0, |k: u64| k << 10)
    };
    (kib("VmRSS:"), kib("VmHWM:"))
}

/// The CPU time of all the process's threads so far, from `/proc/self/task/*/schedstat`
/// (nanoseconds; zero where there is none). Threads that have ended are not counted: the
/// pool's threads live as long as the run.
pub(super) fn cpu_time() -> Duration {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return Duration::ZERO;
    };
    let ns: u64 = (tasks.flatten())
        .filter_map(|t| std::fs::read_to_string(t.path().join("schedstat")).ok())
        .filter_map(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .sum();
    Duration::from_nanos(ns)
}
