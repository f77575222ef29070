//! Rust Kafka client: rdkafka.

use super::{
    strings, ArgSlot, CallbackPolicy, ClientType, ConfigStyle, Knowledge, Lib, MethodSpec, Op,
    Role, SinkSpec,
};

pub(super) fn register(k: &mut Knowledge) {
    use Role::*;
    // `Consumer` / `Producer` are the traits, for `impl Consumer` and `C: Consumer`.
    let clients: &[(&str, Role)] = &[
        ("BaseConsumer", Consumer),
        ("StreamConsumer", Consumer),
        ("Consumer", Consumer),
        ("BaseProducer", Producer),
        ("ThreadedProducer", Producer),
        ("FutureProducer", Producer),
        ("Producer", Producer),
    ];
    for &(name, role) in clients {
        k.clients.push(ClientType {
            lib: Lib::Rdkafka,
            root: "rdkafka".into(),
            name: name.into(),
            role,
            config: ConfigStyle::Builder,
        });
    }

    // `FutureProducer::send` and `StreamConsumer::recv` are the async methods.
    let m = |role, types: &[&'static str], name, op| MethodSpec {
        lib: Lib::Rdkafka,
        role,
        asynchronous: matches!((types, name), (["FutureProducer"], "send") | (_, "recv")),
        types: types.to_vec(),
        name,
        op,
    };
    k.methods.extend([
        m(
            Consumer,
            &[],
            "commit",
            Op::Commit {
                offsets: ArgSlot::new(&[], Some(0)),
            },
        ),
        m(Consumer, &[], "commit_consumer_state", Op::CommitPosition),
        m(Consumer, &[], "commit_message", Op::CommitMessage),
        m(Consumer, &[], "store_offset", Op::StoreOffsets),
        m(Consumer, &[], "store_offsets", Op::StoreOffsets),
        m(Consumer, &[], "store_offset_from_message", Op::StoreOffsets),
        m(Consumer, &[], "seek", Op::Seek),
        m(Consumer, &[], "seek_partitions", Op::Seek),
        m(Consumer, &[], "position", Op::Position),
        m(Consumer, &[], "assignment", Op::Position),
        m(Consumer, &[], "poll", Op::Poll),
        m(Consumer, &[], "recv", Op::Poll),
        m(Consumer, &[], "stream", Op::Poll),
        m(
            Producer,
            &["BaseProducer", "ThreadedProducer"],
            "send",
            Op::Produce {
                callback: ArgSlot::default(),
                policy: CallbackPolicy::ClientContext,
            },
        ),
        // FutureProducer::send is async and resolves to the delivery `Result`;
        // send_result returns `Result<DeliveryFuture, _>` right away.
        m(
            Producer,
            &["FutureProducer"],
            "send",
            Op::Send {
                awaits: 1,
                raises: false,
            },
        ),
        m(
            Producer,
            &["FutureProducer"],
            "send_result",
            Op::Send {
                awaits: 1,
                raises: false,
            },
        ),
        m(
            Producer,
            &[],
            "flush",
            Op::Flush {
                returns_result: true,
            },
        ),
    ]);

    let roots = strings(&["rdkafka"]);
    k.sinks.push(SinkSpec::Path {
        roots,
        suffix: strings(&["Offset", "Offset"]),
    });
    for name in [
        "add_partition_offset",
        "set_partition_offset",
        "set_all_offsets",
    ] {
        k.sinks.push(SinkSpec::Method {
            lib: Lib::Rdkafka,
            name: name.into(),
        });
    }
}
