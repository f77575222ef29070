//! Plain data: no network code here.
pub struct Epoch(pub u64);
