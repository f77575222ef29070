//! OL2xx: delivery confirmation.
mod flush_result_ignored;
mod unconfirmed_produce;
mod unobserved_task;
mod watermark_over_unconfirmed;
mod weak_acks;

pub(crate) use flush_result_ignored::*;
pub(crate) use unconfirmed_produce::*;
pub(crate) use unobserved_task::*;
pub(crate) use watermark_over_unconfirmed::*;
pub(crate) use weak_acks::*;
