//! Rust Kafka client: rdkafka.

use super::{
    AcksKeys, ArgSlot, AutoCommitKeys, CallbackPolicy, ConfigStyle, FixImports, Knowledge, Library,
    Op, Role, SinkSpec, TxStep,
};
use crate::model::Lang;

#[rustfmt::skip]
pub(super) fn register(k: &mut Knowledge) {
    use ConfigStyle::Builder;
    use Role::*;
    // `Consumer` / `Producer` are the traits, for `impl Consumer` and `C: Consumer`.
    let rdkafka = k.add_library(
        Library {
            name: "rdkafka",
            lang: Lang::Rust,
            roots: &["rdkafka"],
            offset_store: true,
            delivery_hint: "`?` or `match` the delivery result, or keep the `DeliveryFuture` and await it",
            flush_hint: "propagate or handle it: `producer.flush(timeout)?`",
            delivery_hint_local: "`match` the delivery result and record failures, or keep the `DeliveryFuture` and await it",
            flush_hint_local: "handle it: `if let Err(e) = producer.flush(timeout) { .. }`",
            commit_fix: "{receiver}.commit_message(&{message}, {last_arg=CommitMode::Async})",
            commit_fix_imports: FixImports::NONE,
            // rdkafka consumers receive one message at a time.
            commit_batch_fix: None,
            commit_batch_imports: FixImports::NONE,
            poll_wraps_result: true,
            rebalance_callbacks: &["pre_rebalance", "post_rebalance"],
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
                help: "set `enable.auto.commit` to `false` and commit each processed message (`commit_message(&m, mode)`), or set `enable.auto.offset.store` to `false` and store each processed message with `store_offset_from_message(&m)`",
            },
            acks: AcksKeys {
                keys: &["acks", "request.required.acks"],
                weak_default: &[(&[], false)],
                idempotence: &[],
                help: "set `acks` to `all` (`.set(\"acks\", \"all\")`, librdkafka's default) so that a write is acknowledged once every in-sync replica has it",
            },
            durability: &super::durability::LIBRDKAFKA,
        },
        &[
            ("BaseConsumer", Consumer, Builder),
            ("StreamConsumer", Consumer, Builder),
            ("Consumer", Consumer, Builder),
            ("BaseProducer", Producer, Builder),
            ("ThreadedProducer", Producer, Builder),
            ("FutureProducer", Producer, Builder),
            ("Producer", Producer, Builder),
        ],
    );
    // `FutureProducer::send` and `StreamConsumer::recv` are the async methods.
    let asynchronous = |types: &[&str], name: &str| {
        matches!((types, name), (["FutureProducer"], "send") | (_, "recv"))
    };
    k.add_methods(rdkafka, asynchronous, vec![
        (Consumer, &[], "commit", Op::Commit { offsets: ArgSlot::new(&[], Some(0)) }),
        (Consumer, &[], "commit_consumer_state", Op::CommitPosition),
        (Consumer, &[], "commit_message", Op::CommitMessage),
        (Consumer, &[], "store_offset", Op::StoreOffsets),
        (Consumer, &[], "store_offsets", Op::StoreOffsets),
        (Consumer, &[], "store_offset_from_message", Op::StoreOffsets),
        (Consumer, &[], "seek", Op::Seek),
        (Consumer, &[], "seek_partitions", Op::Seek),
        (Consumer, &[], "position", Op::Position),
        (Consumer, &[], "assignment", Op::Position),
        (Consumer, &[], "poll", Op::Poll { single: true }),
        (Consumer, &[], "recv", Op::Poll { single: true }),
        (Consumer, &[], "stream", Op::Poll { single: false }),
        (Consumer, &[], "iter", Op::Poll { single: false }),
        (Producer, &["BaseProducer", "ThreadedProducer"], "send", Op::Produce {
            callback: ArgSlot::default(),
            policy: CallbackPolicy::ClientContext,
        }),
        // FutureProducer::send is async and resolves to the delivery `Result`; send_result
        // returns `Result<DeliveryFuture, _>` right away.
        (Producer, &["FutureProducer"], "send", Op::Send { awaits: 1, raises: false, callback: None }),
        (Producer, &["FutureProducer"], "send_result", Op::Send { awaits: 1, raises: false, callback: None }),
        // rdkafka before 0.23: `send_copy` returns the `DeliveryFuture` right away.
        (Producer, &["FutureProducer"], "send_copy", Op::Send { awaits: 1, raises: false, callback: None }),
        (Producer, &[], "flush", Op::Flush { returns_result: true }),
        (Producer, &[], "begin_transaction", Op::Transaction { step: TxStep::Begin, awaits: 0, raises: false }),
        (Producer, &[], "commit_transaction", Op::Transaction { step: TxStep::Commit, awaits: 0, raises: false }),
        (Producer, &[], "abort_transaction", Op::Transaction { step: TxStep::Abort, awaits: 0, raises: false }),
    ]);

    k.sinks.push(SinkSpec::Path {
        roots: super::strings(&["rdkafka"]),
        suffix: super::strings(&["Offset", "Offset"]),
    });
    for name in ["add_partition_offset", "set_partition_offset", "set_all_offsets"] {
        k.sinks.push(SinkSpec::Method { lib: rdkafka, name: name.into() });
    }
}
