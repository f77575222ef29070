//! The inventory's formats: a table per file for people (`human`), the same as Markdown for
//! an audit ticket, and JSON (the schema is the serialised `Inventory`, docs/inventory.md).

use std::fmt::Write;

use crate::engine::Report;
use crate::error::escape_text;
use crate::inventory::{
    CallbackInfo, ClientEntry, ConfigOrigin, FileFindings, FindingRef, Inventory, Location,
    SettingValue, Use,
};
use crate::registry::Rule;

/// The inventory of a run of `engine::inventory_paths`: its files' parts joined, with the
/// findings of the report attached.
pub fn build(report: &mut Report) -> Inventory {
    let parts = std::mem::take(&mut report.inventory);
    let findings = report.files.iter().map(|f| FileFindings {
        path: f.path.display().to_string(),
        source: &f.source,
        lines: &f.lines,
        findings: &f.findings,
    });
    let mut inventory = crate::inventory::build(parts, findings);
    // A notebook's positions are its cells' (the joined source's lines are nobody's).
    for l in inventory.locations_mut() {
        let notebook = (report.files.iter())
            .find(|f| f.path.display().to_string() == l.path)
            .and_then(|f| f.cells.as_ref());
        if let Some(cells) = notebook {
            let at = cells.locate(l.line);
            l.cell = Some(at.cell);
            l.line = at.line;
        }
    }
    inventory
}

pub fn json(inventory: &Inventory) -> String {
    let mut s = serde_json::to_string_pretty(inventory).unwrap_or_else(|_| "{}".into());
    s.push('\n');
    s
}

/// Every entry with the section it is listed in, grouped by the file it is located in.
fn by_file(inventory: &Inventory) -> Vec<(&str, Vec<&ClientEntry>)> {
    let mut files: Vec<(&str, Vec<&ClientEntry>)> = Vec::new();
    let mut all: Vec<&ClientEntry> = inventory.clients.iter().collect();
    all.extend(&inventory.heuristic);
    all.sort_by(|a, b| (&a.location, &a.receiver).cmp(&(&b.location, &b.receiver)));
    for e in all {
        match files.last_mut() {
            Some((path, entries)) if *path == e.location.path => entries.push(e),
            _ => files.push((&e.location.path, vec![e])),
        }
    }
    files
}

/// `path:line:col`, or `path:cell N:line:col` in a notebook (as `check` shows it).
fn at(l: &Location) -> String {
    match l.cell {
        Some(cell) => format!(
            "{}:cell {cell}:{}:{}",
            escape_text(&l.path),
            l.line,
            l.column
        ),
        None => format!("{}:{}:{}", escape_text(&l.path), l.line, l.column),
    }
}

/// `path:line`, or `path:cell N:line`.
fn at_line(l: &Location) -> String {
    match l.cell {
        Some(cell) => format!("{}:cell {cell}:{}", escape_text(&l.path), l.line),
        None => format!("{}:{}", escape_text(&l.path), l.line),
    }
}

/// `confluent-kafka Consumer`, or `aiokafka consumer (heuristic: \`consumer\`)`.
fn title(e: &ClientEntry) -> String {
    let ty = e.ty.as_deref().unwrap_or(e.role);
    match &e.receiver {
        Some(name) => format!(
            "{} {} (heuristic receiver `{}`)",
            e.library,
            ty,
            escape_text(name)
        ),
        None if e.resolution == "annotation" => {
            format!("{} {} (declared type)", e.library, escape_text(ty))
        }
        None => format!("{} {}", e.library, escape_text(ty)),
    }
}

fn config_text(c: &ConfigOrigin) -> String {
    let name = c.name.as_deref().map(escape_text).unwrap_or_default();
    let mut s = match c.kind {
        "literal" => "literal".to_string(),
        "named" => match &c.at {
            Some(l) => format!("`{name}` in {}", at_line(l)),
            None => format!("`{name}`"),
        },
        "helper" => format!("helper `{name}()`"),
        "expression" => "built by an expression".to_string(),
        _ => "not visible".to_string(),
    };
    if c.open {
        s.push_str(", open (more entries may be added)");
    }
    s
}

/// The library version the defaults are those of: `2.0.2 (poetry.lock)`, or `not pinned`
/// (then a default that changed between releases is `depends-on-version`).
fn pinned_text(e: &ClientEntry) -> String {
    match &e.pinned {
        Some(p) => format!(
            "{} ({})",
            escape_text(&p.version),
            escape_text(&p.from.join(", "))
        ),
        None => "not pinned".to_string(),
    }
}

fn value_text(s: &SettingValue) -> String {
    let value = s.value.as_deref().map_or_else(|| "-".into(), escape_text);
    let mut out = if s.key.is_empty() {
        format!("{value} ({})", s.source)
    } else {
        format!("{} = {value} ({})", s.key, s.source)
    };
    let notes = setting_notes(s);
    if !notes.is_empty() {
        let _ = write!(out, "; {notes}");
    }
    out
}

/// What else a setting's value says: the expression it came from, the version its default is
/// that of, what its callback does, a note.
fn setting_notes(s: &SettingValue) -> String {
    let mut notes = Vec::new();
    if let Some(e) = &s.expression {
        notes.push(format!("from `{}`", escape_text(e)));
    }
    if let Some(v) = &s.version {
        notes.push(format!("default of {}", escape_text(v)));
    }
    if let Some(c) = &s.callback {
        notes.push(callback_text(c));
    }
    if let Some(n) = s.note {
        notes.push(n.to_string());
    }
    notes.join("; ")
}

fn callback_text(c: &CallbackInfo) -> String {
    match &c.name {
        Some(name) => format!("callback `{}` {}", escape_text(name), c.kind),
        None => format!("callback {}", c.kind),
    }
}

fn use_text(u: &Use) -> String {
    let mut s = u.kind.to_string();
    if let Some(d) = u.detail {
        let _ = write!(s, " ({d})");
    }
    s
}

/// A use's topic and callback, when known.
fn use_notes(u: &Use) -> String {
    let mut notes = Vec::new();
    if let Some(t) = &u.topic {
        notes.push(format!("topic `{}`", escape_text(t)));
    }
    if let Some(c) = &u.callback {
        notes.push(callback_text(c));
    }
    notes.join(", ")
}

fn topics_text(e: &ClientEntry) -> String {
    let topics: Vec<String> = (e.topics.iter())
        .map(|t| format!("`{}`", escape_text(t)))
        .collect();
    topics.join(", ")
}

/// The risks an auditor reads first: producers with weak acks, unconfirmed sends or delivery
/// callbacks that record nothing; consumers committing their position or with auto-commit on.
/// Each with the findings of its rule on the client.
fn risks(e: &ClientEntry) -> Vec<(String, Vec<&FindingRef>)> {
    let mut out = Vec::new();
    let findings = |rules: &[Rule]| -> Vec<&FindingRef> {
        (e.findings.iter())
            .filter(|f| rules.iter().any(|r| r.code() == f.code))
            .collect()
    };
    let setting = |name: &str| e.settings.iter().find(|s| s.name == name);
    if e.role == "producer" {
        if let Some(acks) = setting("acks") {
            if matches!(acks.value.as_deref(), Some("0" | "1")) {
                let value = acks.value.as_deref().unwrap_or_default();
                out.push((
                    format!("weak acks (`{}={value}`, {})", acks.key, acks.source),
                    findings(&[Rule::WeakAcks]),
                ));
            }
        }
        let unconfirmed = (e.uses.iter())
            .filter(|u| matches!(u.detail, Some("unconfirmed" | "no callback")))
            .count();
        let global = setting("delivery callback").is_some_and(|s| s.source == "explicit");
        if unconfirmed > 0 && !global {
            out.push((
                format!("{unconfirmed} unconfirmed send(s)"),
                findings(&[Rule::UnconfirmedProduce]),
            ));
        }
        if let Some(c) = setting("delivery callback").and_then(|s| s.callback.as_ref()) {
            if matches!(c.kind, "only logs" | "empty") {
                out.push((
                    format!("delivery {}", callback_text(c)),
                    findings(&[Rule::UnconfirmedProduce, Rule::WatermarkOverUnconfirmed]),
                ));
            }
        }
    } else {
        let positions = (e.uses.iter())
            .filter(|u| u.kind == "commit" && u.detail == Some("position"))
            .count();
        let stores_explicitly =
            setting("offset store").is_some_and(|s| s.value.as_deref() == Some("false"));
        // With the automatic store off, a position-wide commit commits what was stored.
        if positions > 0 && !stores_explicitly {
            out.push((
                format!("{positions} position-wide commit(s)"),
                findings(&[Rule::BareCommit]),
            ));
        }
        let on = |name: &str| setting(name).is_some_and(|s| s.value.as_deref() == Some("true"));
        let auto = setting("auto commit");
        if on("auto commit") && !stores_explicitly && auto.is_some_and(|s| s.note.is_none()) {
            out.push(("auto-commit on".to_string(), findings(&[Rule::AutoCommit])));
        }
    }
    out
}

fn method_text(u: &Use) -> String {
    match &u.via {
        Some(w) if *w == u.method => format!("`{}` (wrapper)", escape_text(w)),
        Some(w) => format!("`{}` via `{}`", escape_text(&u.method), escape_text(w)),
        None => format!("`{}`", escape_text(&u.method)),
    }
}

/// One block per client, under its file.
pub fn human(inventory: &Inventory) -> String {
    let mut out = String::new();
    for (path, entries) in by_file(inventory) {
        let _ = writeln!(out, "{}", escape_text(path));
        for e in entries {
            let place = match &e.function {
                Some(f) => format!(" in {}", escape_text(f)),
                None => String::new(),
            };
            let cell = e
                .location
                .cell
                .map(|c| format!("cell {c}:"))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "  {cell}{}:{}  {} {}{place}",
                e.location.line,
                e.location.column,
                e.role,
                title(e)
            );
            let _ = writeln!(out, "      {:<22} {}", "config", config_text(&e.config));
            let _ = writeln!(out, "      {:<22} {}", "version", pinned_text(e));
            for l in &e.also_reaches {
                let _ = writeln!(
                    out,
                    "      {:<22} declared type at {}",
                    "also reaches",
                    at(l)
                );
            }
            if !e.topics.is_empty() {
                let _ = writeln!(out, "      {:<22} {}", "topics", topics_text(e));
            }
            for s in &e.settings {
                let _ = writeln!(out, "      {:<22} {}", s.name, value_text(s));
            }
            for u in &e.uses {
                let notes = use_notes(u);
                let _ = writeln!(
                    out,
                    "      {:<22} {:<44} {}{}",
                    use_text(u),
                    at(&u.location),
                    method_text(u),
                    if notes.is_empty() {
                        String::new()
                    } else {
                        format!(" ({notes})")
                    }
                );
            }
            if e.uses.is_empty() {
                let _ = writeln!(out, "      {:<22} none found", "uses");
            }
            for f in &e.findings {
                let _ = writeln!(
                    out,
                    "      {:<22} {:<44} {}",
                    f.code,
                    at(&f.location),
                    f.rule
                );
            }
        }
        out.push('\n');
    }
    out.push_str(&summary(inventory));
    out.push('\n');
    out
}

fn summary(inventory: &Inventory) -> String {
    let count = |role: &str| inventory.clients.iter().filter(|e| e.role == role).count();
    let findings: usize = (inventory.clients.iter())
        .chain(&inventory.heuristic)
        .map(|e| e.findings.len())
        .sum();
    let n =
        |count: usize, what: &str| format!("{count} {what}{}", if count == 1 { "" } else { "s" });
    format!(
        "{} ({}, {}), {}, {} on them",
        n(inventory.clients.len(), "client"),
        n(count("consumer"), "consumer"),
        n(count("producer"), "producer"),
        n(inventory.heuristic.len(), "heuristic receiver"),
        n(findings, "finding")
    )
}

/// A Markdown table cell: no line break, no column separator.
fn cell(s: &str) -> String {
    escape_text(s).replace('|', "\\|")
}

/// A section per file, a table per client: for pasting into an audit ticket.
pub fn markdown(inventory: &Inventory) -> String {
    let mut out = String::from("# Kafka client inventory\n\n");
    let _ = writeln!(out, "{}.\n", summary(inventory));
    out.push_str("## Risks\n\n");
    let mut any = false;
    for (_, entries) in by_file(inventory) {
        for e in entries {
            for (risk, found) in risks(e) {
                any = true;
                let found: Vec<String> = (found.iter())
                    .map(|f| format!("{} at `{}`", f.code, cell(&at(&f.location))))
                    .collect();
                let _ = writeln!(
                    out,
                    "- {} {} at `{}`: {}; {}",
                    e.role,
                    cell(&title(e)),
                    cell(&at_line(&e.location)),
                    cell(&risk),
                    if found.is_empty() {
                        "no finding".to_string()
                    } else {
                        found.join(", ")
                    }
                );
            }
        }
    }
    if !any {
        out.push_str("None found.\n");
    }
    out.push('\n');
    for (path, entries) in by_file(inventory) {
        let _ = writeln!(out, "## `{}`\n", cell(path));
        for e in entries {
            let place = match &e.function {
                Some(f) => format!(", in `{}`", cell(f)),
                None => String::new(),
            };
            let line = match e.location.cell {
                Some(c) => format!("cell {c}, line {}", e.location.line),
                None => format!("line {}", e.location.line),
            };
            let _ = writeln!(out, "### {} {}, {line}{place}\n", e.role, cell(&title(e)));
            let _ = writeln!(out, "Configuration: {}.\n", cell(&config_text(&e.config)));
            let _ = writeln!(out, "{} version: {}.\n", e.library, cell(&pinned_text(e)));
            for l in &e.also_reaches {
                let _ = writeln!(out, "Also reaches: declared type at `{}`.\n", cell(&at(l)));
            }
            if !e.topics.is_empty() {
                let _ = writeln!(out, "Topics: {}.\n", cell(&topics_text(e)));
            }
            out.push_str("| setting | key | value | from | notes |\n|---|---|---|---|---|\n");
            for s in &e.settings {
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | {} | {} |",
                    s.name,
                    if s.key.is_empty() {
                        String::new()
                    } else {
                        format!("`{}`", cell(&s.key))
                    },
                    s.value.as_deref().map_or_else(|| "-".into(), cell),
                    s.source,
                    cell(&setting_notes(s))
                );
            }
            out.push('\n');
            if e.uses.is_empty() {
                out.push_str("No uses found.\n\n");
            } else {
                out.push_str("| use | where | call | notes |\n|---|---|---|---|\n");
                for u in &e.uses {
                    let _ = writeln!(
                        out,
                        "| {} | `{}` | {} | {} |",
                        use_text(u),
                        cell(&at(&u.location)),
                        cell(&method_text(u)),
                        cell(&use_notes(u))
                    );
                }
                out.push('\n');
            }
            if !e.findings.is_empty() {
                out.push_str("Findings:\n\n");
                for f in &e.findings {
                    let _ = writeln!(
                        out,
                        "- {} `{}` at `{}`",
                        f.code,
                        f.rule,
                        cell(&at(&f.location))
                    );
                }
                out.push('\n');
            }
        }
    }
    out
}
