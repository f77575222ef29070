//! What one file contributes to the inventory, read from its analysis: the clients built in
//! it (with their configuration), and the uses in it of any client, with the verdicts the
//! rules reach on them (a commit's kind, a delivery confirmed, a flush checked).

use foldhash::HashMap;

use super::{
    CallbackInfo, ClientEntry, ConfigOrigin, FilePart, Key, Location, PinnedVersion, SettingValue,
    Use,
};
use crate::analysis::callbacks::classify as classify_callback;
use crate::analysis::config::{spelled, ConfigValue, ConfigView, Known};
use crate::analysis::context::{ConfigSource, FlushCheck};
use crate::analysis::program::FileId;
use crate::analysis::resolve::{Client, Context, Origin, Resolution, Value, Via};
use crate::analysis::{ArgPresence, CallFacts, FileAnalysis};
use crate::knowledge::durability::Setting;
use crate::knowledge::version::{always, Pins};
use crate::knowledge::{Op, Role, TxStep};
use crate::model::visit::{self, Visitor};
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
            cell: None,
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
                role: client.role.display(),
            };
            // `KafkaConsumer("orders", ..)`: the topics it subscribes to.
            if role == Role::Consumer {
                for arg in call.positional() {
                    if let Some(topic) = a.resolver.const_str(a.file, body, &arg.value) {
                        part.topics.push((key.clone(), topic));
                    }
                }
            }
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
    let mut add_use =
        |part: &mut FilePart, body: BodyId, client: &Client, receiver: Option<&Expr>, u: Use| {
            let Some((key, seen_client, declared)) = joined(a, body, client, receiver) else {
                return;
            };
            let seen_at = match seen_client.origin() {
                Some(o) => origin_location(a, o),
                None => u.location.clone(),
            };
            let mut seen = entry_of(a, &seen_client, seen_at, seen_config(a, &seen_client), pins);
            if let Some(o) = seen_client.origin() {
                seen.function =
                    (a.program.index(o.file)).and_then(|i| i.module.enclosing_function(o.range));
            }
            part.seen.push((key.clone(), seen));
            if let Some(o) = declared {
                part.also.push((key.clone(), origin_location(a, o)));
            }
            used.push((body, u.range.start, key.clone()));
            part.uses.push((key, u));
        };
    for &(call, body) in &a.index.calls {
        let Some(f) = a.facts(call.id) else {
            // Calls the rules do not model: a confirmed send, a subscription's topics.
            match unmodelled(a, call, body) {
                Some((client, Unmodelled::Send(topic))) => {
                    let u = Use {
                        kind: "send",
                        method: "send_and_wait".to_string(),
                        detail: Some("confirmed"),
                        location: here(call.range),
                        via: None,
                        topic,
                        callback: None,
                        range: call.range,
                        scope: None,
                    };
                    let receiver = call.func.as_method().map(|(r, _)| r);
                    add_use(&mut part, body, &client, receiver, u);
                }
                Some((client, Unmodelled::Topics(topics))) => {
                    let receiver = call.func.as_method().map(|(r, _)| r);
                    if let Some((key, _, _)) = joined(a, body, &client, receiver) {
                        part.topics
                            .extend(topics.into_iter().map(|t| (key.clone(), t)));
                    }
                }
                None => {}
            }
            continue;
        };
        let Some((kind, detail)) = classify(a, call, body, f, &mut unconfirmed) else {
            continue;
        };
        let callback = match &f.op {
            Op::Produce { callback, .. } => match f.find_arg(callback) {
                ArgPresence::Present(cb) => Some(callback_info(a, body, cb)),
                _ => None,
            },
            _ => None,
        };
        let topic = matches!(f.op, Op::Produce { .. } | Op::Send { .. })
            .then(|| topic_of(a, body, call))
            .flatten();
        let u = Use {
            kind,
            method: f.method.clone(),
            detail,
            location: here(call.range),
            via: f.wrapper.as_ref().map(|w| w.name.clone()),
            topic,
            callback,
            range: call.range,
            scope: (kind == "consume")
                .then(|| consume_loop(a, body, call.range))
                .flatten(),
        };
        let receiver = call.func.as_method().map(|(r, _)| r);
        add_use(&mut part, body, &f.client, receiver, u);
    }
    // `for msg in consumer`, `async for msg in consumer`: consumes.
    for (i, b) in a.module.bodies.iter().enumerate() {
        let body = BodyId(i as u32);
        let iterables = loops(&b.stmts).into_iter().filter_map(|s| match &s.kind {
            StmtKind::Loop {
                kind: LoopKind::For,
                iter: Some(iter),
                ..
            } => Some((iter, s.range)),
            _ => None,
        });
        for (iter, scope) in iterables {
            let Some(client) = a.resolver.client_of(a.file, body, iter) else {
                continue;
            };
            if client.role != Role::Consumer {
                continue;
            }
            let u = Use {
                kind: "consume",
                method: if b.is_async { "async for" } else { "for" }.to_string(),
                detail: Some("iteration"),
                location: here(iter.range()),
                via: None,
                topic: None,
                callback: None,
                range: iter.range(),
                scope: Some(scope),
            };
            add_use(&mut part, body, &client, Some(iter), u);
        }
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
                    topic: None,
                    callback: None,
                    range,
                    scope: None,
                },
            ));
        }
    }
    part
}

/// What a use is joined on: the construction its client resolves to (through a field whose
/// declared type resolution stopped at, when the program stores one construction in it: then
/// the declaration is returned too), or a heuristic receiver's name; with the client as seen.
fn joined(
    a: &FileAnalysis,
    body: BodyId,
    client: &Client,
    receiver: Option<&Expr>,
) -> Option<(Key, Client, Option<Origin>)> {
    let declared = match &client.resolution {
        Resolution::Resolved {
            via: Via::Annotation,
            at,
            ..
        } => Some(*at),
        _ => None,
    };
    let in_field = declared.and_then(|_| {
        let Expr::Attr { value, attr, .. } = a.resolver.strip(a.file, receiver?) else {
            return None;
        };
        match a.resolver.value(a.file, body, value)? {
            Value::Instance(cls) => a.resolver.stored_construction(cls, attr),
            _ => None,
        }
    });
    let stored = in_field.or_else(|| stored_global(a, declared?));
    let (client, declared) = match stored {
        Some(c) => (c, declared),
        None => (client.clone(), None),
    };
    let key = match (&client.resolution, client.origin()) {
        (_, Some(o)) => Key::Built {
            path: path_of(a, o.file),
            start: o.range.start,
            role: client.role.display(),
        },
        (Resolution::Heuristic { name }, None) => Key::Heuristic {
            path: path_of(a, a.file),
            name: name.clone(),
            role: client.role.display(),
        },
        _ => return None,
    };
    Some((key, client, declared))
}

/// The construction stored in the module global declared at `at` (its value's range, as
/// resolution gives a declared type's origin), however the use reached the global (through
/// a getter returning it, an import of it).
fn stored_global(a: &FileAnalysis, at: Origin) -> Option<Client> {
    let index = a.program.index(at.file)?;
    let module = index.bodies.first()?;
    let (name, _) = (module.assigns.iter()).find(|(_, values)| {
        (values.iter()).any(|(value, annotation)| annotation.is_some() && value.range() == at.range)
    })?;
    a.resolver.stored_global(at.file, name)
}

/// What a call the rules do not model says of its client.
enum Unmodelled {
    /// `send_and_wait(..)`: a send that awaits its own delivery, with its topic.
    Send(Option<String>),
    /// `subscribe([..])`: the topics named.
    Topics(Vec<String>),
}

/// Calls on a client that the rules do not model: `send_and_wait` (a confirmed send) and
/// `subscribe([..])` (the consumer's topics).
fn unmodelled(a: &FileAnalysis, call: &Call, body: BodyId) -> Option<(Client, Unmodelled)> {
    let (receiver, method) = call.func.as_method()?;
    if !matches!(method, "send_and_wait" | "subscribe") {
        return None;
    }
    let client = a.resolver.client_of(a.file, body, receiver)?;
    let what = match (method, client.role) {
        ("send_and_wait", Role::Producer) => Unmodelled::Send(topic_of(a, body, call)),
        ("subscribe", Role::Consumer) => {
            let named = call.keyword("topics").or_else(|| call.positional().next());
            let topics = match named.map(|x| &x.value) {
                Some(Expr::Seq { elts, .. }) => elts.iter().collect(),
                Some(e) => vec![e],
                None => Vec::new(),
            };
            Unmodelled::Topics(
                (topics.into_iter())
                    .filter_map(|t| a.resolver.const_str(a.file, body, t))
                    .collect(),
            )
        }
        _ => return None,
    };
    Some((client, what))
}

/// The topic a produce or send names: its `topic` keyword or first argument (a literal or a
/// constant), or the topic of the rdkafka record it sends (`FutureRecord::to("orders")`).
fn topic_of(a: &FileAnalysis, body: BodyId, call: &Call) -> Option<String> {
    let arg = call.keyword("topic").or_else(|| call.positional().next())?;
    if let Some(t) = a.resolver.const_str(a.file, body, &arg.value) {
        return Some(t);
    }
    // `FutureRecord::to("orders").payload(..).key(..)`: down the chain to `to(..)`.
    let mut e = &arg.value;
    for _ in 0..16 {
        let Expr::Call(c) = e else { return None };
        if c.func.last_name() == Some("to") {
            let first = c.positional().next()?;
            return a.resolver.const_str(a.file, body, &first.value);
        }
        e = c.func.as_method()?.0;
    }
    None
}

/// A delivery callback passed to a produce: its name and what it does with a report.
fn callback_info(a: &FileAnalysis, body: BodyId, cb: &Expr) -> CallbackInfo {
    let vocab = &a.knowledge.vocab;
    let kind = (a.resolver.callable_body(a.file, body, cb))
        .map(|(stmts, params)| classify_callback(stmts, params, vocab));
    CallbackInfo {
        name: spelled(cb),
        kind: kind.map_or("unknown", |k| k.describe()),
    }
}

/// The loop statements of a block (nested blocks included, nested functions not: they are
/// bodies of their own).
fn loops(block: &[Stmt]) -> Vec<&Stmt> {
    struct Loops<'m>(Vec<&'m Stmt>);
    impl<'m> Visitor<'m> for Loops<'m> {
        fn visit_stmt(&mut self, stmt: &'m Stmt) {
            if matches!(stmt.kind, StmtKind::Loop { .. }) {
                self.0.push(stmt);
            }
            visit::walk_stmt(self, stmt);
        }
        fn visit_expr(&mut self, _: &'m Expr) {}
    }
    let mut loops = Loops(Vec::new());
    visit::walk_block(&mut loops, block);
    loops.0
}

/// The innermost loop of body `body` around `at`: the loop a consume call drives.
fn consume_loop(a: &FileAnalysis, body: BodyId, at: TextRange) -> Option<TextRange> {
    let stmts = &a.module.bodies.get(body.0 as usize)?.stmts;
    (loops(stmts).into_iter())
        .map(|s| s.range)
        .filter(|r| r.start <= at.start && at.end <= r.end)
        .min_by_key(|r| r.end - r.start)
}

/// A use's kind and detail; `None` for calls the inventory does not list (position
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
        Op::Poll { single } => ("consume", Some(if *single { "poll" } else { "batch" })),
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
                TxStep::Abort => "abort",
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
        cell: None,
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
        .map(|s| {
            let mut v = setting(&client.config, s, s.default_for(lib.name, pins));
            // A default that changed between releases: the version it is that of.
            if v.source == "default" && !s.by_version.is_empty() && always(s.by_version).is_none() {
                v.version = pins.get(lib.name).map(|p| p.describe(lib.name));
            }
            v
        })
        .collect();
    if client.role == Role::Consumer {
        // Without a group nothing is committed, whatever auto commit says.
        let no_group = settings.iter().any(|s| {
            s.name == "group id"
                && s.value.is_none()
                && s.source != "unknown"
                && s.source != "computed"
        });
        for s in settings.iter_mut().filter(|s| s.name == "auto commit") {
            if no_group {
                s.note = Some("no group: nothing is committed");
            }
        }
    }
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
        also_reaches: Vec::new(),
        topics: Vec::new(),
    }
}

/// What a setting's `source` says of a default that changed between releases when the
/// versions the project allows do not agree on it, or no version is known.
const DEPENDS_ON_VERSION: &str = "depends-on-version";

/// A setting's effective value: known (set after any entries of unknown content; the last of
/// its keys written wins, as the config reader reads it), else the client's default (for the
/// pinned versions: `default`, `None` when they do not agree) when the configuration is
/// whole; else unknown (a key a spread of unknown content may set is never shown as the
/// default).
fn setting(config: &ConfigView, s: &Setting, default: Option<Option<&str>>) -> SettingValue {
    let mut expression = None;
    let (key, value, source) = match config.known_any(s.keys) {
        Known::Set(v) => {
            let key = written_key(config, s.keys);
            expression = v.expression().map(str::to_string);
            let (value, source) = match v {
                ConfigValue::Str(v) => (Some(v.clone()), "explicit"),
                ConfigValue::Bool(b) => (Some(b.to_string()), "explicit"),
                ConfigValue::Int(i) => (Some(i.to_string()), "explicit"),
                ConfigValue::Null => (None, "explicit"),
                ConfigValue::Const(v) => (Some(v.clone()), "constant"),
                ConfigValue::Callback { .. } | ConfigValue::Other(_) => (None, "computed"),
            };
            (key, value, source)
        }
        Known::Default => match default {
            Some(value) => (s.keys[0], value.map(str::to_string), "default"),
            None => (s.keys[0], None, DEPENDS_ON_VERSION),
        },
        Known::Unknown => (written_key(config, s.keys), None, "unknown"),
    };
    SettingValue {
        name: s.name,
        key: key.to_string(),
        value,
        source,
        expression,
        version: None,
        callback: None,
        note: None,
    }
}

/// The key of `keys` the config writes last, else the canonical one.
fn written_key(config: &ConfigView, keys: &'static [&'static str]) -> &'static str {
    let ConfigView::Visible { entries, .. } = config else {
        return keys[0];
    };
    (entries.iter().rev())
        .find_map(|(k, _)| keys.iter().find(|&&key| key == k))
        .copied()
        .unwrap_or(keys[0])
}

/// Who hears of a producer's deliveries: a global callback in its configuration, its rdkafka
/// context, else what its produce calls pass (decided once every use is known).
fn delivery_callback(client: &Client, global: Option<&'static str>) -> SettingValue {
    let mut out = SettingValue {
        name: super::DELIVERY_CALLBACK,
        key: String::new(),
        value: None,
        source: "uses",
        expression: None,
        version: None,
        callback: None,
        note: None,
    };
    if let Some(key) = global {
        if let Some(value) = client.config.get(key) {
            out.key = key.to_string();
            out.value = Some(format!("global {key}"));
            out.source = "explicit";
            out.expression = value.expression().map(str::to_string);
            out.callback = Some(CallbackInfo {
                name: value.expression().map(str::to_string),
                kind: match value {
                    ConfigValue::Callback { kind, .. } => kind.describe(),
                    _ => "unknown",
                },
            });
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
