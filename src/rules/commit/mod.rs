//! OL1xx: commit discipline.
mod auto_commit;
mod bare_commit;
mod commit_before_effect;
mod commit_on_failure;
mod continue_past_failure;
mod suggest_commit;

pub(crate) use auto_commit::*;
pub(crate) use bare_commit::*;
pub(crate) use commit_before_effect::*;
pub(crate) use commit_on_failure::*;
pub(crate) use continue_past_failure::*;
