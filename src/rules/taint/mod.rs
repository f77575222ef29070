//! OL3xx: model output stays off the offset path.
mod model_controls_commit;
mod model_offset;

pub(crate) use model_controls_commit::*;
pub(crate) use model_offset::*;
