//! Python Kafka clients: confluent-kafka, aiokafka, kafka-python.

use super::{
    strings, ArgSlot, CallbackPolicy, ClientType, ConfigStyle, Knowledge, Lib, MethodSpec, Op,
    Role, SinkSpec,
};

pub(super) fn register(k: &mut Knowledge) {
    use ConfigStyle::*;
    use Lib::*;
    use Role::*;
    let clients: &[(Lib, &str, &str, Role, ConfigStyle)] = &[
        (
            ConfluentKafka,
            "confluent_kafka",
            "Consumer",
            Consumer,
            DictAndKwargs,
        ),
        (
            ConfluentKafka,
            "confluent_kafka",
            "DeserializingConsumer",
            Consumer,
            DictAndKwargs,
        ),
        (
            ConfluentKafka,
            "confluent_kafka",
            "AIOConsumer",
            Consumer,
            DictAndKwargs,
        ),
        (
            ConfluentKafka,
            "confluent_kafka",
            "Producer",
            Producer,
            DictAndKwargs,
        ),
        (
            ConfluentKafka,
            "confluent_kafka",
            "SerializingProducer",
            Producer,
            DictAndKwargs,
        ),
        (
            ConfluentKafka,
            "confluent_kafka",
            "AIOProducer",
            Producer,
            DictAndKwargs,
        ),
        (Aiokafka, "aiokafka", "AIOKafkaConsumer", Consumer, Kwargs),
        (Aiokafka, "aiokafka", "AIOKafkaProducer", Producer, Kwargs),
        (KafkaPython, "kafka", "KafkaConsumer", Consumer, Kwargs),
        (KafkaPython, "kafka", "KafkaProducer", Producer, Kwargs),
    ];
    for &(lib, root, name, role, config) in clients {
        k.clients.push(ClientType {
            lib,
            root: root.into(),
            name: name.into(),
            role,
            config,
        });
    }

    // aiokafka is asyncio throughout; confluent-kafka's AIO classes are listed by type below.
    let m = |lib, role, types: &[&'static str], name, op| MethodSpec {
        lib,
        role,
        asynchronous: lib == Aiokafka || types.iter().any(|t| t.starts_with("AIO")),
        types: types.to_vec(),
        name,
        op,
    };
    let confluent_callback = ArgSlot::new(&["on_delivery", "callback"], Some(4));
    k.methods.extend([
        // confluent-kafka: commit(message=None, offsets=None, asynchronous=True)
        m(
            ConfluentKafka,
            Consumer,
            &[],
            "commit",
            Op::Commit {
                offsets: ArgSlot::new(&["message", "offsets"], Some(0)),
            },
        ),
        m(
            ConfluentKafka,
            Consumer,
            &[],
            "store_offsets",
            Op::StoreOffsets,
        ),
        m(ConfluentKafka, Consumer, &[], "seek", Op::Seek),
        m(ConfluentKafka, Consumer, &[], "position", Op::Position),
        m(ConfluentKafka, Consumer, &[], "assignment", Op::Position),
        m(ConfluentKafka, Consumer, &[], "poll", Op::Poll),
        m(ConfluentKafka, Consumer, &[], "consume", Op::Poll),
        // AIOProducer.produce returns a future that resolves on delivery.
        m(
            ConfluentKafka,
            Producer,
            &["AIOProducer"],
            "produce",
            Op::Send {
                awaits: 2,
                raises: true,
            },
        ),
        m(
            ConfluentKafka,
            Producer,
            &[],
            "produce",
            Op::Produce {
                callback: confluent_callback,
                policy: CallbackPolicy::ArgOrVisibleConfig,
            },
        ),
        m(
            ConfluentKafka,
            Producer,
            &[],
            "flush",
            Op::Flush {
                returns_result: true,
            },
        ),
        // aiokafka: commit(offsets=None); send() is a coroutine returning a delivery future.
        m(
            Aiokafka,
            Consumer,
            &[],
            "commit",
            Op::Commit {
                offsets: ArgSlot::new(&["offsets"], Some(0)),
            },
        ),
        m(Aiokafka, Consumer, &[], "seek", Op::Seek),
        m(Aiokafka, Consumer, &[], "position", Op::Position),
        m(Aiokafka, Consumer, &[], "getone", Op::Poll),
        m(Aiokafka, Consumer, &[], "getmany", Op::Poll),
        m(
            Aiokafka,
            Producer,
            &[],
            "send",
            Op::Send {
                awaits: 2,
                raises: true,
            },
        ),
        m(
            Aiokafka,
            Producer,
            &[],
            "flush",
            Op::Flush {
                returns_result: false,
            },
        ),
        // kafka-python: commit(offsets=None), commit_async(offsets=None, callback=None);
        // send() returns a FutureRecordMetadata.
        m(
            KafkaPython,
            Consumer,
            &[],
            "commit",
            Op::Commit {
                offsets: ArgSlot::new(&["offsets"], Some(0)),
            },
        ),
        m(
            KafkaPython,
            Consumer,
            &[],
            "commit_async",
            Op::Commit {
                offsets: ArgSlot::new(&["offsets"], Some(0)),
            },
        ),
        m(KafkaPython, Consumer, &[], "seek", Op::Seek),
        m(KafkaPython, Consumer, &[], "position", Op::Position),
        m(KafkaPython, Consumer, &[], "poll", Op::Poll),
        m(
            KafkaPython,
            Producer,
            &[],
            "send",
            Op::Send {
                awaits: 1,
                raises: true,
            },
        ),
        m(
            KafkaPython,
            Producer,
            &[],
            "flush",
            Op::Flush {
                returns_result: false,
            },
        ),
    ]);

    let roots = strings(&["confluent_kafka", "aiokafka", "kafka"]);
    for ctor in ["TopicPartition", "OffsetAndMetadata"] {
        k.sinks.push(SinkSpec::Path {
            roots: roots.clone(),
            suffix: strings(&[ctor]),
        });
    }
}
