// Parsing allocates many small nodes and frees them together: mimalloc (v2) measured 30 %
// faster than the system allocator on the benchmark's Python corpus (v3 cost 40 % more).
// Built without its transparent-huge-page advice (`no_thp`): with it, every arena page
// touched was a 2 MiB page, 12 to 13 MiB more peak resident memory on the Python corpus
// (90 against 78 MiB) for 15,000 fewer page faults; paired on a loaded host (2026-12-06,
// 25 rounds) the wall times were equal and the system time 26 ms higher without it
// (docs/benchmarks.md). On 2026-12-02 the advice had measured 10 % faster at low load.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let status = offsetlint::cli::main();
    std::process::exit(status as i32);
}
