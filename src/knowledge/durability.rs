//! The settings that decide a client's durability, per library, and the value each has when
//! the configuration leaves it unset (`offsetlint inventory` reports both). Defaults are the
//! libraries' documented ones, by release where they changed.

use super::version::{Pins, Since};

/// A configuration setting and its value when unset.
#[derive(Debug, Clone, Copy)]
pub struct Setting {
    /// What it decides, as the inventory names it (`auto commit`).
    pub name: &'static str,
    /// The keys that set it: the canonical one first, then aliases (librdkafka's
    /// `request.required.acks`).
    pub keys: &'static [&'static str],
    /// The client's value when no key is set; `None` when it is then unset (no group, no
    /// transactional id).
    pub default: Option<&'static str>,
    /// The same by release, when it changed between releases (`default` is then not used).
    pub by_version: Since<Option<&'static str>>,
}

impl Setting {
    /// The client's value when no key is set, for the versions of `package` the project
    /// allows: `None` when it changed between releases and they do not agree (or no version
    /// is known), `Some(None)` when it is then unset.
    pub fn default_for(&self, package: &str, pins: &Pins) -> Option<Option<&'static str>> {
        if self.by_version.is_empty() {
            return Some(self.default);
        }
        pins.fact(package, self.by_version)
    }
}

/// A library's durability settings, by role.
#[derive(Debug, Clone, Copy)]
pub struct Durability {
    pub consumer: &'static [Setting],
    pub producer: &'static [Setting],
    /// The configuration key of a global delivery callback (confluent-kafka's
    /// `on_delivery`), when the library has one.
    pub global_callback: Option<&'static str>,
}

const fn s(
    name: &'static str,
    keys: &'static [&'static str],
    default: Option<&'static str>,
) -> Setting {
    Setting {
        name,
        keys,
        default,
        by_version: &[],
    }
}

/// A setting whose default changed between releases.
const fn versioned(
    name: &'static str,
    keys: &'static [&'static str],
    by_version: Since<Option<&'static str>>,
) -> Setting {
    Setting {
        name,
        keys,
        default: None,
        by_version,
    }
}

/// librdkafka (confluent-kafka, rdkafka): CONFIGURATION.md of librdkafka 2.x.
pub(super) const LIBRDKAFKA: Durability = Durability {
    consumer: &[
        s("group id", &["group.id"], None),
        s("auto commit", &["enable.auto.commit"], Some("true")),
        s("offset store", &["enable.auto.offset.store"], Some("true")),
        s(
            "isolation level",
            &["isolation.level"],
            Some("read_committed"),
        ),
    ],
    producer: &[
        s("acks", &["acks", "request.required.acks"], Some("all")),
        s("idempotence", &["enable.idempotence"], Some("false")),
        s("transactional id", &["transactional.id"], None),
    ],
    global_callback: None,
};

/// confluent-kafka: librdkafka's settings, plus the Python client's global `on_delivery`.
pub(super) const CONFLUENT: Durability = Durability {
    global_callback: Some("on_delivery"),
    ..LIBRDKAFKA
};

/// The consumer settings aiokafka and kafka-python share (keyword arguments, same defaults).
const KWARGS_CONSUMER: &[Setting] = &[
    s("group id", &["group_id"], None),
    s("auto commit", &["enable_auto_commit"], Some("true")),
    s(
        "isolation level",
        &["isolation_level"],
        Some("read_uncommitted"),
    ),
];

/// aiokafka: `acks=1`, or `all` when idempotence (or a transactional id) is on (the
/// library's `AcksKeys::idempotence`).
pub(super) const AIOKAFKA: Durability = Durability {
    consumer: KWARGS_CONSUMER,
    producer: &[
        s("acks", &["acks"], Some("1")),
        s("idempotence", &["enable_idempotence"], Some("false")),
        s("transactional id", &["transactional_id"], None),
    ],
    global_callback: None,
};

/// kafka-python: `acks=1` through 2.3, and `all` with idempotence on from 3.0
/// (`kafka/producer/kafka.py` of each release).
pub(super) const KAFKA_PYTHON: Durability = Durability {
    consumer: KWARGS_CONSUMER,
    producer: &[
        versioned(
            "acks",
            &["acks"],
            &[(&[], Some("1")), (&[3, 0], Some("all"))],
        ),
        versioned(
            "idempotence",
            &["enable_idempotence"],
            &[(&[], Some("false")), (&[3, 0], Some("true"))],
        ),
        s("transactional id", &["transactional_id"], None),
    ],
    global_callback: None,
};
