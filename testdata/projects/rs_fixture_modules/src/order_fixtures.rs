//! Fixture generation: plain data only, never a client.

use crate::records::sample_order;
use crate::relay::producer_name; // expect: OL402

pub fn orders(n: u32) -> Vec<Vec<u8>> {
    let _ = producer_name();
    (0..n).map(sample_order).collect()
}
