// Parsing allocates many small nodes and frees them together: mimalloc (v2) measured 30 %
// faster than the system allocator on the benchmark's Python corpus (v3 cost 40 % more).
// Its transparent-huge-page advice stays on: where Linux honours it (THP "madvise" mode)
// the arenas are backed with 2 MiB pages. Measured again on 2026-12-06 (docs/benchmarks.md):
// on the Python corpus they cost about 20 MiB of peak resident memory (92 against 72 MiB),
// and turning them off (`MIMALLOC_ALLOW_THP=0`, or the crate's `no_thp` feature) took the
// page faults from about 2,000 to 17,000 and 30 ms more system time, 10 to 28 % more wall
// time in paired runs at a load average of 5 to 6.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let status = offsetlint::cli::main();
    std::process::exit(status as i32);
}
