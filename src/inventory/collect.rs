//! What one file contributes to the inventory, read from its analysis: the clients built in
//! it (with their configuration), and the uses in it of any client, with the verdicts the
//! rules reach on them (a commit's kind, a delivery confirmed, a flush checked).

use foldhash::HashMap;

use super::{ClientEntry, ConfigOrigin, FilePart, Key, Location, PinnedVersion, SettingValue, Use};
use crate::analysis::config::{ConfigValue, ConfigView};
use crate::analysis::context::{ConfigSource, FlushCheck};
use crate::analysis::program::FileId;
use crate::analysis::resolve::{Client, Context, Origin, Resolution, Via};
use crate::analysis::{ArgPresence, CallFacts, FileAnalysis};
use crate::knowledge::durability::Setting;
use crate::knowledge::version::Pins;
use crate::knowledge::{Op, Role, TxStep};
use crate::model::*;

/// The file's part of the inventory (`source` and `lines` are its text and line index).
pub fn collect(a: &FileAnalysis, source: &str, lines: &LineIndex, pins: &Pins) -> FilePart {
    let path = path_of(a, a.file);
    let here = |r: TextRange| {
        let (line, column) = lines.line_col(source, r.start);
        Location {
            path: path.clone(),
            line,
            column,
        }
    };
    let mut part = FilePart::default();
    for role in [Role::Consumer, Role::Producer] {
        for (call, body, client) in a.constructions(role) {
            let config = config_origin(a, &client, a.config_source(call, body, &client));
            let entry = entry_of(a, &client, here(call.range), config, pins);
            let key = Key::Built {
                path: path.clone(),
                start: call.range.start,
            };
            part.entries.push((
                key,
                ClientEntry {
                    function: a.module.enclosing_function(call.range),
                    // Whatever its value says of the name it is bound to, this is the
                    // construction.
                    resolution: "constructor",
                    ..entry
                },
                call.range,
            ));
        }
    }
    let mut unconfirmed: HashMap<BodyId, Vec<(CallId, bool)>> = HashMap::default();
    // (body, start, key) of each use: a checkpoint written after it in its body follows it.
    let mut used: Vec<(BodyId, u32, Key)> = Vec::new();
    for &(call, body) in &a.index.calls {
        let Some(f) = a.facts(call.id) else {
            continue;
        };
        let Some((kind, detail)) = classify(a, call, body, f, &mut unconfirmed) else {
            continue;
        };
        let key = match (&f.client.resolution, f.client.origin()) {
            (_, Some(o)) => Key::Built {
                path: path_of(a, o.file),
                start: o.range.start,
            },
            (Resolution::Heuristic { name }, None) => Key::Heuristic {
                path: path.clone(),
                name: name.clone(),
                role: f.client.role.display(),
            },
            _ => continue,
        };
        let location = here(call.range);
        let seen_at = match f.client.origin() {
            Some(o) => origin_location(a, o),
            None => location.clone(),
        };
        let mut seen = entry_of(a, &f.client, seen_at, seen_config(a, &f.client), pins);
        if let Some(o) = f.client.origin() {
            seen.function = a
                .program
                .index(o.file)
                .and_then(|i| i.module.enclosing_function(o.range));
        }
        part.seen.push((key.clone(), seen));
        let callback = matches!(&f.op, Op::Produce { callback, .. }
            if matches!(f.find_arg(callback), ArgPresence::Present(_)));
        used.push((body, call.range.start, key.clone()));
        part.uses.push((
            key,
            Use {
                kind,
                method: f.method.clone(),
                detail,
                location,
                via: f.wrapper.as_ref().map(|w| w.name.clone()),
                range: call.range,
                callback,
            },
        ));
    }
    // Checkpoint and watermark writes after a use in the same function: the calls and
    // assignments the rules take for advances (`save_checkpoint(..)`, `self.watermark = n`).
    let mut advances: Vec<(BodyId, TextRange, String)> = Vec::new();
    for &(call, body) in &a.index.calls {
        if a.facts(call.id).is_some() {
            continue;
        }
        if let Some(name) = a.advance_call(call) {
            advances.push((body, call.range, name));
        }
    }
    let mut bodies: Vec<BodyId> = used.iter().map(|(b, _, _)| *b).collect();
    bodies.sort();
    bodies.dedup();
    for body in bodies {
        for (target, _, name) in a.advance_assignments(body) {
            advances.push((body, target.range(), name));
        }
    }
    for (body, range, name) in advances {
        let mut keys: Vec<&Key> = (used.iter())
            .filter(|(b, start, _)| *b == body && *start < range.start)
            .map(|(_, _, k)| k)
            .collect();
        keys.sort();
        keys.dedup();
        for key in keys {
            part.uses.push((
                key.clone(),
                Use {
                    kind: "checkpoint",
                    method: name.clone(),
                    detail: None,
                    location: here(range),
                    via: None,
                    range,
                    callback: false,
                },
            ));
        }
    }
    part
}

/// A use's kind and detail; `None` for calls the inventory does not list (polls, position
/// queries).
fn classify(
    a: &FileAnalysis,
    call: &Call,
    body: BodyId,
    f: &CallFacts,
    unconfirmed: &mut HashMap<BodyId, Vec<(CallId, bool)>>,
) -> Option<(&'static str, Option<&'static str>)> {
    let mut delivery = || {
        let list = unconfirmed.entry(body).or_insert_with(|| {
            (a.unconfirmed_produces(body).into_iter())
                .map(|(c, _, handle)| (c.id, handle.is_some()))
                .collect()
        });
        Some(match list.iter().find(|(id, _)| *id == call.id) {
            None => "confirmed",
            Some((_, false)) => "unconfirmed",
            // The handle is kept: delivery is confirmed where it is read.
            Some((_, true)) => "handle kept",
        })
    };
    Some(match &f.op {
        Op::Commit { offsets } => (
            "commit",
            Some(match f.find_arg(offsets) {
                ArgPresence::Absent => "position",
                ArgPresence::Unknown => "unknown",
                ArgPresence::Present(_) => {
                    let named = |k: &str| f.args.iter().any(|x| x.name.as_deref() == Some(k));
                    // A positional argument fills the slot's first keyword.
                    if named("message")
                        || !named("offsets")
                            && offsets.keywords.first().is_some_and(|k| k == "message")
                    {
                        "message"
                    } else {
                        "offsets"
                    }
                }
            }),
        ),
        Op::CommitPosition => ("commit", Some("position")),
        Op::CommitMessage => ("commit", Some("message")),
        Op::StoreOffsets => ("store", None),
        Op::Seek => ("seek", None),
        // Its outcome arrives in a callback: one passed here, or the client's (see the
        // producer's `delivery callback` setting).
        Op::Produce { callback, .. } => (
            "produce",
            Some(match f.find_arg(callback) {
                ArgPresence::Present(_) => "callback",
                ArgPresence::Absent => "no callback",
                ArgPresence::Unknown => "unknown",
            }),
        ),
        Op::Send { .. } => ("send", delivery()),
        Op::Flush { .. } => (
            "flush",
            Some(match a.flush_check(call, f) {
                FlushCheck::NoResult => "no result",
                FlushCheck::Checked => "checked",
                FlushCheck::Drains => "waits until empty",
                FlushCheck::Ignored => "unchecked",
            }),
        ),
        Op::Transaction { step, .. } => (
            "transaction",
            Some(match step {
                TxStep::Begin => "begin",
                TxStep::Commit => "commit",
                TxStep::Scope => "scope",
            }),
        ),
        _ => return None,
    })
}

fn path_of(a: &FileAnalysis, f: FileId) -> String {
    a.program.file(f).path.display().to_string()
}

/// Where a client of another file is built (columns in bytes: its text may not be at hand).
fn origin_location(a: &FileAnalysis, o: Origin) -> Location {
    let (line, column) = a.program.lines(o.file).map_or((0, 0), |l| {
        (l.line(o.range.start), l.byte_column(o.range.start))
    });
    Location {
        path: path_of(a, o.file),
        line,
        column,
    }
}

/// How a client seen from a use was configured: what its value carries (the construction's
/// own source is known only where it is built).
fn seen_config(a: &FileAnalysis, client: &Client) -> ConfigOrigin {
    let source = match client.config {
        ConfigView::Hidden => ConfigSource::Hidden,
        ConfigView::Visible { .. } => ConfigSource::Expression,
    };
    config_origin(a, client, source)
}

fn config_origin(a: &FileAnalysis, client: &Client, source: ConfigSource) -> ConfigOrigin {
    let open = matches!(client.config, ConfigView::Visible { open: true, .. });
    let (kind, name, at) = match source {
        ConfigSource::Literal => ("literal", None, None),
        ConfigSource::Named { name, file, at } => {
            let o = Origin { file, range: at };
            ("named", Some(name), Some(origin_location(a, o)))
        }
        ConfigSource::Helper { name } => ("helper", Some(name), None),
        ConfigSource::Expression => ("expression", None, None),
        ConfigSource::Hidden => ("hidden", None, None),
    };
    ConfigOrigin {
        kind,
        name,
        at,
        open,
    }
}

/// A client's entry, without uses or findings; defaults are those of the versions of its
/// library that the project pins.
fn entry_of(
    a: &FileAnalysis,
    client: &Client,
    at: Location,
    config: ConfigOrigin,
    pins: &Pins,
) -> ClientEntry {
    let lib = a.knowledge.lib(client.lib);
    let table = match client.role {
        Role::Consumer => lib.durability.consumer,
        Role::Producer => lib.durability.producer,
    };
    let mut settings: Vec<SettingValue> = (table.iter())
        .map(|s| setting(&client.config, s, s.default_for(lib.name, pins)))
        .collect();
    if client.role == Role::Producer {
        // A library whose default acks depend on idempotence (aiokafka): `all` once it is on.
        let idempotent = (lib.acks.idempotence.iter()).any(|k| {
            client
                .config
                .get(k)
                .is_some_and(|v| !v.is_false() && *v != ConfigValue::Null)
        });
        let acks = lib.acks.keys.first().copied();
        for s in &mut settings {
            let unset = matches!(s.source, "default" | DEPENDS_ON_VERSION);
            if idempotent && unset && Some(s.key.as_str()) == acks {
                s.source = "default";
                s.value = Some("all".into());
            }
        }
        settings.push(delivery_callback(client, lib.durability.global_callback));
    }
    ClientEntry {
        role: client.role.display(),
        library: lib.name,
        ty: client.ty.clone(),
        resolution: match &client.resolution {
            Resolution::Resolved {
                via: Via::Constructor,
                ..
            } => "constructor",
            Resolution::Resolved {
                via: Via::Annotation,
                ..
            } => "annotation",
            Resolution::Heuristic { .. } => "heuristic",
        },
        location: at,
        function: None,
        receiver: match &client.resolution {
            Resolution::Heuristic { name } => Some(name.clone()),
            Resolution::Resolved { .. } => None,
        },
        config,
        settings,
        pinned: pins.get(lib.name).map(|p| PinnedVersion {
            version: p.shown.clone(),
            from: p.from.clone(),
        }),
        uses: Vec::new(),
        findings: Vec::new(),
    }
}

/// What a setting's `source` says of a default that changed between releases when the
/// versions the project allows do not agree on it, or no version is known.
const DEPENDS_ON_VERSION: &str = "depends-on-version";

/// A setting's effective value: written (the last of its keys written wins, as the config
/// reader reads it), else the client's default (for the pinned versions: `default`, `None`
/// when they do not agree) when the configuration is whole.
fn setting(config: &ConfigView, s: &Setting, default: Option<Option<&str>>) -> SettingValue {
    let written = s.keys.iter().find_map(|k| Some((*k, config.get(k)?)));
    let (key, value, source) = match (config, written) {
        (_, Some((key, v))) => {
            let (value, source) = match v {
                ConfigValue::Str(v) => (Some(v.clone()), "explicit"),
                ConfigValue::Bool(b) => (Some(b.to_string()), "explicit"),
                ConfigValue::Int(i) => (Some(i.to_string()), "explicit"),
                ConfigValue::Null => (None, "explicit"),
                ConfigValue::Const(v) => (Some(v.clone()), "constant"),
                ConfigValue::Other => (None, "computed"),
            };
            (key, value, source)
        }
        (ConfigView::Visible { open: false, .. }, None) => match default {
            Some(value) => (s.keys[0], value.map(str::to_string), "default"),
            None => (s.keys[0], None, DEPENDS_ON_VERSION),
        },
        _ => (s.keys[0], None, "unknown"),
    };
    SettingValue {
        name: s.name,
        key: key.to_string(),
        value,
        source,
    }
}

/// Who hears of a producer's deliveries: a global callback in its configuration, its rdkafka
/// context, else what its produce calls pass (decided once every use is known).
fn delivery_callback(client: &Client, global: Option<&'static str>) -> SettingValue {
    let mut out = SettingValue {
        name: super::DELIVERY_CALLBACK,
        key: String::new(),
        value: None,
        source: "uses",
    };
    if let Some(key) = global {
        if client.config.get(key).is_some() {
            out.key = key.to_string();
            out.value = Some(format!("global {key}"));
            out.source = "explicit";
        } else if client.config.is_spread() || client.config == ConfigView::Hidden {
            // A global callback may be in what is not seen.
            out.source = "unknown";
        }
    }
    match client.context {
        Context::Custom | Context::Silent => {
            out.key = "context".into();
            out.value = Some(
                if client.context == Context::Custom {
                    "custom context"
                } else {
                    "silent context"
                }
                .into(),
            );
            out.source = "explicit";
        }
        Context::Default | Context::Unknown => {}
    }
    out
}
