// expect-file: OL001
//! Rust 2015 anonymous trait method parameters (`fn handle(u8);`): syn 2 rejects them.

pub trait Handler {
    fn handle(&self, &[u8]);
    fn on_error(&self, u8);
}
