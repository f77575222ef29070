//! API knowledge as data: which types are Kafka clients, what their methods do, which calls
//! are model sources or offset sinks, which modules are network code. Rules never compare
//! method names; they ask these tables. Configuration extends them (wrapper classes, model
//! sources, checkpoint writers) without touching any rule.

pub mod boundary;
pub mod durability;
pub mod failure;
mod java;
mod llm;
mod network;
pub mod prefilter;
mod python;
mod rust;
pub mod tasks;
pub mod version;
pub mod vocab;

pub use java::{
    config_key, foreign_config_key, LISTENER_ANNOTATIONS, LISTENER_CONSUMER, LISTENER_MANUAL_ACK,
    LISTENER_RETURN_COMMIT, SPRING_BOOT_CONSUMER, SPRING_BOOT_PRODUCER, SPRING_BOOT_ROOT,
};
pub use llm::LlmKnowledge;
pub use network::NetworkKnowledge;

use crate::model::Lang;

/// The top-level modules and crates of the built-in client libraries (each `Library`'s
/// `roots`; a unit test keeps the two equal). Import resolution needs them before any
/// knowledge is configured: a project whose own package or crate has one of these names *is*
/// that library (its source, examples and tests), so imports of the name mean the library.
pub const CLIENT_ROOTS: &[(Lang, &str)] = &[
    (Lang::Python, "confluent_kafka"),
    (Lang::Python, "aiokafka"),
    (Lang::Python, "kafka"),
    (Lang::Rust, "rdkafka"),
    (Lang::Java, java::KAFKA_ROOTS[0]),
    (Lang::Java, java::KAFKA_ROOTS[1]),
    (Lang::Java, java::KAFKA_ROOTS[2]),
    (Lang::Java, java::KAFKA_ROOTS[3]),
    (Lang::Java, java::KAFKA_ROOTS[4]),
    (Lang::Java, java::KAFKA_ROOTS[5]),
    (Lang::Java, java::KAFKA_ROOTS[6]),
    (Lang::Java, java::SPRING_CORE),
    (Lang::Java, java::SPRING_SUPPORT),
    (Lang::Java, java::SPRING_ANNOTATION),
    (Lang::Java, java::SPRING_BOOT_ROOT),
];

/// A Kafka client library: an index into `Knowledge::libraries`. Teaching offsetlint a new
/// library is one `Library` entry (with its client types and methods) in `python.rs` or
/// `rust.rs`; no rule and no analysis changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LibId(pub u8);

/// Names a suggested fix uses (`TopicPartition`), imported from `module` when the file binds
/// none of them to the library: `from aiokafka.structs import TopicPartition`.
#[derive(Debug, Clone, Copy)]
pub struct FixImports {
    pub module: &'static str,
    pub names: &'static [&'static str],
}

impl FixImports {
    /// A fix that uses no name it must import.
    pub const NONE: FixImports = FixImports {
        module: "",
        names: &[],
    };
}

/// A form of OL101's replacement call (a `commit_fix` template, and its `commit_batch_fix`)
/// and the releases it runs with.
#[derive(Debug, Clone, Copy)]
pub struct FixForm {
    pub template: &'static str,
    pub batch: Option<&'static str>,
    pub runs: version::Since<bool>,
}

/// One client library and what the rules say about it.
#[derive(Debug, Clone)]
pub struct Library {
    /// Display name (`confluent-kafka`, `rdkafka`).
    pub name: &'static str,
    pub lang: Lang,
    /// Top-level modules / crates that import it (`confluent_kafka`).
    pub roots: &'static [&'static str],
    /// librdkafka-based: has an offset store (`enable.auto.offset.store`, OL101).
    pub offset_store: bool,
    /// How delivery is observed (OL201 help).
    pub delivery_hint: &'static str,
    /// How a flush result is checked (OL202 help).
    pub flush_hint: &'static str,
    /// The same, where errors cannot be propagated (Rust: no `?` in a function returning
    /// `()` or in `Drop::drop`).
    pub delivery_hint_local: &'static str,
    pub flush_hint_local: &'static str,
    /// OL101's replacement call: `{receiver}`, `{method}`, `{message}`, `{before}` (the call's
    /// positional arguments, each followed by `, `), `{args}` (its keyword arguments, each
    /// preceded by `, `; in Rust every argument), `{kw=NAME}` (the keyword the message is
    /// passed as: NAME, or a wrapper's parameter), `{kw}` (a keyword only where a wrapper
    /// takes the value by name) and `{last_arg=DEFAULT}` are filled in.
    pub commit_fix: &'static str,
    /// The same for a batch (`{message}` is the batch): the offsets of the last message of
    /// each partition, plus one. `None`: no call form (the help says what to commit).
    pub commit_batch_fix: Option<&'static str>,
    /// The names `commit_batch_fix` uses that the file must bind.
    pub commit_batch_imports: FixImports,
    /// Its single-message poll returns a result still to unwrap (rdkafka's `recv().await`
    /// is a `KafkaResult`, `poll()` an `Option` of one): the bound name is not a message.
    pub poll_wraps_result: bool,
    /// Callbacks run on a rebalance, where no message is at hand: a commit there has no
    /// message form (`pre_rebalance`, `on_partitions_revoked`).
    pub rebalance_callbacks: &'static [&'static str],
    /// The names `commit_fix` uses that the file must bind, and where they are imported from.
    pub commit_fix_imports: FixImports,
    /// When no one form of `commit_fix` runs with every release of the library: its forms
    /// and the releases each runs with. The first that runs with every version the project
    /// allows is suggested; with none (no version known, or versions that need different
    /// forms) nothing is, and `commit_fix_unversioned` says why. Empty: `commit_fix` runs
    /// with every release.
    pub commit_fix_versions: &'static [FixForm],
    pub commit_fix_unversioned: &'static str,
    /// What OL101's help adds about the library's position-wide commit (kafka-clients: its
    /// javadoc teaches the bare `commitSync()`); empty for none.
    pub bare_commit_note: &'static str,
    /// OL101's suggestion is offered as a fix. Not for Java yet: its replacement needs
    /// imports (`Map`, `TopicPartition`, `OffsetAndMetadata`) that fixes cannot add in Java.
    pub offers_commit_fix: bool,
    /// The consumer configuration keys OL105 reads.
    pub auto_commit: AutoCommitKeys,
    /// The producer configuration keys OL205 reads.
    pub acks: AcksKeys,
    /// The settings `offsetlint inventory` reports, with their defaults.
    pub durability: &'static durability::Durability,
}

/// How a library's producer configuration sets its acknowledgement level (OL205).
#[derive(Debug, Clone)]
pub struct AcksKeys {
    /// The keys that set it (`acks`, librdkafka's alias `request.required.acks`).
    pub keys: &'static [&'static str],
    /// Left unset, the client waits for the leader alone (aiokafka's `acks=1`; kafka-python's
    /// through 2.3), by release.
    pub weak_default: version::Since<bool>,
    /// Settings that make the default wait for every in-sync replica when set (aiokafka:
    /// `enable_idempotence=True`, and a `transactional_id`, which turns idempotence on).
    pub idempotence: &'static [&'static str],
    /// What to set instead.
    pub help: &'static str,
}

/// How a library's consumer configuration names its group and automatic commits (OL105).
#[derive(Debug, Clone)]
pub struct AutoCommitKeys {
    /// The group (`group.id`, `group_id`): without one nothing is committed.
    pub group: &'static str,
    /// Automatic commits, on by default (`enable.auto.commit`, `enable_auto_commit`).
    pub commit: &'static str,
    /// The automatic offset store, on by default (librdkafka's `enable.auto.offset.store`).
    pub store: Option<&'static str>,
    /// Whether automatic commits are on when the configuration leaves `commit` unset (Spring
    /// Boot's listener containers turn them off: java.md §1.3).
    pub on_by_default: bool,
    /// Whether the client refuses an explicit `commit = true` without a group, so that one
    /// set after entries of unknown content tells a group is among them (kafka-clients:
    /// `ConsumerConfig.maybeOverrideEnableAutoCommit`, 3.9).
    pub true_needs_group: bool,
    /// Whether the group may be given outside the configuration (Spring Boot's listener
    /// containers take it from `@KafkaListener(groupId = ..)`): an unset group is unknown,
    /// not absent.
    pub group_elsewhere: bool,
    /// What to do instead.
    pub help: &'static str,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    Consumer,
    Producer,
}

impl Role {
    pub fn display(self) -> &'static str {
        match self {
            Role::Consumer => "consumer",
            Role::Producer => "producer",
        }
    }
}

/// How a client's construction passes its configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConfigStyle {
    /// confluent-kafka: a dict as first argument, plus keyword arguments merged into it.
    DictAndKwargs,
    /// aiokafka / kafka-python: keyword arguments (`group_id=`, `enable_auto_commit=`).
    Kwargs,
    /// rdkafka: a `ClientConfig::new().set(k, v)...create()` builder chain.
    Builder,
}

/// A Kafka client type (or trait, for Rust `impl Consumer` / `C: Consumer`).
#[derive(Debug, Clone)]
pub struct ClientType {
    pub lib: LibId,
    /// Top-level module or crate (`confluent_kafka`, `rdkafka`); a qualified path matches when
    /// it starts with this root and ends with `name`, so re-exports (`kafka.consumer.group.
    /// KafkaConsumer`) resolve too.
    pub root: String,
    pub name: String,
    pub role: Role,
    pub config: ConfigStyle,
    /// A type declared in configuration: the built-in type whose methods it has
    /// (`ReliableConsumer` behaves as `Consumer`).
    pub behaves_as: Option<String>,
    /// A declared type's module (`[mypkg, kafka]`): importing it makes a file a Kafka file
    /// for the receiver heuristic. Empty for the built-in types (their root is enough).
    pub module: Vec<String>,
}

/// What a call declared in configuration does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeclaredKind {
    /// Commits the message it is given on the consumer given as its first argument
    /// (`commit_message(consumer, msg)`).
    CommitHelper,
    /// Produces on the producer given as its first argument and returns only once the broker
    /// acknowledged the record, raising otherwise (`safe_produce(producer, topic, value)`).
    ConfirmedProduce,
    /// Returns only once every record produced before it was delivered, raising otherwise
    /// (`tracker.confirm()`, `wait_for_delivery(producer)`).
    DeliveryCheck,
}

/// A function (or a method, `Class.method`) declared in configuration, by qualified path.
#[derive(Debug, Clone, PartialEq)]
pub struct DeclaredCall {
    pub path: Vec<String>,
    pub kind: DeclaredKind,
}

/// A function declared in configuration whose result is a client of `client`'s type.
#[derive(Debug, Clone)]
pub struct Factory {
    pub path: Vec<String>,
    pub client: ClientType,
}

/// Whether a qualified path `q` names the declared path `declared`: the same path, or a
/// re-export of it at the top of its package (same first segment, same last name), as the
/// built-in client types match.
pub fn declared_matches(declared: &[String], q: &[String]) -> bool {
    q == declared
        || q.len() >= 2
            && declared.len() >= 2
            && q.first() == declared.first()
            && q.last() == declared.last()
}

/// Where a call's argument may be: by keyword, or at a positional index.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ArgSlot {
    pub keywords: Vec<String>,
    pub position: Option<usize>,
}

impl ArgSlot {
    pub fn new(keywords: &[&str], position: Option<usize>) -> Self {
        ArgSlot {
            keywords: keywords.iter().map(|k| k.to_string()).collect(),
            position,
        }
    }
}

/// What a produce call needs for its delivery to be observed (OL201).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallbackPolicy {
    /// confluent-kafka: a callback argument, or a global `on_delivery` in a visible config.
    ArgOrVisibleConfig,
    /// rdkafka BaseProducer / ThreadedProducer: the client's context carries the delivery
    /// callback; only a visibly default context (`create()`) is known to have none.
    ClientContext,
}

/// The meaning of a Kafka client method. Rules match on these, never on method names.
#[derive(Debug, Clone)]
pub enum Op {
    /// A commit; position-wide when `offsets` is absent or derived from a position query.
    Commit {
        offsets: ArgSlot,
    },
    /// Always commits the consumer's current position (`commit_consumer_state`).
    CommitPosition,
    /// Commits one given message (`commit_message`).
    CommitMessage,
    StoreOffsets,
    Seek,
    /// Queries the consumer's position or assignment (`position()`, `assignment()`).
    Position,
    /// Queues a record; delivery is reported through a callback.
    Produce {
        callback: ArgSlot,
        policy: CallbackPolicy,
    },
    /// Queues a record and returns a delivery handle: reaching the delivery outcome takes
    /// `awaits` awaits (or a blocking method such as `.get()`); `raises` says whether a
    /// failed outcome raises (Python) rather than being a value to inspect (Rust `Result`).
    Send {
        awaits: u8,
        raises: bool,
        /// The position of a callback argument that observes the delivery instead
        /// (kafka-clients `send(record, callback)`).
        callback: Option<usize>,
    },
    /// Waits for queued records; `returns_result` when it reports what is still queued.
    Flush {
        returns_result: bool,
    },
    /// Fetches messages: one (`poll()`, `getone()`, `recv()`), or a batch (`consume()`,
    /// `getmany()`, kafka-python's `poll()` dict, a stream).
    Poll {
        single: bool,
    },
    /// A step of a producer transaction; a failed commit reports after `awaits` awaits, and
    /// `raises` (Python) rather than returning an `Err` (Rust).
    Transaction {
        step: TxStep,
        awaits: u8,
        raises: bool,
    },
}

/// A step of a producer transaction (OL201: sends between a begin and a commit whose failure
/// is observed are confirmed by that commit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TxStep {
    Begin,
    /// Fails when any delivery in the transaction failed.
    Commit,
    /// A context manager that begins, and commits on leaving (aiokafka's `transaction()`).
    Scope,
    /// Rolls the transaction back: a handler that aborts has seen the commit's failure.
    Abort,
}

/// A method of a Kafka client.
#[derive(Debug, Clone)]
pub struct MethodSpec {
    pub lib: LibId,
    pub role: Role,
    /// Client type names this applies to; empty means every type of that role.
    pub types: Vec<&'static str>,
    pub name: &'static str,
    pub op: Op,
    /// An `async` method: its call is awaited. A heuristic receiver whose call of a
    /// synchronous method is awaited is not this library's client.
    pub asynchronous: bool,
}

/// A call that takes an offset or position (OL301 sinks) beyond the client methods.
#[derive(Debug, Clone)]
pub enum SinkSpec {
    /// A constructor or function by root module and trailing path (`TopicPartition`,
    /// `Offset::Offset`).
    Path {
        roots: Vec<String>,
        suffix: Vec<String>,
    },
    /// A method with this name on any receiver, in a file that imports the library.
    Method { lib: LibId, name: String },
    /// A configured checkpoint/watermark writer: any call whose dotted name ends with this.
    Writer { suffix: Vec<String> },
}

/// All API knowledge for one run.
#[derive(Debug, Clone)]
pub struct Knowledge {
    pub libraries: Vec<Library>,
    pub clients: Vec<ClientType>,
    pub methods: Vec<MethodSpec>,
    pub sinks: Vec<SinkSpec>,
    /// Methods on a builder (`ClientConfig`) that set one entry: `set(key, value)`.
    pub config_setters: Vec<&'static str>,
    /// Builder methods that construct a client with the default context (`create`) or with
    /// a custom one (`create_with_context`).
    pub builder_create: Vec<&'static str>,
    pub builder_create_with_context: Vec<&'static str>,
    /// Associated constructors: with the default context (`from_config(&cfg)`), and with the
    /// context passed last (`from_config_and_context(&cfg, ctx)`).
    pub from_config: Vec<&'static str>,
    pub from_config_with_context: Vec<&'static str>,
    /// Context types that do nothing: a producer with one has no delivery callback (OL201).
    pub default_contexts: Vec<&'static str>,
    /// The context method that receives each delivery report.
    pub delivery_method: &'static str,
    /// Rust builder roots: `ClientConfig::new()`.
    pub builder_types: Vec<(String, String)>,
    pub llm: LlmKnowledge,
    pub network: NetworkKnowledge,
    /// Per-language words the analyses look through or classify.
    pub vocab: vocab::Vocabulary,
    /// The literal prefilter over words derived from the tables (`prefilter_words`): library
    /// roots make importers relevant too; task spawns (OL203) concern their own file only.
    pub prefilter: prefilter::Prefilter,
    /// Isolation boundaries (OL4xx).
    pub boundaries: Vec<boundary::Boundary>,
    /// Failure classification of caught types and error patterns (OL102, OL103, OL202).
    pub failure: failure::FailureKnowledge,
    /// Task spawns (OL203).
    pub tasks: tasks::TaskKnowledge,
    /// Functions declared in configuration whose result is a client.
    pub factories: Vec<Factory>,
    /// Calls declared in configuration: commit helpers, confirmed produces, delivery checks.
    pub declared_calls: Vec<DeclaredCall>,
    /// Top-level modules of declared types and functions: the literal prefilter's extra words.
    pub declared_roots: Vec<String>,
}

impl Default for Knowledge {
    fn default() -> Self {
        let mut k = Knowledge {
            libraries: Vec::new(),
            clients: Vec::new(),
            methods: Vec::new(),
            sinks: Vec::new(),
            config_setters: vec!["set"],
            builder_create: vec!["create"],
            builder_create_with_context: vec!["create_with_context"],
            from_config: vec!["from_config"],
            from_config_with_context: vec!["from_config_and_context"],
            default_contexts: vec!["DefaultProducerContext", "DefaultClientContext"],
            delivery_method: "delivery",
            builder_types: vec![("rdkafka".into(), "ClientConfig".into())],
            llm: LlmKnowledge::default(),
            network: NetworkKnowledge::default(),
            vocab: vocab::Vocabulary::default(),
            prefilter: prefilter::Prefilter::default(),
            boundaries: boundary::builtin(),
            failure: failure::FailureKnowledge::default(),
            tasks: tasks::TaskKnowledge::default(),
            factories: Vec::new(),
            declared_calls: Vec::new(),
            declared_roots: Vec::new(),
        };
        python::register(&mut k);
        rust::register(&mut k);
        java::register(&mut k);
        k.refresh_prefilter();
        k
    }
}

impl Library {
    /// OL101's replacement call (for one message, and for a batch) for the versions of the
    /// library the project pins: `None` when no one form runs with all of them (see
    /// `commit_fix_versions`).
    pub fn commit_fix_for(&self, pins: &version::Pins) -> Option<FixForm> {
        if self.commit_fix_versions.is_empty() {
            return Some(FixForm {
                template: self.commit_fix,
                batch: self.commit_batch_fix,
                runs: &[],
            });
        }
        (self.commit_fix_versions.iter())
            .find(|form| pins.fact(self.name, form.runs) == Some(true))
            .copied()
    }
}

impl Knowledge {
    /// Registers a library with its client types; returns its id for the method rows.
    pub(crate) fn add_library(
        &mut self,
        library: Library,
        clients: &[(&str, Role, ConfigStyle)],
    ) -> LibId {
        let id = LibId(self.libraries.len() as u8);
        for &(name, role, config) in clients {
            for root in library.roots {
                self.clients.push(ClientType {
                    lib: id,
                    root: root.to_string(),
                    name: name.to_string(),
                    role,
                    config,
                    behaves_as: None,
                    module: Vec::new(),
                });
            }
        }
        self.libraries.push(library);
        id
    }

    /// Adds a library's method rows: (role, client types it applies to (empty: every type of
    /// the role), method name, what it does); `asynchronous` says which types are asyncio.
    pub(crate) fn add_methods(
        &mut self,
        lib: LibId,
        asynchronous: impl Fn(&[&str], &str) -> bool,
        rows: Vec<(Role, &'static [&'static str], &'static str, Op)>,
    ) {
        for (role, types, name, op) in rows {
            self.methods.push(MethodSpec {
                lib,
                role,
                asynchronous: asynchronous(types, name),
                types: types.to_vec(),
                name,
                op,
            });
        }
    }

    /// Declares a wrapper type at `path` that behaves as the client type `like`.
    pub fn declare_client(&mut self, path: &[String], like: &ClientType) {
        let (Some(root), Some(name)) = (path.first(), path.last()) else {
            return;
        };
        self.clients.push(ClientType {
            lib: like.lib,
            root: root.clone(),
            name: name.clone(),
            role: like.role,
            config: like.config,
            behaves_as: Some(like.behaves_as.clone().unwrap_or_else(|| like.name.clone())),
            module: path[..path.len() - 1].to_vec(),
        });
        self.declared_roots.push(root.clone());
    }

    /// Declares a factory function at `path` returning a client of type `client`.
    pub fn declare_factory(&mut self, path: &[String], client: &ClientType) {
        if let Some(root) = path.first() {
            self.declared_roots.push(root.clone());
        }
        self.factories.push(Factory {
            path: path.to_vec(),
            client: client.clone(),
        });
    }

    /// Declares a call (commit helper, confirmed produce, delivery check) at `path`.
    pub fn declare_call(&mut self, path: &[String], kind: DeclaredKind) {
        if let Some(root) = path.first() {
            self.declared_roots.push(root.clone());
        }
        self.declared_calls.push(DeclaredCall {
            path: path.to_vec(),
            kind,
        });
    }

    /// Recomputes the literal prefilter after declarations.
    pub fn refresh_prefilter(&mut self) {
        let importers = self.prefilter_words(false);
        let own: Vec<String> = self
            .prefilter_words(true)
            .into_iter()
            .filter(|w| !importers.contains(w))
            .collect();
        let with_own = |importers: Vec<String>| -> Vec<(String, bool)> {
            let own = own.iter().map(|w| (w.clone(), false));
            importers
                .into_iter()
                .map(|w| (w, true))
                .chain(own)
                .collect()
        };
        // Java sources: the library types instead of the libraries' roots.
        let mut declared = self.declared_roots.clone();
        declared.sort();
        declared.dedup();
        let java_roots = (self.libraries.iter())
            .filter(|l| l.lang == Lang::Java)
            .flat_map(|l| l.roots.iter().map(|r| r.to_string()))
            .collect();
        let java = prefilter::JavaWords {
            types: java::GATE_TYPES,
            roots: java_roots,
            models: self.llm.module_prefixes.clone(),
            words: with_own(declared),
        };
        self.prefilter = prefilter::Prefilter::new(with_own(importers), java);
    }

    /// The factory a qualified function path names.
    pub fn factory(&self, q: &[String]) -> Option<&Factory> {
        self.factories.iter().find(|f| declared_matches(&f.path, q))
    }

    /// The declared call a qualified path names.
    pub fn declared_call(&self, q: &[String]) -> Option<DeclaredKind> {
        self.declared_calls
            .iter()
            .find(|d| declared_matches(&d.path, q))
            .map(|d| d.kind)
    }

    /// The client type a declared wrapper path names exactly (a program class).
    pub fn declared_client(&self, q: &[String]) -> Option<&ClientType> {
        self.clients.iter().find(|c| {
            c.behaves_as.is_some()
                && q.len() == c.module.len() + 1
                && q.starts_with(&c.module)
                && q.last() == Some(&c.name)
        })
    }

    pub fn boundary(&self, kind: &str) -> Option<&boundary::Boundary> {
        self.boundaries.iter().find(|b| b.kind == kind)
    }

    pub fn lib(&self, id: LibId) -> &Library {
        &self.libraries[id.0 as usize]
    }

    /// Whether a file's bytes name anything a rule looks for (the literal prefilter).
    pub fn may_concern(&self, naming: prefilter::Naming, source: &[u8]) -> bool {
        self.prefilter.scan(naming, source).concerned
    }

    /// The words whose presence in a file's bytes means a rule may concern it (the literal
    /// prefilter), derived from the tables: library roots and task spawns (OL203).
    fn prefilter_words(&self, with_tasks: bool) -> Vec<String> {
        let mut words: Vec<String> = self
            .libraries
            .iter()
            .flat_map(|l| l.roots.iter().map(|r| r.to_string()))
            .chain(self.declared_roots.iter().cloned())
            .collect();
        words.sort();
        words.dedup();
        // OL203's Python form concerns any asyncio code, Kafka or not.
        if with_tasks {
            words.extend(self.tasks.prefilter_words());
        }
        words.sort();
        words.dedup();
        prefilter::drop_containing(&mut words);
        words
    }

    /// The client type a fully qualified path names.
    pub fn client_type(&self, path: &[String]) -> Option<&ClientType> {
        let (first, last) = (path.first()?, path.last()?);
        self.clients
            .iter()
            .find(|c| &c.root == first && &c.name == last)
    }

    /// Whether qualified path `q` names something of a client library (under one of its
    /// roots: `org.apache.kafka.clients.consumer.OffsetCommitCallback`).
    pub fn in_library(&self, q: &[String]) -> bool {
        let Some((_, package)) = q.split_last() else {
            return false;
        };
        let dotted = package.join(".");
        (self.libraries.iter()).any(|l| l.roots.iter().any(|r| *r == dotted))
    }

    /// The client types whose simple name is `name` and whose library root is `root`.
    pub fn client_named(&self, root: &str, name: &str) -> Option<&ClientType> {
        self.clients
            .iter()
            .find(|c| c.root == root && c.name == name)
    }

    /// The spec of `method` on a client of `lib`/`role`, for type `ty` when known.
    pub fn method(
        &self,
        lib: LibId,
        role: Role,
        ty: Option<&str>,
        method: &str,
    ) -> Option<&MethodSpec> {
        // A declared wrapper type has the methods of the type it behaves as.
        let ty = ty.map(|t| {
            self.clients
                .iter()
                .find(|c| c.lib == lib && c.name == t)
                .and_then(|c| c.behaves_as.as_deref())
                .unwrap_or(t)
        });
        self.methods.iter().find(|m| {
            m.lib == lib
                && m.role == role
                && m.name == method
                && (m.types.is_empty() || ty.is_some_and(|t| m.types.contains(&t)))
        })
    }

    /// The one type-specific `method` of `lib`/`role` that is (or is not) asynchronous, when
    /// the client type is unknown: `send(..).await` is `FutureProducer::send`.
    pub fn method_by_await(
        &self,
        lib: LibId,
        role: Role,
        method: &str,
        awaited: bool,
    ) -> Option<&MethodSpec> {
        let mut found = self.methods.iter().filter(|m| {
            m.lib == lib && m.role == role && m.name == method && m.asynchronous == awaited
        });
        let one = found.next()?;
        found.next().is_none().then_some(one)
    }

    /// Whether the builder type path (`[rdkafka, ClientConfig]` or a re-export) is a config.
    pub fn is_builder_type(&self, path: &[String]) -> bool {
        match (path.first(), path.last()) {
            (Some(first), Some(last)) => self
                .builder_types
                .iter()
                .any(|(root, name)| root == first && name == last),
            _ => false,
        }
    }
}

pub(crate) fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_roots_are_the_libraries_roots() {
        let k = Knowledge::default();
        let mut from_libraries: Vec<(Lang, &str)> = (k.libraries.iter())
            .flat_map(|l| l.roots.iter().map(move |r| (l.lang, *r)))
            .collect();
        let mut listed = CLIENT_ROOTS.to_vec();
        from_libraries.sort_by_key(|&(l, r)| (l as u8, r));
        listed.sort_by_key(|&(l, r)| (l as u8, r));
        assert_eq!(from_libraries, listed);
    }
}
