//! Settings shared by the production consumer and the sandbox.
pub const GROUP_ID: &str = "ledger";
