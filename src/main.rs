fn main() {
    let status = offsetlint::cli::main();
    std::process::exit(status as i32);
}
