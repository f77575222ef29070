//! The correct twin: fixtures built from plain data modules only.

use crate::records::sample_order;

pub fn payments(n: u32) -> Vec<Vec<u8>> {
    (0..n).map(sample_order).collect()
}
