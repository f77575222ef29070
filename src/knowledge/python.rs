//! Python Kafka clients: confluent-kafka, aiokafka, kafka-python. One block per library.

use super::{
    AcksKeys, ArgSlot, AutoCommitKeys, CallbackPolicy, ConfigStyle, FixForm, FixImports, Knowledge,
    Library, Op, Role, SinkSpec, TxStep,
};
use crate::model::Lang;

/// OL101's fix names for aiokafka: `aiokafka.structs` has both in every release.
const STRUCTS_AIOKAFKA: FixImports = FixImports {
    module: "aiokafka.structs",
    names: &["TopicPartition", "OffsetAndMetadata"],
};

/// OL101's fix for kafka-python 2.0 and 3.0 and later: `OffsetAndMetadata(offset, metadata)`.
const KAFKA_PYTHON_FIX: &str = "{receiver}.{method}({before}{kw}{TopicPartition({message}.topic, {message}.partition): OffsetAndMetadata({message}.offset + 1, \"\")}{args})";
/// ... for kafka-python 2.1 to 2.3, where `leader_epoch` is a field without a default (-1:
/// unknown).
const KAFKA_PYTHON_FIX_EPOCH: &str = "{receiver}.{method}({before}{kw}{TopicPartition({message}.topic, {message}.partition): OffsetAndMetadata({message}.offset + 1, \"\", -1)}{args})";

const TOPIC_PARTITION_CONFLUENT: FixImports = FixImports {
    module: "confluent_kafka",
    names: &["TopicPartition"],
};

const OFFSET_AIOKAFKA: FixImports = FixImports {
    module: "aiokafka.structs",
    names: &["OffsetAndMetadata"],
};

const OFFSET_KAFKA_PYTHON: FixImports = FixImports {
    module: "kafka.structs",
    names: &["OffsetAndMetadata"],
};

/// `getmany()` / kafka-python's `poll()`: a map of partition to its messages.
const PARTITION_MAP_BATCH: &str = "{receiver}.{method}({before}{kw}{tp: OffsetAndMetadata(records[-1].offset + 1, \"\") for tp, records in {message}.items() if records}{args})";
/// The same batch form for kafka-python 2.1 to 2.3.
const PARTITION_MAP_BATCH_EPOCH: &str = "{receiver}.{method}({before}{kw}{tp: OffsetAndMetadata(records[-1].offset + 1, \"\", -1) for tp, records in {message}.items() if records}{args})";

const STRUCTS_KAFKA_PYTHON: FixImports = FixImports {
    module: "kafka.structs",
    names: &["TopicPartition", "OffsetAndMetadata"],
};

#[rustfmt::skip]
pub(super) fn register(k: &mut Knowledge) {
    use ConfigStyle::*;
    use Role::*;

    // confluent-kafka: commit(message=None, offsets=None, asynchronous=True); produce(topic,
    // value, key, partition, on_delivery, ...); flush(timeout) returns the queue length.
    let confluent = k.add_library(
        Library {
            name: "confluent-kafka",
            lang: Lang::Python,
            roots: &["confluent_kafka"],
            offset_store: true,
            delivery_hint: "pass `on_delivery=callback` and record failures",
            flush_hint: "check it: `if producer.flush(timeout): ...` (it returns how many messages are still queued)",
            delivery_hint_local: "pass `on_delivery=callback` and record failures",
            flush_hint_local: "check it: `if producer.flush(timeout): ...` (it returns how many messages are still queued)",
            commit_fix: "{receiver}.{method}({before}{kw=message}{message}{args})",
            commit_fix_imports: FixImports::NONE,
            // `consume(n)`: a list in poll order, so the last offset seen per partition wins.
            commit_batch_fix: Some("{receiver}.{method}({before}offsets=[TopicPartition(t, p, o + 1) for (t, p), o in {(m.topic(), m.partition()): m.offset() for m in {message}}.items()]{args})"),
            commit_batch_imports: TOPIC_PARTITION_CONFLUENT,
            poll_wraps_result: false,
            rebalance_callbacks: &["on_revoke", "on_assign", "on_lost"],
            commit_fix_versions: &[],
            commit_fix_unversioned: "",
            bare_commit_note: "",
            offers_commit_fix: true,
            auto_commit: AutoCommitKeys {
                group: "group.id",
                commit: "enable.auto.commit",
                store: Some("enable.auto.offset.store"),
                on_by_default: true,
                true_needs_group: false,
                group_elsewhere: false,
                help: "set `\"enable.auto.commit\": False` and commit each processed message (`commit(message=msg)`), or set `\"enable.auto.offset.store\": False` and store each processed message with `store_offsets(message=msg)`",
            },
            acks: AcksKeys {
                keys: &["acks", "request.required.acks"],
                weak_default: &[(&[], false)],
                idempotence: &[],
                help: "set `\"acks\": \"all\"` (librdkafka's default) so that a write is acknowledged once every in-sync replica has it",
            },
            durability: &super::durability::CONFLUENT,
        },
        &[
            ("Consumer", Consumer, DictAndKwargs),
            ("DeserializingConsumer", Consumer, DictAndKwargs),
            ("AIOConsumer", Consumer, DictAndKwargs),
            // `confluent_kafka.avro`'s (deprecated, still deployed): subclasses of the two.
            ("AvroConsumer", Consumer, DictAndKwargs),
            ("Producer", Producer, DictAndKwargs),
            ("SerializingProducer", Producer, DictAndKwargs),
            ("AvroProducer", Producer, DictAndKwargs),
            ("AIOProducer", Producer, DictAndKwargs),
        ],
    );
    // The AIO classes are the asyncio ones: every method a coroutine wrapping the
    // synchronous client's (confluent_kafka.aio). Their rows come first, so a typed AIO client
    // finds them, and an awaited call on a heuristic receiver finds the asynchronous one.
    k.add_methods(confluent, |types, _| types.iter().any(|t| t.starts_with("AIO")), vec![
        (Consumer, &["AIOConsumer"], "commit", Op::Commit { offsets: ArgSlot::new(&["message", "offsets"], Some(0)) }),
        (Consumer, &["AIOConsumer"], "store_offsets", Op::StoreOffsets),
        (Consumer, &["AIOConsumer"], "seek", Op::Seek),
        (Consumer, &["AIOConsumer"], "position", Op::Position),
        (Consumer, &["AIOConsumer"], "assignment", Op::Position),
        (Consumer, &["AIOConsumer"], "poll", Op::Poll { single: true }),
        (Consumer, &["AIOConsumer"], "consume", Op::Poll { single: false }),
        (Producer, &["AIOProducer"], "flush", Op::Flush { returns_result: true }),
        (Consumer, &[], "commit", Op::Commit { offsets: ArgSlot::new(&["message", "offsets"], Some(0)) }),
        (Consumer, &[], "store_offsets", Op::StoreOffsets),
        (Consumer, &[], "seek", Op::Seek),
        (Consumer, &[], "position", Op::Position),
        (Consumer, &[], "assignment", Op::Position),
        (Consumer, &[], "poll", Op::Poll { single: true }),
        (Consumer, &[], "consume", Op::Poll { single: false }),
        // AIOProducer.produce returns a future that resolves on delivery.
        (Producer, &["AIOProducer"], "produce", Op::Send { awaits: 2, raises: true, callback: None }),
        (Producer, &[], "produce", Op::Produce {
            callback: ArgSlot::new(&["on_delivery", "callback"], Some(4)),
            policy: CallbackPolicy::ArgOrVisibleConfig,
        }),
        (Producer, &[], "flush", Op::Flush { returns_result: true }),
        (Producer, &["AIOProducer"], "begin_transaction", Op::Transaction { step: TxStep::Begin, awaits: 1, raises: true }),
        (Producer, &["AIOProducer"], "commit_transaction", Op::Transaction { step: TxStep::Commit, awaits: 1, raises: true }),
        (Producer, &["AIOProducer"], "abort_transaction", Op::Transaction { step: TxStep::Abort, awaits: 1, raises: true }),
        (Producer, &[], "begin_transaction", Op::Transaction { step: TxStep::Begin, awaits: 0, raises: true }),
        (Producer, &[], "commit_transaction", Op::Transaction { step: TxStep::Commit, awaits: 0, raises: true }),
        (Producer, &[], "abort_transaction", Op::Transaction { step: TxStep::Abort, awaits: 0, raises: true }),
    ]);

    // aiokafka: asyncio throughout; commit(offsets=None); send() is a coroutine returning a
    // delivery future.
    let aiokafka = k.add_library(
        Library {
            name: "aiokafka",
            lang: Lang::Python,
            roots: &["aiokafka"],
            offset_store: false,
            delivery_hint: "use `send_and_wait(..)`, or keep the returned future and `await` it",
            flush_hint: "check it",
            delivery_hint_local: "use `send_and_wait(..)`, or keep the returned future and `await` it",
            flush_hint_local: "check it",
            commit_fix: "{receiver}.{method}({before}{kw}{TopicPartition({message}.topic, {message}.partition): OffsetAndMetadata({message}.offset + 1, \"\")}{args})",
            commit_fix_imports: STRUCTS_AIOKAFKA,
            commit_batch_fix: Some(PARTITION_MAP_BATCH),
            commit_batch_imports: OFFSET_AIOKAFKA,
            poll_wraps_result: false,
            rebalance_callbacks: &["on_partitions_revoked", "on_partitions_assigned", "on_partitions_lost"],
            commit_fix_versions: &[],
            commit_fix_unversioned: "",
            bare_commit_note: "",
            offers_commit_fix: true,
            auto_commit: AutoCommitKeys {
                group: "group_id",
                commit: "enable_auto_commit",
                store: None,
                on_by_default: true,
                true_needs_group: false,
                group_elsewhere: false,
                help: "pass `enable_auto_commit=False` and commit the offsets of processed messages",
            },
            acks: AcksKeys {
                keys: &["acks"],
                weak_default: &[(&[], true)],
                idempotence: &["enable_idempotence", "transactional_id"],
                help: "pass `enable_idempotence=True` (or `acks=\"all\"`): aiokafka's default is `acks=1`",
            },
            durability: &super::durability::AIOKAFKA,
        },
        &[
            ("AIOKafkaConsumer", Consumer, Kwargs),
            ("AIOKafkaProducer", Producer, Kwargs),
        ],
    );
    // `transaction()` returns its (async) context manager right away.
    k.add_methods(aiokafka, |_, name| name != "transaction", vec![
        (Consumer, &[], "commit", Op::Commit { offsets: ArgSlot::new(&["offsets"], Some(0)) }),
        (Consumer, &[], "seek", Op::Seek),
        (Consumer, &[], "position", Op::Position),
        (Consumer, &[], "getone", Op::Poll { single: true }),
        (Consumer, &[], "getmany", Op::Poll { single: false }),
        // `async for msg in consumer` / `await anext(consumer)`: one message.
        (Consumer, &[], "__anext__", Op::Poll { single: true }),
        (Producer, &[], "send", Op::Send { awaits: 2, raises: true, callback: None }),
        // A coroutine that sends and waits for the delivery: awaited once, it is confirmed.
        (Producer, &[], "send_and_wait", Op::Send { awaits: 1, raises: true, callback: None }),
        (Producer, &[], "flush", Op::Flush { returns_result: false }),
        (Producer, &[], "begin_transaction", Op::Transaction { step: TxStep::Begin, awaits: 1, raises: true }),
        (Producer, &[], "commit_transaction", Op::Transaction { step: TxStep::Commit, awaits: 1, raises: true }),
        (Producer, &[], "abort_transaction", Op::Transaction { step: TxStep::Abort, awaits: 1, raises: true }),
        (Producer, &[], "transaction", Op::Transaction { step: TxStep::Scope, awaits: 0, raises: true }),
    ]);

    // kafka-python: commit(offsets=None), commit_async(offsets=None, callback=None); send()
    // returns a FutureRecordMetadata.
    let kafka_python = k.add_library(
        Library {
            name: "kafka-python",
            lang: Lang::Python,
            roots: &["kafka"],
            offset_store: false,
            delivery_hint: "call `.get(timeout=..)` on the returned future, or `add_errback(..)`",
            flush_hint: "check it",
            delivery_hint_local: "call `.get(timeout=..)` on the returned future, or `add_errback(..)`",
            flush_hint_local: "check it",
            commit_fix: KAFKA_PYTHON_FIX,
            commit_fix_imports: STRUCTS_KAFKA_PYTHON,
            commit_batch_fix: Some(PARTITION_MAP_BATCH),
            commit_batch_imports: OFFSET_KAFKA_PYTHON,
            poll_wraps_result: false,
            rebalance_callbacks: &["on_partitions_revoked", "on_partitions_assigned"],
            // `OffsetAndMetadata` takes (offset, metadata) in 2.0, (offset, metadata,
            // leader_epoch) in 2.1 to 2.3, and has defaults for both from 3.0
            // (`kafka/structs.py` of each release): no one form runs with every release.
            commit_fix_versions: &[
                FixForm { template: KAFKA_PYTHON_FIX, batch: Some(PARTITION_MAP_BATCH), runs: &[(&[], true), (&[2, 1], false), (&[3, 0], true)] },
                FixForm { template: KAFKA_PYTHON_FIX_EPOCH, batch: Some(PARTITION_MAP_BATCH_EPOCH), runs: &[(&[], false), (&[2, 1], true), (&[3, 0], true)] },
            ],
            commit_fix_unversioned: "no replacement is suggested: kafka-python's `OffsetAndMetadata` takes `(offset, metadata)` in 2.0 and `(offset, metadata, leader_epoch)` in 2.1 to 2.3, and the project pins no kafka-python version that decides which (pin it in requirements.txt, pyproject.toml, setup.cfg or a lock file)",
            bare_commit_note: "",
            offers_commit_fix: true,
            auto_commit: AutoCommitKeys {
                group: "group_id",
                commit: "enable_auto_commit",
                store: None,
                on_by_default: true,
                true_needs_group: false,
                group_elsewhere: false,
                help: "pass `enable_auto_commit=False` and commit the offsets of processed messages",
            },
            acks: AcksKeys {
                keys: &["acks"],
                // `acks=1` through 2.3; `all`, with idempotence on, from 3.0.
                weak_default: &[(&[], true), (&[3, 0], false)],
                idempotence: &["enable_idempotence", "transactional_id"],
                help: "pass `acks=\"all\"` (kafka-python's default from 3.0) so that a write is acknowledged once every in-sync replica has it",
            },
            durability: &super::durability::KAFKA_PYTHON,
        },
        &[
            ("KafkaConsumer", Consumer, Kwargs),
            ("KafkaProducer", Producer, Kwargs),
        ],
    );
    k.add_methods(kafka_python, |_, _| false, vec![
        (Consumer, &[], "commit", Op::Commit { offsets: ArgSlot::new(&["offsets"], Some(0)) }),
        (Consumer, &[], "commit_async", Op::Commit { offsets: ArgSlot::new(&["offsets"], Some(0)) }),
        (Consumer, &[], "seek", Op::Seek),
        (Consumer, &[], "position", Op::Position),
        (Consumer, &[], "poll", Op::Poll { single: false }),
        // `for msg in consumer` / `msg = next(consumer)`: one message.
        (Consumer, &[], "__next__", Op::Poll { single: true }),
        (Producer, &[], "send", Op::Send { awaits: 1, raises: true, callback: None }),
        (Producer, &[], "flush", Op::Flush { returns_result: false }),
        (Producer, &[], "begin_transaction", Op::Transaction { step: TxStep::Begin, awaits: 0, raises: true }),
        (Producer, &[], "commit_transaction", Op::Transaction { step: TxStep::Commit, awaits: 0, raises: true }),
        (Producer, &[], "abort_transaction", Op::Transaction { step: TxStep::Abort, awaits: 0, raises: true }),
    ]);

    let roots = super::strings(&["confluent_kafka", "aiokafka", "kafka"]);
    for ctor in ["TopicPartition", "OffsetAndMetadata"] {
        k.sinks.push(SinkSpec::Path {
            roots: roots.clone(),
            suffix: super::strings(&[ctor]),
        });
    }
}
