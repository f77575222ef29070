// Parsing allocates many small nodes and frees them together: mimalloc (v2) measured 30 %
// faster than the system allocator on the benchmark's Python corpus (v3 cost 40 % more).
// Its transparent-huge-page advice is off (the crate's `no_thp` feature): with it, each
// arena page touched made 2 MiB resident. Paired on this machine on 2026-12-07 (load 1.2 to
// 1.9, docs/benchmarks.md, round 7): peak 79 MiB with huge pages, 67 to 68 without, and wall
// time the same or lower (330 against 325 ms, 312 against 274 ms). Under a load of 5 to 6
// (2026-12-06) huge pages had saved 10 to 28 % of wall time in page faults.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let status = offsetlint::cli::main();
    std::process::exit(status as i32);
}
