//! OL1xx: commit discipline.
mod bare_commit;

pub(crate) use bare_commit::*;
