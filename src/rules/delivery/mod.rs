//! OL2xx: delivery confirmation.
mod flush_result_ignored;
mod unconfirmed_produce;

pub(crate) use flush_result_ignored::*;
pub(crate) use unconfirmed_produce::*;
