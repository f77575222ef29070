//! Code actions on a finding (apply its fix; suppress it on its line with a reason
//! placeholder, as `check --add-noqa` writes it) and hover (the rule's document).

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, Hover, HoverContents, MarkupContent,
    MarkupKind, Position, Range, TextEdit, Uri, WorkspaceEdit,
};

use super::convert;
use crate::diagnostic::{Applicability, Edit, Finding};
use crate::engine::noqa::add_noqa;
use crate::engine::FileReport;
use crate::model::TextRange;
use crate::registry::Rule;

/// The kind of an unsafe fix: still a quick fix, but editors that apply the preferred
/// quick fixes on save do not pick it.
pub const UNSAFE_QUICKFIX: &str = "quickfix.unsafe";

/// The actions for the findings whose range meets `range`.
pub fn code_actions(uri: &Uri, file: &FileReport, range: Range) -> Vec<CodeActionOrCommand> {
    let (start, end) = (
        convert::offset(file, range.start),
        convert::offset(file, range.end),
    );
    let mut actions = Vec::new();
    for f in (file.findings.iter()).filter(|f| f.range.start <= end && start <= f.range.end) {
        actions.extend(fix_action(uri, file, f));
        actions.extend(suppress_action(uri, file, f));
    }
    actions
        .into_iter()
        .map(CodeActionOrCommand::CodeAction)
        .collect()
}

fn fix_action(uri: &Uri, file: &FileReport, f: &Finding) -> Option<CodeAction> {
    let fix = f.fix.as_ref()?;
    let safe = fix.applicability == Applicability::Safe;
    let what = format!("{} ({})", f.rule.code(), f.rule.name());
    let (title, kind) = if safe {
        (format!("Fix {what}"), CodeActionKind::QUICKFIX)
    } else {
        (
            format!("Fix {what} (unsafe: changes behaviour, review it)"),
            CodeActionKind::from(UNSAFE_QUICKFIX),
        )
    };
    let edits = fix.edits.iter().map(|e| text_edit(file, e)).collect();
    Some(CodeAction {
        title,
        kind: Some(kind),
        edit: Some(workspace_edit(uri, edits)),
        is_preferred: Some(safe),
        ..CodeAction::default()
    })
}

/// `offsetlint: ignore[CODE] <reason placeholder>` appended to the finding's line: the
/// edit `--add-noqa` would make for this one finding, when it can make it there.
fn suppress_action(uri: &Uri, file: &FileReport, f: &Finding) -> Option<CodeAction> {
    if matches!(f.rule, Rule::SyntaxError | Rule::UnusedSuppression) {
        return None;
    }
    let alone = FileReport {
        path: file.path.clone(),
        lang: file.lang,
        source: file.source.clone(),
        lines: crate::model::LineIndex::new(&file.source),
        findings: vec![f.clone()],
        suppressed: Vec::new(),
        cells: file.cells.clone(),
    };
    let added = add_noqa(&alone).filter(|a| a.added > 0)?;
    let edit = single_edit(&file.source, &added.source);
    Some(CodeAction {
        title: format!(
            "Suppress {} on this line (offsetlint: ignore, with a reason to write)",
            f.rule.code()
        ),
        kind: Some(CodeActionKind::QUICKFIX),
        edit: Some(workspace_edit(uri, vec![text_edit(file, &edit)])),
        ..CodeAction::default()
    })
}

/// The one edit that turns `old` into `new`: their common start and end kept.
fn single_edit(old: &str, new: &str) -> Edit {
    let prefix = (old.char_indices())
        .zip(new.chars())
        .find(|((_, a), b)| a != b)
        .map_or(old.len().min(new.len()), |((i, _), _)| i);
    let suffix = (old[prefix..].chars().rev())
        .zip(new[prefix..].chars().rev())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum::<usize>();
    Edit {
        range: TextRange::new(prefix as u32, (old.len() - suffix) as u32),
        content: new[prefix..new.len() - suffix].to_string(),
    }
}

fn text_edit(file: &FileReport, e: &Edit) -> TextEdit {
    TextEdit::new(convert::range(file, e.range), e.content.clone())
}

fn workspace_edit(uri: &Uri, edits: Vec<TextEdit>) -> WorkspaceEdit {
    WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits)])),
        ..WorkspaceEdit::default()
    }
}

/// The documents of the rules of the findings under the cursor.
pub fn hover(file: &FileReport, at: Position) -> Option<Hover> {
    let offset = convert::offset(file, at);
    let under: Vec<&Finding> = (file.findings.iter())
        .filter(|f| f.range.start <= offset && offset <= f.range.end)
        .collect();
    let first = under.first()?;
    let mut rules: Vec<Rule> = under.iter().map(|f| f.rule).collect();
    rules.dedup();
    let docs: Vec<&str> = rules.iter().map(|r| r.doc()).collect();
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: docs.join("\n---\n\n"),
        }),
        range: Some(convert::range(file, first.range)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_edit_keeps_common_ends() {
        let e = single_edit("a = 1\nb()\nc\n", "a = 1\nb()  # x\nc\n");
        assert_eq!((e.range.start, e.range.end), (9, 9));
        assert_eq!(e.content, "  # x");
        let same = single_edit("abc", "abc");
        assert!(same.content.is_empty() && same.range.start == same.range.end);
    }
}
