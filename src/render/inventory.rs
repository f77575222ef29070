//! The inventory's formats: a table per file for people (`human`), the same as Markdown for
//! an audit ticket, and JSON (the schema is the serialised `Inventory`, docs/inventory.md).

use std::fmt::Write;

use crate::engine::Report;
use crate::error::escape_text;
use crate::inventory::{
    ClientEntry, ConfigOrigin, FileFindings, Inventory, Location, SettingValue, Use,
};

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
    crate::inventory::build(parts, findings)
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

fn at(l: &Location) -> String {
    format!("{}:{}:{}", escape_text(&l.path), l.line, l.column)
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
            Some(l) => format!("`{name}` in {}:{}", escape_text(&l.path), l.line),
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
    if s.key.is_empty() {
        format!("{value} ({})", s.source)
    } else {
        format!("{} = {value} ({})", s.key, s.source)
    }
}

fn use_text(u: &Use) -> String {
    let mut s = u.kind.to_string();
    if let Some(d) = u.detail {
        let _ = write!(s, " ({d})");
    }
    s
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
            let _ = writeln!(
                out,
                "  {}:{}  {} {}{place}",
                e.location.line,
                e.location.column,
                e.role,
                title(e)
            );
            let _ = writeln!(out, "      {:<22} {}", "config", config_text(&e.config));
            let _ = writeln!(out, "      {:<22} {}", "version", pinned_text(e));
            for s in &e.settings {
                let _ = writeln!(out, "      {:<22} {}", s.name, value_text(s));
            }
            for u in &e.uses {
                let _ = writeln!(
                    out,
                    "      {:<22} {:<44} {}",
                    use_text(u),
                    at(&u.location),
                    method_text(u)
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
    for (path, entries) in by_file(inventory) {
        let _ = writeln!(out, "## `{}`\n", cell(path));
        for e in entries {
            let place = match &e.function {
                Some(f) => format!(", in `{}`", cell(f)),
                None => String::new(),
            };
            let _ = writeln!(
                out,
                "### {} {}, line {}{place}\n",
                e.role,
                cell(&title(e)),
                e.location.line
            );
            let _ = writeln!(out, "Configuration: {}.\n", cell(&config_text(&e.config)));
            let _ = writeln!(out, "{} version: {}.\n", e.library, cell(&pinned_text(e)));
            out.push_str("| setting | key | value | from |\n|---|---|---|---|\n");
            for s in &e.settings {
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | {} |",
                    s.name,
                    if s.key.is_empty() {
                        String::new()
                    } else {
                        format!("`{}`", cell(&s.key))
                    },
                    s.value.as_deref().map_or_else(|| "-".into(), cell),
                    s.source
                );
            }
            out.push('\n');
            if e.uses.is_empty() {
                out.push_str("No uses found.\n\n");
            } else {
                out.push_str("| use | where | call |\n|---|---|---|\n");
                for u in &e.uses {
                    let _ = writeln!(
                        out,
                        "| {} | `{}` | {} |",
                        use_text(u),
                        cell(&at(&u.location)),
                        cell(&method_text(u))
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
