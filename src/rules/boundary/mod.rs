//! OL4xx: isolation boundaries.
mod checkpoint_network_import;

pub(crate) use checkpoint_network_import::*;
