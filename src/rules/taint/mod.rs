//! OL3xx: model output stays off the offset path.
mod model_offset;

pub(crate) use model_offset::*;
