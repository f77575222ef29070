//! `offsetlint inventory`: every Kafka client of the code, how it is configured, where it is
//! used, and the findings that concern it. Each linted file contributes what its analysis
//! already knows ([`collect`]); [`build`] joins the files' parts by the construction each use
//! resolves to and attaches the findings. The serialised form is the `--format json` schema
//! (docs/inventory.md): add fields, never rename or remove them.

mod collect;

use std::collections::BTreeMap;

use serde::Serialize;

use crate::diagnostic::Finding;
use crate::model::{LineIndex, TextRange};
pub use collect::collect;

/// `version`: the version-1 schema every version-1 field still follows. It stays 1 while
/// fields are only added, so a version-1 reader keeps working (docs/inventory.md).
pub const SCHEMA_VERSION: u32 = 1;

/// `schema_version`: the schema's revision, the fields it adds to version 1.
pub const SCHEMA_REVISION: u32 = 2;

/// The producer setting decided at the use sites when the configuration does not.
const DELIVERY_CALLBACK: &str = "delivery callback";

/// The inventory of a run.
#[derive(Debug, Default, Serialize)]
pub struct Inventory {
    pub version: u32,
    pub schema_version: u32,
    /// Clients traced to a construction, by where they are built.
    pub clients: Vec<ClientEntry>,
    /// Receivers recognised by their name only (the heuristic), by where they are used.
    pub heuristic: Vec<ClientEntry>,
}

/// A place in a file: 1-based line and column (characters).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Location {
    pub path: String,
    /// In a notebook, the line in `cell`.
    pub line: usize,
    pub column: usize,
    /// In a notebook: the 1-based index of the cell in its `cells` array, as `check` gives it.
    pub cell: Option<usize>,
}

/// One client: a construction, or a heuristic receiver of one file.
#[derive(Debug, Clone, Serialize)]
pub struct ClientEntry {
    /// `consumer` or `producer`.
    pub role: &'static str,
    pub library: &'static str,
    /// The client type (`Consumer`, `StreamConsumer`), when known.
    #[serde(rename = "type")]
    pub ty: Option<String>,
    /// How its uses were traced to it: `constructor` (a construction), `annotation` (a
    /// declared type: a field, a parameter), or `heuristic` (the receiver's name).
    pub resolution: &'static str,
    /// Where it is built (or declared); for a heuristic receiver, its first use.
    pub location: Location,
    /// The function it is built in (`Worker.__init__`); null at module level or unknown.
    pub function: Option<String>,
    /// A heuristic receiver's name; null for a construction.
    pub receiver: Option<String>,
    pub config: ConfigOrigin,
    pub settings: Vec<SettingValue>,
    /// The versions of its library the project pins, which its `default` settings are
    /// those of; null when the project pins none.
    pub pinned: Option<PinnedVersion>,
    pub uses: Vec<Use>,
    pub findings: Vec<FindingRef>,
    /// The other places resolution joined to this client: a declared type (a field's) whose
    /// uses are this construction's.
    pub also_reaches: Vec<Location>,
    /// The topics its uses and construction name, when visible (literals and constants).
    pub topics: Vec<String>,
}

/// A delivery callback and what it does with a report.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct CallbackInfo {
    /// As written (`record_failure`, `self._on_delivery`); null for a lambda.
    pub name: Option<String>,
    /// `records failures`, `only logs`, `empty`, or `unknown` (not a program function).
    pub kind: &'static str,
}

/// How the configuration was seen.
#[derive(Debug, Clone, Serialize)]
pub struct ConfigOrigin {
    /// `literal`, `named`, `helper`, `expression` or `hidden`.
    pub kind: &'static str,
    /// The name or helper (`DEFAULTS`, `make_conf`), when there is one.
    pub name: Option<String>,
    /// Where a named configuration is bound.
    pub at: Option<Location>,
    /// Entries of unknown content may be added (`**extra`, `update(..)`).
    pub open: bool,
}

/// A durability setting's effective value.
#[derive(Debug, Clone, Serialize)]
pub struct SettingValue {
    /// What it decides (`auto commit`, `acks`).
    pub name: &'static str,
    /// The key that sets it (the one written, else the canonical one).
    pub key: String,
    /// Its value; null when unset or not known.
    pub value: Option<String>,
    /// `explicit` (a literal), `constant` (a constant it resolves to), `computed` (an
    /// expression), `default` (the client's, for the pinned version when it changed between
    /// releases), `depends-on-version` (the client's default changed between releases and
    /// the project pins no version that decides it), `uses` (decided at the use sites), or
    /// `unknown` (the configuration is not visible, or open).
    pub source: &'static str,
    /// The expression a `computed` value (or a constant, a callback) came from
    /// (`config.host_ingress_consumer_group`).
    pub expression: Option<String>,
    /// For a `default` that changed between releases: the client version it is that of and
    /// where that was read (`kafka-python 2.0.2 (poetry.lock)`).
    pub version: Option<String>,
    /// The delivery callback's: what the callback(s) do with a report.
    pub callback: Option<CallbackInfo>,
    /// What the value means here (`no group: nothing is committed`).
    pub note: Option<&'static str>,
}

/// The versions of a client library a project's dependency files allow.
#[derive(Debug, Clone, Serialize)]
pub struct PinnedVersion {
    /// As written: `2.0.2` (a lock file), `>=2.0,<2.3` (a requirement).
    pub version: String,
    /// The files it was read from, relative to the project directory (`poetry.lock`).
    pub from: Vec<String>,
}

/// A call that uses the client (or a checkpoint written after one).
#[derive(Debug, Clone, Serialize)]
pub struct Use {
    /// `commit`, `store`, `seek`, `consume`, `produce`, `send`, `flush`, `transaction`,
    /// `checkpoint`.
    pub kind: &'static str,
    /// The method as written (`commit`, `send_and_wait`, `save_checkpoint`).
    pub method: String,
    /// What kind of commit, whether delivery is confirmed, whether a flush is checked (see
    /// docs/inventory.md); null when there is nothing to say.
    pub detail: Option<&'static str>,
    pub location: Location,
    /// The program function the call goes through, when it is a wrapper's.
    pub via: Option<String>,
    /// The topic it names, when visible.
    pub topic: Option<String>,
    /// The delivery callback a produce passes.
    pub callback: Option<CallbackInfo>,
    #[serde(skip)]
    range: TextRange,
    /// The loop a consume drives: a finding in it that no call of a client holds (OL103's
    /// handler, OL104's branch) concerns this client.
    #[serde(skip)]
    scope: Option<TextRange>,
}

/// A finding of `check` on the client's construction or one of its uses.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct FindingRef {
    pub code: &'static str,
    pub rule: &'static str,
    pub location: Location,
}

/// What a client is joined on across files: its construction (or declaration: a field's, a
/// parameter's; with its role), or a heuristic receiver's file, name and role.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    Built {
        path: String,
        start: u32,
        role: &'static str,
    },
    Heuristic {
        path: String,
        name: String,
        role: &'static str,
    },
}

/// What one linted file contributes: the clients built in it, and the uses in it of any
/// client (keyed by the client they resolve to).
#[derive(Debug, Default)]
pub struct FilePart {
    entries: Vec<(Key, ClientEntry, TextRange)>,
    uses: Vec<(Key, Use)>,
    /// A declared type resolution joined to a construction, and where it is declared.
    also: Vec<(Key, Location)>,
    /// Topics named at a client's construction or subscription (`subscribe(["orders"])`).
    topics: Vec<(Key, String)>,
    /// A use's client, seen from the use: for a construction outside the files inventoried.
    seen: Vec<(Key, ClientEntry)>,
}

/// A file's findings, with what places them.
pub struct FileFindings<'a> {
    pub path: String,
    pub source: &'a str,
    pub lines: &'a LineIndex,
    pub findings: &'a [Finding],
}

/// Joins the files' parts: each use to its client, the delivery callback decided at the
/// uses, the findings on a construction or use. Sorted by location, whatever the order of
/// the parts.
pub fn build<'a>(
    parts: impl IntoIterator<Item = FilePart>,
    findings: impl IntoIterator<Item = FileFindings<'a>>,
) -> Inventory {
    let mut clients: BTreeMap<Key, (ClientEntry, Option<TextRange>)> = BTreeMap::new();
    let mut uses: Vec<(Key, Use)> = Vec::new();
    let mut seen: Vec<(Key, ClientEntry)> = Vec::new();
    let mut also: Vec<(Key, Location)> = Vec::new();
    let mut topics: Vec<(Key, String)> = Vec::new();
    for part in parts {
        for (key, entry, range) in part.entries {
            clients.insert(key, (entry, Some(range)));
        }
        uses.extend(part.uses);
        seen.extend(part.seen);
        also.extend(part.also);
        topics.extend(part.topics);
    }
    // A client built outside the files inventoried (or a heuristic receiver) is listed from
    // what its first use saw of it.
    seen.sort_by(|a, b| (&a.0, &a.1.location).cmp(&(&b.0, &b.1.location)));
    for (key, entry) in seen {
        clients.entry(key).or_insert((entry, None));
    }
    for (key, u) in uses {
        if let Some((entry, _)) = clients.get_mut(&key) {
            entry.topics.extend(u.topic.clone());
            entry.uses.push(u);
        }
    }
    for (key, at) in also {
        if let Some((entry, _)) = clients.get_mut(&key) {
            entry.also_reaches.push(at);
        }
    }
    for (key, topic) in topics {
        if let Some((entry, _)) = clients.get_mut(&key) {
            entry.topics.push(topic);
        }
    }
    // Findings go to the client whose construction or use holds their start (the innermost
    // such call), else whose consume loop holds it (the innermost loop).
    let mut spans: BTreeMap<&str, Vec<(TextRange, usize)>> = BTreeMap::new();
    let keys: Vec<Key> = clients.keys().cloned().collect();
    for (i, (entry, range)) in clients.values().enumerate() {
        if let Some(r) = range {
            spans
                .entry(entry.location.path.as_str())
                .or_default()
                .push((*r, i));
        }
        for u in &entry.uses {
            let at = spans.entry(u.location.path.as_str()).or_default();
            at.push((u.range, i));
            at.extend(u.scope.map(|s| (s, i)));
        }
    }
    let mut attached: Vec<Vec<FindingRef>> = vec![Vec::new(); keys.len()];
    for file in findings {
        let Some(in_file) = spans.get(file.path.as_str()) else {
            continue;
        };
        for f in file.findings {
            let holder = in_file
                .iter()
                .filter(|(r, _)| r.start <= f.range.start && f.range.start < r.end.max(r.start + 1))
                .min_by_key(|(r, _)| r.end - r.start);
            if let Some(&(_, i)) = holder {
                let (line, column) = file.lines.line_col(file.source, f.range.start);
                attached[i].push(FindingRef {
                    code: f.rule.code(),
                    rule: f.rule.name(),
                    location: Location {
                        path: file.path.clone(),
                        line,
                        column,
                        cell: None,
                    },
                });
            }
        }
    }
    let mut inventory = Inventory {
        version: SCHEMA_VERSION,
        schema_version: SCHEMA_REVISION,
        ..Inventory::default()
    };
    for ((key, (mut entry, _)), mut found) in clients.into_iter().zip(attached) {
        entry.uses.sort_by(|a, b| {
            (&a.location, a.kind, &a.method).cmp(&(&b.location, b.kind, &b.method))
        });
        entry
            .uses
            .dedup_by(|a, b| a.location == b.location && a.kind == b.kind && a.method == b.method);
        decide_delivery(&mut entry);
        found.sort();
        found.dedup();
        entry.findings = found;
        entry.also_reaches.sort();
        entry.also_reaches.dedup();
        entry.topics.sort();
        entry.topics.dedup();
        match key {
            Key::Built { .. } => inventory.clients.push(entry),
            Key::Heuristic { .. } => inventory.heuristic.push(entry),
        }
    }
    let order = |a: &ClientEntry, b: &ClientEntry| {
        (&a.location, a.role, &a.receiver).cmp(&(&b.location, b.role, &b.receiver))
    };
    inventory.clients.sort_by(order);
    inventory.heuristic.sort_by(order);
    inventory
}

/// A producer's delivery callback when its configuration does not decide it: a callback
/// passed per call, a delivery handle per call (`send`), or none.
fn decide_delivery(entry: &mut ClientEntry) {
    let per_call = entry.uses.iter().any(|u| u.callback.is_some());
    // What the callbacks passed per call do: the weakest of them.
    let passed = (entry.uses.iter().filter_map(|u| u.callback.as_ref()))
        .min_by_key(|c| strength(c.kind))
        .cloned();
    let handles = entry.uses.iter().any(|u| u.kind == "send");
    let produces = entry.uses.iter().any(|u| u.kind == "produce");
    let decided = match (per_call, handles, produces) {
        (true, _, _) => "per call",
        (false, true, _) => "delivery handle per call",
        (false, false, true) => "none",
        (false, false, false) => "none seen",
    };
    for s in (entry.settings.iter_mut()).filter(|s| s.name == DELIVERY_CALLBACK) {
        match s.source {
            "uses" => s.value = Some(decided.to_string()),
            // A global callback may be in what is not seen; one passed per call is seen.
            "unknown" if per_call || handles => {
                s.value = Some(decided.to_string());
                s.source = "uses";
            }
            _ => continue,
        }
        s.callback = passed.clone();
    }
}

/// Orders callback kinds from the weakest check of a delivery to the strongest.
fn strength(kind: &str) -> u8 {
    match kind {
        "empty" => 0,
        "only logs" => 1,
        "unknown" => 2,
        _ => 3,
    }
}

impl Inventory {
    /// Every location it holds, to be placed (a notebook's become cell positions).
    pub fn locations_mut(&mut self) -> impl Iterator<Item = &mut Location> {
        (self.clients.iter_mut().chain(&mut self.heuristic)).flat_map(|e| {
            std::iter::once(&mut e.location)
                .chain(e.config.at.as_mut())
                .chain(e.uses.iter_mut().map(|u| &mut u.location))
                .chain(e.findings.iter_mut().map(|f| &mut f.location))
                .chain(e.also_reaches.iter_mut())
        })
    }
}
