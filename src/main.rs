// Parsing allocates many small nodes and frees them together: mimalloc (v2) measured 30 %
// faster than the system allocator on the benchmark's Python corpus, for 10 % more peak
// resident memory (v3 cost 40 % more). Its transparent-huge-page advice stays on: where
// Linux honours it (THP "madvise" mode) the arenas are backed with 2 MiB pages, which took
// the page faults of a run from about 20,000 to 1,400 and its wall time down by 10 % (Python
// corpus), 12 % (Rust corpus) and 21 % (pre-commit run), for 12 to 17 MiB more peak
// resident memory (16 paired rounds each, 2026-12-02).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let status = offsetlint::cli::main();
    std::process::exit(status as i32);
}
