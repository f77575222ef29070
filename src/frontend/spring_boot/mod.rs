//! Spring Boot configuration files (`application*.properties`, `application*.yml` /
//! `.yaml`, profiles included): the configuration of the clients Spring Boot builds, lowered
//! as their constructions so that the rules read them as any other client's.
//!
//! Spring Boot binds `spring.kafka.*` to `KafkaProperties` and builds each client's
//! configuration from it (`KafkaProperties.buildConsumerProperties` /
//! `buildProducerProperties`): first the common `spring.kafka.properties.*`, then the typed
//! keys that are set (a key left unset is not passed, so the client's or the container's
//! default applies), then `spring.kafka.consumer.properties.*` / `…producer.properties.*`,
//! which win. Keys bind relaxed (`enable-auto-commit`, `enableAutoCommit`,
//! `enable_auto_commit`); map keys may be bracketed (`properties[enable.auto.commit]`).
//!
//! Each document of a file (a YAML `---` section: a profile's) is lowered to
//! `spring.kafka.consumer({..})` when it sets consumer keys and `spring.kafka.producer({..})`
//! when it sets producer keys (`knowledge::SPRING_BOOT_ROOT`), each construction placed on the
//! key that decides what the rules judge (`enable-auto-commit`, `acks`), else on the first
//! key of its client, so a finding is reported at the key's line. A value with a placeholder
//! (`${KAFKA_ACKS:1}`) is not a literal: it is not judged.

mod properties;
mod yaml;

use std::path::Path;

use super::{LowerState, Lowered, Recovered};
use crate::knowledge::{SPRING_BOOT_CONSUMER, SPRING_BOOT_PRODUCER, SPRING_BOOT_ROOT};
use crate::model::{
    Arg, Body, BodyKind, Call, Expr, Import, ImportEntry, ImportKind, Lang, Lit, Spread, Stmt,
    StmtKind, SyntaxError, TextRange,
};

/// Whether a file is a Spring Boot configuration file this front end reads.
pub fn is_config_file(path: &Path) -> bool {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    let Some((stem, ext)) = name.rsplit_once('.') else {
        return false;
    };
    // `application.yml`, `application-prod.properties` (a profile's).
    let stem_ok = stem == "application" || stem.starts_with("application-");
    stem_ok && matches!(ext, "properties" | "yml" | "yaml")
}

/// One key of a file with a value: its whole dotted name as written (YAML mappings joined
/// with `.`), where the key is, and its value (`None`: a mapping, a list or an alias).
#[derive(Debug)]
struct Entry {
    key: String,
    range: TextRange,
    value: Option<(String, TextRange)>,
}

/// What a file gave: its documents' entries, its comments and a syntax error the reader
/// stopped at (the entries before it are kept).
#[derive(Debug, Default)]
struct Read {
    documents: Vec<Vec<Entry>>,
    comments: Vec<TextRange>,
    error: Option<SyntaxError>,
}

/// Lowers a Spring Boot configuration file.
pub fn lower(path: &Path, source: &str) -> Result<Lowered, SyntaxError> {
    let yaml = path.extension().is_some_and(|e| e == "yml" || e == "yaml");
    let read = if yaml {
        yaml::read(source)
    } else {
        properties::read(source)
    };
    let mut st = LowerState::default();
    let mut stmts = Vec::new();
    for document in &read.documents {
        let settings = Settings::of(document);
        for (client, entries, at) in [
            (
                SPRING_BOOT_CONSUMER,
                &settings.consumer,
                settings.consumer_at,
            ),
            (
                SPRING_BOOT_PRODUCER,
                &settings.producer,
                settings.producer_at,
            ),
        ] {
            let Some(at) = at else {
                continue;
            };
            stmts.push(construction(&mut st, client, entries, at));
        }
    }
    let whole = TextRange::new(0, source.len() as u32);
    let mut body = Body::new("<module>", BodyKind::Module, whole);
    body.stmts = stmts;
    st.bodies.push(body);
    st.imports.push(Import {
        entries: [SPRING_BOOT_CONSUMER, SPRING_BOOT_PRODUCER]
            .iter()
            .map(|client| ImportEntry {
                path: vec![SPRING_BOOT_ROOT.to_string(), client.to_string()],
                from_len: Some(1),
                binding: Some((
                    binding(client),
                    vec![SPRING_BOOT_ROOT.to_string(), client.to_string()],
                )),
                glob: false,
            })
            .collect(),
        level: 0,
        kind: ImportKind::Static,
        local: false,
        test: false,
        range: TextRange::default(),
    });
    let module = st.finish(Lang::Java)?;
    let recovered = read.error.map(|error| Recovered {
        skipped: vec![TextRange::new(error.range.start, whole.end)],
        error,
    });
    Ok(Lowered {
        module,
        comments: read.comments,
        recovered,
    })
}

/// The local name a construction's callee is bound to: the client type's own name, a key
/// prefix no Java code can spell.
fn binding(client: &str) -> String {
    client.to_string()
}

/// `spring.kafka.consumer({"group.id": "billing", ..})`, placed at `at`.
fn construction(
    st: &mut LowerState,
    client: &str,
    entries: &[(String, &Entry)],
    at: TextRange,
) -> Stmt {
    let items = entries
        .iter()
        .map(|(key, e)| {
            let key = Expr::Lit {
                lit: Lit::Str(key.as_str().into()),
                range: e.range,
            };
            (Some(key), value(e))
        })
        .collect();
    let call = Call {
        id: st.call_id(),
        func: Expr::Name {
            id: binding(client).into(),
            range: at,
        },
        args: vec![Arg {
            name: None,
            value: Expr::Dict { items, range: at },
            spread: Spread::None,
        }]
        .into(),
        type_args: Box::default(),
        range: at,
    };
    Stmt {
        kind: StmtKind::Expr(Expr::Call(Box::new(call))),
        range: at,
    }
}

/// A value as the client reads it: booleans and integers typed, a placeholder opaque.
fn value(e: &Entry) -> Expr {
    let Some((text, range)) = &e.value else {
        return Expr::Opaque { range: e.range };
    };
    let range = *range;
    let text = text.trim();
    if text.contains("${") {
        return Expr::Opaque { range };
    }
    let lit = if text.eq_ignore_ascii_case("true") {
        Lit::Bool(true)
    } else if text.eq_ignore_ascii_case("false") {
        Lit::Bool(false)
    } else if let Ok(i) = text.parse::<i64>() {
        Lit::Int(i)
    } else {
        Lit::Str(text.into())
    };
    Expr::Lit { lit, range }
}

/// A document's client configurations, in the order Spring Boot builds them, and where each
/// construction is reported.
#[derive(Default)]
struct Settings<'e> {
    consumer: Vec<(String, &'e Entry)>,
    producer: Vec<(String, &'e Entry)>,
    consumer_at: Option<TextRange>,
    producer_at: Option<TextRange>,
}

/// Where a `spring.kafka` key goes.
enum Place {
    Common,
    Consumer { typed: bool },
    Producer { typed: bool },
}

/// The typed keys of `KafkaProperties.Consumer` / `.Producer` the rules read, by their relaxed
/// form, and the client keys they set.
const CONSUMER_KEYS: &[(&str, &str)] = &[
    ("groupid", "group.id"),
    ("enableautocommit", "enable.auto.commit"),
    ("isolationlevel", "isolation.level"),
];
const PRODUCER_KEYS: &[(&str, &str)] = &[
    ("acks", "acks"),
    ("retries", "retries"),
    ("transactionidprefix", "transactional.id"),
];
/// The client keys a construction is reported at, when set.
const DECIDING_KEYS: &[&str] = &["enable.auto.commit", "acks"];

impl<'e> Settings<'e> {
    fn of(entries: &'e [Entry]) -> Settings<'e> {
        let mut common = Vec::new();
        let (mut consumer_typed, mut consumer_extra) = (Vec::new(), Vec::new());
        let (mut producer_typed, mut producer_extra) = (Vec::new(), Vec::new());
        let mut s = Settings::default();
        for e in entries {
            let Some((place, key)) = classify(&e.key) else {
                continue;
            };
            match place {
                Place::Common => common.push((key, e)),
                Place::Consumer { typed } => {
                    s.consumer_at.get_or_insert(e.range);
                    if typed {
                        consumer_typed.push((key, e));
                    } else {
                        consumer_extra.push((key, e));
                    }
                }
                Place::Producer { typed } => {
                    s.producer_at.get_or_insert(e.range);
                    if typed {
                        producer_typed.push((key, e));
                    } else {
                        producer_extra.push((key, e));
                    }
                }
            }
        }
        // A client configured only through the common properties is constructed too when
        // they set what the rules judge.
        let decides = |k: &str| DECIDING_KEYS.contains(&k) || k == "group.id";
        if s.consumer_at.is_none() {
            s.consumer_at = (common.iter())
                .find(|(k, _)| decides(k) && k != "acks")
                .map(|(_, e)| e.range);
        }
        if s.producer_at.is_none() {
            s.producer_at = common
                .iter()
                .find(|(k, _)| k == "acks")
                .map(|(_, e)| e.range);
        }
        s.consumer = [&common, &consumer_typed, &consumer_extra]
            .into_iter()
            .flatten()
            .cloned()
            .collect();
        s.producer = [&common, &producer_typed, &producer_extra]
            .into_iter()
            .flatten()
            .cloned()
            .collect();
        for (list, at) in [
            (&s.consumer, &mut s.consumer_at),
            (&s.producer, &mut s.producer_at),
        ] {
            // The last entry of a deciding key is the one the client reads.
            if let Some((_, e)) = list
                .iter()
                .rev()
                .find(|(k, _)| DECIDING_KEYS.contains(&k.as_str()))
            {
                if at.is_some() {
                    *at = Some(e.range);
                }
            }
        }
        s
    }
}

/// A `spring.kafka` key's place and the client key it sets; `None` for the others.
fn classify(key: &str) -> Option<(Place, String)> {
    let segments = split(key);
    let relaxed = |s: &str| {
        s.chars()
            .filter(|c| *c != '-' && *c != '_')
            .collect::<String>()
            .to_ascii_lowercase()
    };
    let [spring, kafka, rest @ ..] = segments.as_slice() else {
        return None;
    };
    if relaxed(spring) != "spring" || relaxed(kafka) != "kafka" {
        return None;
    }
    let raw = |rest: &[String]| (!rest.is_empty()).then(|| rest.join("."));
    match rest {
        [p, tail @ ..] if relaxed(p) == "properties" => Some((Place::Common, raw(tail)?)),
        [client, p, tail @ ..] if relaxed(p) == "properties" => {
            let key = raw(tail)?;
            match relaxed(client).as_str() {
                "consumer" => Some((Place::Consumer { typed: false }, key)),
                "producer" => Some((Place::Producer { typed: false }, key)),
                _ => None,
            }
        }
        [client, name] => {
            let (table, consumer) = match relaxed(client).as_str() {
                "consumer" => (CONSUMER_KEYS, true),
                "producer" => (PRODUCER_KEYS, false),
                _ => return None,
            };
            let name = relaxed(name);
            let client_key = match table.iter().find(|(k, _)| *k == name) {
                Some((_, key)) => key.to_string(),
                // Other typed keys (`bootstrap-servers`) configure the client too: it is
                // constructed, with nothing the rules read.
                None => format!("spring.kafka.{name}"),
            };
            Some(if consumer {
                (Place::Consumer { typed: true }, client_key)
            } else {
                (Place::Producer { typed: true }, client_key)
            })
        }
        _ => None,
    }
}

/// A key's segments: split at `.`, a bracketed map key (`properties[enable.auto.commit]`)
/// kept whole.
fn split(key: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut depth = 0u32;
    for c in key.chars() {
        match c {
            '[' => {
                if depth == 0 && !current.is_empty() {
                    out.push(std::mem::take(&mut current));
                }
                depth += 1;
            }
            ']' if depth > 0 => depth -= 1,
            '.' if depth == 0 => {
                if !current.is_empty() {
                    out.push(std::mem::take(&mut current));
                }
            }
            _ => current.push(c),
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

#[cfg(test)]
mod tests;
