//! A checkpoint module with several `use` lines that each lead to the RPC client through the
//! workspace: one cause, one finding, at the first of them.
use rpc::Coordinator; // expect: OL401
use rpc::client::Lease;
use rpc::client::lease;
use crate::fence::fenced;
use rpc::types::Epoch;

pub fn save(c: &Coordinator, e: Epoch) -> u64 {
    let Lease(n) = lease(c);
    if fenced() {
        n + e.0
    } else {
        0
    }
}
