//! Consumer groups across the program (OL404): which consumers constructed in production code
//! join which group. A group is named by a visible configuration, as a string literal or a
//! constant resolution reaches (`GROUP_ID`, `settings.GROUP_ID`); found once per program.

use std::sync::Arc;

use super::config::ConfigValue;
use super::context::constructed_client;
use super::program::FileId;
use super::resolve::{Client, Resolver};
use crate::knowledge::boundary::SCRATCH;
use crate::knowledge::{Knowledge, Role};
use crate::model::TextRange;

/// A consumer constructed in production code, and the group it joins.
#[derive(Debug, Clone)]
pub struct GroupMember {
    pub file: FileId,
    /// The constructor call.
    pub range: TextRange,
    pub group: String,
}

/// The group a consumer's visible configuration names, if it is a string (literal or
/// constant). An empty name is no group.
pub fn group_of<'c>(knowledge: &Knowledge, client: &'c Client) -> Option<&'c str> {
    let key = knowledge.lib(client.lib).auto_commit.group;
    match client.config.get(key)? {
        ConfigValue::Str(s) | ConfigValue::Const(s) if !s.is_empty() => Some(s),
        _ => None,
    }
}

/// The consumers constructed in the production files of the program (neither scratch, nor
/// test or example code) with the group each joins, in file order; computed once per
/// program and knowledge.
pub fn production_groups(r: &Resolver) -> Arc<Vec<GroupMember>> {
    let program = r.program;
    let key = (
        r.knowledge as *const Knowledge as usize,
        "production consumer groups".to_string(),
    );
    program.memo(key, || {
        let mut out = Vec::new();
        for (f, index) in program.indexed_files() {
            let file = program.file(f);
            if file.kinds.iter().any(|k| k == SCRATCH) || file.is_test_or_example() {
                continue;
            }
            for &(call, body) in &index.calls {
                let Some(client) = constructed_client(r, f, index, call, body) else {
                    continue;
                };
                if client.role != Role::Consumer {
                    continue;
                }
                if let Some(group) = group_of(r.knowledge, &client) {
                    out.push(GroupMember {
                        file: f,
                        range: call.range,
                        group: group.to_string(),
                    });
                }
            }
        }
        out
    })
}
