//! Java Kafka clients: kafka-clients and spring-kafka (`shared/spec/java.md` §1).
//!
//! The Java front end keeps a package as one path segment, so a library's roots are its
//! packages (`org.apache.kafka.clients.consumer`): a client type matches by package and class.

use super::durability::{Durability, Setting};
use super::{
    AcksKeys, ArgSlot, AutoCommitKeys, ConfigStyle, FixImports, Knowledge, Library, Op, Role,
    SinkSpec, TxStep,
};
use crate::model::Lang;

pub(super) const KAFKA_CONSUMER: &str = "org.apache.kafka.clients.consumer";
pub(super) const KAFKA_PRODUCER: &str = "org.apache.kafka.clients.producer";
/// The packages of kafka-clients a file imports the client library by: its clients, and the
/// admin, common, error and serialization packages (OL402).
pub(super) const KAFKA_ROOTS: &[&str] = &[
    KAFKA_CONSUMER,
    KAFKA_PRODUCER,
    "org.apache.kafka.clients",
    "org.apache.kafka.clients.admin",
    "org.apache.kafka.common",
    "org.apache.kafka.common.errors",
    "org.apache.kafka.common.serialization",
];
pub(super) const SPRING_CORE: &str = "org.springframework.kafka.core";
pub(super) const SPRING_SUPPORT: &str = "org.springframework.kafka.support";
/// Where `@KafkaListener` is: a file that imports only it is a Kafka file.
pub(super) const SPRING_ANNOTATION: &str = "org.springframework.kafka.annotation";

/// Annotations that make a method a Spring Kafka listener (`@KafkaListener` on the method,
/// `@KafkaHandler` in a class annotated with it): the container calls it for each record it
/// polled, and commits the record when it returns normally (java.md §1.3, "Consume loop").
/// A `@DltHandler` is the listener of a `@RetryableTopic`'s dead-letter topic: the same.
pub const LISTENER_ANNOTATIONS: &[&str] = &["KafkaListener", "KafkaHandler", "DltHandler"];

/// The consumer a listener's records come from, as the Java front end names it: the body of a
/// listener is lowered as the body of a loop over this consumer.
pub const LISTENER_CONSUMER: [&str; 2] = [KAFKA_CONSUMER, "Consumer"];

/// The commit a listener container makes when the listener returns normally (record, batch,
/// count and time ack modes: java.md §1.3), as the Java front end writes it at the end of the
/// listener's loop body: a method of [`LISTENER_CONSUMER`] no Java code can call.
pub const LISTENER_RETURN_COMMIT: &str = "return";

/// A listener that takes one of these acknowledges its records itself (manual ack modes): the
/// container commits what it acknowledges, not what it returns from.
pub const LISTENER_MANUAL_ACK: &[&str] = &["Acknowledgment"];

/// The types whose use makes a Java file concern the rules, and its importers too (the
/// prefilter's Java gate, `prefilter::JavaGate`), by package: every client type, listener
/// annotation and polled batch the analyses recognise (a test keeps this complete). A file
/// that names only the libraries' other types (`TopicPartition`, `ConsumerRecord`,
/// `ConsumerConfig`) holds no client; it is read when a file that does imports it.
pub(super) const GATE_TYPES: &[(&str, &str)] = &[
    (KAFKA_CONSUMER, "KafkaConsumer"),
    (KAFKA_CONSUMER, "Consumer"),
    (KAFKA_CONSUMER, "ConsumerRecords"),
    (KAFKA_PRODUCER, "KafkaProducer"),
    (KAFKA_PRODUCER, "Producer"),
    (SPRING_CORE, "KafkaTemplate"),
    (SPRING_CORE, "KafkaOperations"),
    (SPRING_CORE, "DefaultKafkaProducerFactory"),
    (SPRING_CORE, "DefaultKafkaConsumerFactory"),
    (SPRING_SUPPORT, "Acknowledgment"),
    (SPRING_ANNOTATION, "KafkaListener"),
    (SPRING_ANNOTATION, "KafkaHandler"),
    (SPRING_ANNOTATION, "DltHandler"),
];

/// Spring Boot's Kafka configuration (`spring.kafka.*` in `application*.properties` and
/// `application*.yml`), as the Spring Boot configuration front end lowers a file: the
/// construction of a consumer and of a producer, `spring.kafka.consumer({..})` and
/// `spring.kafka.producer({..})`, each with the client configuration the file's keys make.
/// No Java code can import this path, so only configuration files construct these.
pub const SPRING_BOOT_ROOT: &str = "spring.kafka";
pub const SPRING_BOOT_CONSUMER: &str = "spring.kafka.consumer";
pub const SPRING_BOOT_PRODUCER: &str = "spring.kafka.producer";

/// The classes whose `*_CONFIG` constants name configuration keys, by package.
/// `AdminClientConfig` re-declares `CommonClientConfigs`' keys (25 of its 26 `*_CONFIG`
/// constants in kafka-clients 3.9.1; the other is `bootstrap.controllers`), and applications
/// put its `SECURITY_PROTOCOL_CONFIG` into consumer and producer settings.
const CONFIG_CLASSES: &[(&str, &str)] = &[
    (KAFKA_CONSUMER, "ConsumerConfig"),
    (KAFKA_PRODUCER, "ProducerConfig"),
    ("org.apache.kafka.clients", "CommonClientConfigs"),
    ("org.apache.kafka.clients.admin", "AdminClientConfig"),
];

/// The configuration key a `ConsumerConfig`/`ProducerConfig` constant names: `GROUP_ID_CONFIG`
/// is `group.id`, `KEY_DESERIALIZER_CLASS_CONFIG` is `key.deserializer` (kafka-clients spells
/// every key this way: `ConsumerConfig.java`, `ProducerConfig.java`).
pub fn config_key(path: &[String]) -> Option<String> {
    let [.., class, constant] = path else {
        return None;
    };
    let package = path.first()?;
    let known = CONFIG_CLASSES
        .iter()
        .any(|(p, c)| c == class && (path.len() == 2 || p == package));
    if !known {
        return None;
    }
    let name = constant.strip_suffix("_CONFIG")?;
    let name = name.strip_suffix("_CLASS").unwrap_or(name);
    Some(name.to_ascii_lowercase().replace('_', "."))
}

/// Whether a library constant used as a configuration key names none of the client settings
/// the rules read: a constant of another library (its own settings: a serializer's or schema
/// registry's keys), or of kafka-clients' security config classes. Constants of the client
/// config classes are keys ([`config_key`]); a library path has a package, a class and the
/// constant.
pub fn foreign_config_key(path: &[String]) -> bool {
    const SECURITY_CLASSES: &[&str] = &["SaslConfigs", "SslConfigs"];
    let [package @ .., class, constant] = path else {
        return false;
    };
    let constant_like = constant
        .chars()
        .all(|ch| ch.is_ascii_uppercase() || ch.is_ascii_digit() || ch == '_');
    // A Java package is one segment (`model::java_path`).
    let in_kafka = package.iter().any(|p| p.starts_with("org.apache.kafka"));
    !package.is_empty()
        && constant_like
        && config_key(path).is_none()
        && (!in_kafka || SECURITY_CLASSES.contains(&class.as_str()))
}

/// The producer settings that turn idempotence on, and with it `acks=all` when `acks` is unset.
const IDEMPOTENCE_KEYS: &[&str] = &["enable.idempotence", "transactional.id"];

/// kafka-clients 3.8 (`ConsumerConfig.java`, `ProducerConfig.java`): `acks=all` and idempotence
/// from 3.0 (`1` and off before).
const KAFKA_CLIENTS_DURABILITY: Durability = Durability {
    consumer: &[
        setting("group id", &["group.id"], None),
        setting("auto commit", &["enable.auto.commit"], Some("true")),
        setting(
            "isolation level",
            &["isolation.level"],
            Some("read_uncommitted"),
        ),
    ],
    producer: &[
        Setting {
            name: "acks",
            keys: &["acks"],
            default: None,
            by_version: &[(&[], Some("1")), (&[3, 0], Some("all"))],
        },
        Setting {
            name: "idempotence",
            keys: &["enable.idempotence"],
            default: None,
            by_version: &[(&[], Some("false")), (&[3, 0], Some("true"))],
        },
        setting("transactional id", &["transactional.id"], None),
    ],
    global_callback: None,
};

/// spring-kafka's producers are kafka-clients': 2.8 is the first release on kafka-clients 3.0
/// ("This version requires the 3.0.1 kafka-clients", the 2.8 reference's "What's New in 2.8
/// Since 2.7"), with its `acks=all` and idempotence defaults; 2.7 and older use 2.x.
const SPRING_KAFKA_DURABILITY: Durability = Durability {
    consumer: KAFKA_CLIENTS_DURABILITY.consumer,
    producer: &[
        Setting {
            name: "acks",
            keys: &["acks"],
            default: None,
            by_version: &[(&[], Some("1")), (&[2, 8], Some("all"))],
        },
        Setting {
            name: "idempotence",
            keys: &["enable.idempotence"],
            default: None,
            by_version: &[(&[], Some("false")), (&[2, 8], Some("true"))],
        },
        setting("transactional id", &["transactional.id"], None),
    ],
    global_callback: None,
};

/// Spring Boot's clients: a consumer configured by `spring.kafka.consumer.*` runs in a
/// listener container, which turns auto-commit off when the key is unset (java.md §1.3); its
/// producers' `acks` default is kafka-clients', whose version Spring Boot's dependency
/// management decides (not read here, so not judged).
const SPRING_BOOT_DURABILITY: Durability = Durability {
    consumer: &[
        setting("group id", &["group.id"], None),
        setting("auto commit", &["enable.auto.commit"], Some("false")),
        setting(
            "isolation level",
            &["isolation.level"],
            Some("read_uncommitted"),
        ),
    ],
    producer: &[
        setting("acks", &["acks"], None),
        setting("idempotence", &["enable.idempotence"], None),
        setting("transactional id", &["transactional.id"], None),
    ],
    global_callback: None,
};

const fn setting(
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

#[rustfmt::skip]
pub(super) fn register(k: &mut Knowledge) {
    use ConfigStyle::DictAndKwargs;
    use Role::*;
    let kafka_clients = k.add_library(
        Library {
            name: "kafka-clients",
            lang: Lang::Java,
            roots: KAFKA_ROOTS,
            offset_store: false,
            delivery_hint: "call `.get()` on the returned future (after the loop, for a batch), or pass a `Callback` that records the exception",
            flush_hint: "check it",
            delivery_hint_local: "call `.get()` on the returned future (after the loop, for a batch), or pass a `Callback` that records the exception",
            flush_hint_local: "check it",
            commit_fix: "{receiver}.{method}(Map.of(new TopicPartition({message}.topic(), {message}.partition()), new OffsetAndMetadata({message}.offset() + 1)))",
            commit_fix_imports: FixImports::NONE,
            commit_batch_fix: None,
            commit_batch_imports: FixImports::NONE,
            poll_wraps_result: false,
            rebalance_callbacks: &["onPartitionsRevoked", "onPartitionsAssigned", "onPartitionsLost"],
            commit_fix_versions: &[],
            commit_fix_unversioned: "",
            bare_commit_note: "this is the `KafkaConsumer` javadoc's manual-commit pattern, at-least-once only while every polled record reaches what was processed and every failure leaves the loop; commit the offsets of the records processed (`commitSync(Map<TopicPartition, OffsetAndMetadata>)`, each record's `offset() + 1`)",
            offers_commit_fix: false,
            auto_commit: AutoCommitKeys {
                group: "group.id",
                commit: "enable.auto.commit",
                store: None,
                on_by_default: true,
                true_needs_group: true,
                group_elsewhere: false,
                help: "set `ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG` to `false` and commit the offsets of processed records (`commitSync(Map<TopicPartition, OffsetAndMetadata>)`)",
            },
            acks: AcksKeys {
                keys: &["acks"],
                // `acks=1` through 2.8, `all` from 3.0 (KIP-679).
                weak_default: &[(&[], true), (&[3, 0], false)],
                // Before 3.0 too, an idempotent producer (and a transactional one: it turns
                // idempotence on) overrides an unset `acks` to `all` (`KafkaProducer.
                // configureAcks`, "Overriding the default acks to all since idempotence is
                // enabled", logged by 0.11 and 2.6 producers).
                idempotence: IDEMPOTENCE_KEYS,
                help: "set `ProducerConfig.ACKS_CONFIG` to `\"all\"` (kafka-clients' default from 3.0) so that a write is acknowledged once every in-sync replica has it",
            },
            durability: &KAFKA_CLIENTS_DURABILITY,
        },
        &[
            ("KafkaConsumer", Consumer, DictAndKwargs),
            ("Consumer", Consumer, DictAndKwargs),
            ("KafkaProducer", Producer, DictAndKwargs),
            ("Producer", Producer, DictAndKwargs),
        ],
    );
    k.add_methods(kafka_clients, |_, _| false, vec![
        // `commitSync()`, `commitSync(Duration)`, `commitAsync()`, `commitAsync(callback)`
        // commit every assigned position; the map forms commit the map (java.md §1.1).
        (Consumer, &[], "commitSync", Op::Commit { offsets: ArgSlot::new(&[], Some(0)) }),
        (Consumer, &[], "commitAsync", Op::Commit { offsets: ArgSlot::new(&[], Some(0)) }),
        (Consumer, &[], LISTENER_RETURN_COMMIT, Op::CommitMessage),
        (Consumer, &[], "seek", Op::Seek),
        (Consumer, &[], "position", Op::Position),
        (Consumer, &[], "assignment", Op::Position),
        (Consumer, &[], "poll", Op::Poll { single: false }),
        (Producer, &[], "send", Op::Send { awaits: 1, raises: true, callback: Some(1) }),
        (Producer, &[], "flush", Op::Flush { returns_result: false }),
        (Producer, &[], "beginTransaction", Op::Transaction { step: TxStep::Begin, awaits: 0, raises: true }),
        (Producer, &[], "commitTransaction", Op::Transaction { step: TxStep::Commit, awaits: 0, raises: true }),
        (Producer, &[], "abortTransaction", Op::Transaction { step: TxStep::Abort, awaits: 0, raises: true }),
    ]);

    // spring-kafka: `KafkaTemplate.send*` returns a future (2.x `ListenableFuture`, 3.x
    // `CompletableFuture`); a failed send is only logged unless it is read (java.md §1.3).
    let spring = k.add_library(
        Library {
            name: "spring-kafka",
            lang: Lang::Java,
            roots: &[SPRING_CORE, SPRING_SUPPORT, SPRING_ANNOTATION],
            offset_store: false,
            delivery_hint: "read the returned future (`.get(timeout)`, `.join()`, or `whenComplete((r, ex) -> ..)` that handles `ex`)",
            flush_hint: "check it",
            delivery_hint_local: "read the returned future (`.get(timeout)`, `.join()`, or `whenComplete((r, ex) -> ..)` that handles `ex`)",
            flush_hint_local: "check it",
            commit_fix: "",
            commit_fix_imports: FixImports::NONE,
            commit_batch_fix: None,
            commit_batch_imports: FixImports::NONE,
            poll_wraps_result: false,
            rebalance_callbacks: &[],
            commit_fix_versions: &[],
            commit_fix_unversioned: "",
            bare_commit_note: "",
            offers_commit_fix: false,
            // Its consumers are a consumer factory's, which Spring's listener containers use
            // with auto-commit off when the key is unset (java.md §2): only an explicit
            // `true` commits on the timer.
            auto_commit: AutoCommitKeys {
                group: "group.id",
                commit: "enable.auto.commit",
                store: None,
                on_by_default: false,
                true_needs_group: true,
                // The containers take the group from `@KafkaListener(groupId = ..)` too.
                group_elsewhere: true,
                help: "remove `ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG` (Spring's listener containers then commit each record after the listener returns, or what it acknowledges)",
            },
            acks: AcksKeys {
                keys: &["acks"],
                // By spring-kafka's version: 2.8 moved to kafka-clients 3.0.
                weak_default: &[(&[], true), (&[2, 8], false)],
                idempotence: IDEMPOTENCE_KEYS,
                help: "set `ProducerConfig.ACKS_CONFIG` to `\"all\"`",
            },
            durability: &SPRING_KAFKA_DURABILITY,
        },
        &[
            ("KafkaTemplate", Producer, DictAndKwargs),
            ("KafkaOperations", Producer, DictAndKwargs),
            // Its configuration is the producers' (OL205).
            ("DefaultKafkaProducerFactory", Producer, DictAndKwargs),
            // Its configuration is the listener containers' consumers' (OL105).
            ("DefaultKafkaConsumerFactory", Consumer, DictAndKwargs),
            // A listener's acknowledgment commits its record (`MANUAL` ack modes).
            ("Acknowledgment", Consumer, DictAndKwargs),
        ],
    );
    k.add_methods(spring, |_, _| false, vec![
        // `acknowledge()` commits the listener's record (and, by its contract, every record
        // before it in the partition); `nack(..)` seeks back to it (java.md §1.3).
        (Consumer, &[], "acknowledge", Op::CommitMessage),
        (Consumer, &[], "nack", Op::Seek),
        (Producer, &[], "send", Op::Send { awaits: 1, raises: true, callback: None }),
        (Producer, &[], "sendDefault", Op::Send { awaits: 1, raises: true, callback: None }),
        (Producer, &[], "flush", Op::Flush { returns_result: false }),
    ]);

    // Spring Boot configuration files (`frontend::spring_boot`): explicit settings only, as
    // Spring Boot passes a key to the client only when it is set (`KafkaProperties`).
    k.add_library(
        Library {
            name: "spring-boot",
            lang: Lang::Java,
            roots: &[SPRING_BOOT_ROOT],
            offset_store: false,
            delivery_hint: "",
            flush_hint: "",
            delivery_hint_local: "",
            flush_hint_local: "",
            commit_fix: "",
            commit_fix_imports: FixImports::NONE,
            commit_batch_fix: None,
            commit_batch_imports: FixImports::NONE,
            poll_wraps_result: false,
            rebalance_callbacks: &[],
            commit_fix_versions: &[],
            commit_fix_unversioned: "",
            bare_commit_note: "",
            offers_commit_fix: false,
            auto_commit: AutoCommitKeys {
                group: "group.id",
                commit: "enable.auto.commit",
                store: None,
                on_by_default: false,
                true_needs_group: true,
                // A listener container's group is most often its `@KafkaListener`'s
                // `groupId`/`id`, not `spring.kafka.consumer.group-id`.
                group_elsewhere: true,
                help: "remove `enable-auto-commit: true` (Spring's listener containers then commit each record after the listener returns, or what it acknowledges)",
            },
            acks: AcksKeys {
                keys: &["acks"],
                weak_default: &[(&[], false)],
                idempotence: &[],
                help: "set `spring.kafka.producer.acks` to `all` so that a write is acknowledged once every in-sync replica has it",
            },
            durability: &SPRING_BOOT_DURABILITY,
        },
        &[
            (SPRING_BOOT_CONSUMER, Consumer, DictAndKwargs),
            (SPRING_BOOT_PRODUCER, Producer, DictAndKwargs),
        ],
    );

    k.sinks.push(SinkSpec::Path {
        roots: super::strings(&[KAFKA_CONSUMER]),
        suffix: super::strings(&["OffsetAndMetadata"]),
    });
    k.sinks.push(SinkSpec::Method { lib: kafka_clients, name: "seek".into() });
    // spring-kafka: `new TopicPartitionOffset(topic, partition, offset)` and a seek callback's
    // `seek(topic, partition, offset)` (java.md §2, OL301).
    k.sinks.push(SinkSpec::Path {
        roots: super::strings(&[SPRING_SUPPORT]),
        suffix: super::strings(&["TopicPartitionOffset"]),
    });
    k.sinks.push(SinkSpec::Method { lib: spring, name: "seek".into() });
}

#[cfg(test)]
mod tests {
    use super::config_key;

    /// Every Java type the analyses recognise makes a file concern the rules: a client type
    /// missing from the gate would leave the files that use it unlinted.
    #[test]
    fn the_prefilter_gate_names_every_recognised_type() {
        let k = crate::knowledge::Knowledge::default();
        let gated = |name: &str| super::GATE_TYPES.iter().any(|&(_, t)| t == name);
        // Spring Boot's clients are built by configuration files only, which are read by words.
        let java_clients = (k.clients.iter()).filter(|c| {
            k.lib(c.lib).lang == crate::model::Lang::Java
                && c.behaves_as.is_none()
                && c.root != super::SPRING_BOOT_ROOT
        });
        for c in java_clients {
            assert!(gated(&c.name), "{} is not in GATE_TYPES", c.name);
        }
        for name in super::LISTENER_ANNOTATIONS
            .iter()
            .chain(super::LISTENER_MANUAL_ACK)
        {
            assert!(gated(name), "{name} is not in GATE_TYPES");
        }
        for &(package, name) in k.vocab.polled_batch_types {
            assert!(super::GATE_TYPES.contains(&(package, name)), "{name}");
        }
        // Each in its own package, which is one of its library's roots.
        for &(package, _) in super::GATE_TYPES {
            assert!(
                k.in_library(&[package.to_string(), "X".into()]),
                "{package}"
            );
        }
    }

    fn path(p: &[&str]) -> Vec<String> {
        p.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn other_libraries_constants_are_no_client_keys() {
        let foreign = |p: &[&str]| super::foreign_config_key(&path(p));
        assert!(foreign(&[
            "io.apicurio.registry.serde.config",
            "SerdeConfig",
            "REGISTRY_URL"
        ]));
        assert!(foreign(&[
            "org.apache.kafka.common.config",
            "SaslConfigs",
            "SASL_MECHANISM"
        ]));
        assert!(!foreign(&[
            super::KAFKA_CONSUMER,
            "ConsumerConfig",
            "GROUP_ID_CONFIG"
        ]));
        assert!(!foreign(&[
            "org.apache.kafka.clients",
            "CommonClientConfigs",
            "X_CONFIG"
        ]));
        assert!(!foreign(&["SerdeConfig", "REGISTRY_URL"]));
        assert!(!foreign(&["com.acme", "Keys", "registryUrl"]));
    }

    #[test]
    fn config_constants_name_their_keys() {
        let key = |p: &[&str]| config_key(&path(p));
        assert_eq!(
            key(&["ConsumerConfig", "GROUP_ID_CONFIG"]).as_deref(),
            Some("group.id")
        );
        assert_eq!(
            key(&[
                super::KAFKA_CONSUMER,
                "ConsumerConfig",
                "ENABLE_AUTO_COMMIT_CONFIG"
            ])
            .as_deref(),
            Some("enable.auto.commit")
        );
        assert_eq!(
            key(&[
                super::KAFKA_PRODUCER,
                "ProducerConfig",
                "VALUE_SERIALIZER_CLASS_CONFIG"
            ])
            .as_deref(),
            Some("value.serializer")
        );
        assert_eq!(
            key(&[
                "org.apache.kafka.clients.admin",
                "AdminClientConfig",
                "SECURITY_PROTOCOL_CONFIG"
            ])
            .as_deref(),
            Some("security.protocol")
        );
        assert_eq!(
            key(&["com.acme", "ConsumerConfig", "GROUP_ID_CONFIG"]),
            None
        );
        assert_eq!(key(&["Settings", "GROUP_ID_CONFIG"]), None);
    }
}
