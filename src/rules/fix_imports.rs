//! The imports a suggested fix needs (Python): a name the file already imports from the library
//! is reused under its local name (`from aiokafka import TopicPartition as TP`); the others
//! are imported from the library's module in one statement after the file's top-level
//! imports, as ruff's fixes add theirs. A name the file binds to something else, or a file
//! with no top-level import to follow, gets no fix.

use crate::diagnostic::Edit;
use crate::knowledge::{FixImports, Library};
use crate::model::{Import, ImportKind, TextRange};
use crate::rules::RuleContext;

/// What a fix needs: local names for renamed imports, and the import to insert.
#[derive(Debug, Default)]
pub struct Needed {
    pub renames: Vec<(&'static str, String)>,
    pub edits: Vec<Edit>,
}

/// The imports `wanted` (from `lib`) that a fix needs in this file; `None` when it cannot have
/// them.
pub fn needed(ctx: &RuleContext, lib: &Library, wanted: FixImports) -> Option<Needed> {
    let imports: Vec<&Import> = ctx
        .analysis
        .module
        .imports
        .iter()
        .filter(|i| !i.local && !i.test && i.kind == ImportKind::Static)
        .collect();
    let mut needed = Needed::default();
    let mut missing = Vec::new();
    for &name in wanted.names {
        match bound_from(&imports, lib.roots, name) {
            Some(local) if local == name => {}
            Some(local) => needed.renames.push((name, local)),
            None if binds_otherwise(ctx, &imports, name) => return None,
            None => missing.push(name),
        }
    }
    if !missing.is_empty() {
        needed
            .edits
            .push(insert_import(ctx.file.source, &imports, wanted, &missing)?);
    }
    Some(needed)
}

/// The local name a top-level import binds to `name` of the library (`roots`).
fn bound_from(imports: &[&Import], roots: &[&str], name: &str) -> Option<String> {
    imports.iter().flat_map(|i| &i.entries).find_map(|e| {
        let (local, path) = e.binding.as_ref()?;
        let from_lib = path.first().is_some_and(|r| roots.contains(&r.as_str()));
        (from_lib && path.len() > 1 && path.last().is_some_and(|n| n == name))
            .then(|| local.clone())
    })
}

/// Whether the file binds `name` to something else at some level: importing it would shadow
/// that, or be shadowed.
fn binds_otherwise(ctx: &RuleContext, imports: &[&Import], name: &str) -> bool {
    let module = ctx.analysis.module;
    imports
        .iter()
        .flat_map(|i| &i.entries)
        .any(|e| e.binding.as_ref().is_some_and(|(local, _)| local == name))
        || ctx
            .analysis
            .index
            .bodies
            .iter()
            .any(|b| b.assigns.contains_key(name))
        || module.classes.iter().any(|c| c.name == name)
        || module.bodies.iter().any(|b| b.name == name)
}

/// `from MODULE import A, B` on a line of its own after the last top-level import statement
/// that starts a line (not one indented in a `try:` block); `None` when there is none.
fn insert_import(
    source: &str,
    imports: &[&Import],
    wanted: FixImports,
    names: &[&str],
) -> Option<Edit> {
    let last = imports
        .iter()
        .map(|i| i.range)
        .filter(|r| starts_line(source, r.start))
        .max_by_key(|r| r.end)?;
    let end = last.end as usize;
    let statement = format!("from {} import {}", wanted.module, names.join(", "));
    let (at, content) = match source.get(end..)?.find('\n') {
        Some(i) => {
            let newline = if source[..end + i].ends_with('\r') {
                "\r\n"
            } else {
                "\n"
            };
            (end + i + 1, format!("{statement}{newline}"))
        }
        None => (source.len(), format!("\n{statement}\n")),
    };
    let at = u32::try_from(at).ok()?;
    Some(Edit {
        range: TextRange::new(at, at),
        content,
    })
}

fn starts_line(source: &str, offset: u32) -> bool {
    let offset = offset as usize;
    offset == 0 || source.as_bytes().get(offset - 1) == Some(&b'\n')
}
