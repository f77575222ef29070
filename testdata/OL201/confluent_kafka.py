"""Event publishers built on confluent-kafka.

OL201 fixture: `produce(...)` without a delivery callback is flagged unless the
producer's visible construction carries a global `on_delivery` (a config entry, also
through a `**spread` of a visible base, or a later `conf["on_delivery"] = cb` in the same
function). A spread of unseen content does not exempt: an exemption must be seen. Every flush result below is
checked so that OL202 stays quiet.
"""
import json
import logging

import confluent_kafka
from confluent_kafka import Producer, SerializingProducer
from confluent_kafka.serialization import StringSerializer

log = logging.getLogger(__name__)

BASE_CONF = {"bootstrap.servers": "localhost:9092", "enable.idempotence": True}


def on_delivery(err, msg) -> None:
    if err is not None:
        log.error("delivery to %s failed: %s", msg.topic(), err)


def drain(p: Producer) -> None:
    remaining = p.flush(30)  # result kept
    if remaining:
        raise RuntimeError(f"{remaining} records still queued")


def publish_plain(events: list) -> None:
    producer = Producer({"bootstrap.servers": "localhost:9092"})
    for event in events:
        producer.produce("events", json.dumps(event).encode())  # expect: OL201
        producer.poll(0)
    drain(producer)


def publish_keyword_value(events: list) -> None:
    producer = Producer({"bootstrap.servers": "localhost:9092", "linger.ms": 20})
    for event in events:
        producer.produce(  # expect: OL201
            topic="events",
            key=str(event["id"]),
            value=json.dumps(event).encode(),
        )
    drain(producer)


def publish_with_callbacks(events: list) -> None:
    producer = Producer({"bootstrap.servers": "localhost:9092"})
    for event in events:
        body = json.dumps(event).encode()
        producer.produce("events", value=body, on_delivery=on_delivery)  # on_delivery keyword
        producer.produce("events-audit", body, callback=on_delivery)  # callback keyword
        producer.produce("events-keyed", body, str(event["id"]), -1, on_delivery)  # positional callback slot
        producer.produce("events-part", body, str(event["id"]), 0)  # expect: OL201
        producer.poll(0)
    drain(producer)


def publish_splat(topic: str, body: bytes, extra: dict) -> None:
    producer = Producer(BASE_CONF)
    producer.produce(topic, value=body, **extra)  # **kwargs may carry the callback
    drain(producer)


def publish_global_callback(events: list) -> None:
    producer = Producer({"bootstrap.servers": "localhost:9092", "on_delivery": on_delivery})
    for event in events:
        producer.produce("events", json.dumps(event).encode())  # global on_delivery in the visible config
    drain(producer)


def publish_spread_config(events: list) -> None:
    producer = Producer({**BASE_CONF, "linger.ms": 5})
    for event in events:
        # BASE_CONF is visible (module constant) and has no on_delivery.
        producer.produce("events", json.dumps(event).encode())  # expect: OL201
    drain(producer)


def publish_spread_param(events: list, conf: dict) -> None:
    producer = Producer({**conf, "linger.ms": 5})
    for event in events:
        producer.produce("events", json.dumps(event).encode())  # expect: OL201
    drain(producer)


def publish_subscript_config(events: list) -> None:
    conf = {"bootstrap.servers": "localhost:9092", "acks": "all"}
    conf["on_delivery"] = on_delivery
    producer = Producer(conf)
    for event in events:
        producer.produce("events", json.dumps(event).encode())  # conf["on_delivery"] set above
    drain(producer)


def publish_module_qualified(rows: list) -> None:
    out = confluent_kafka.Producer({"bootstrap.servers": "localhost:9092"})
    for row in rows:
        out.produce("rows", value=json.dumps(row).encode())  # expect: OL201
    drain(out)


def publish_serializing(users: list) -> None:
    sp = SerializingProducer({
        "bootstrap.servers": "localhost:9092",
        "key.serializer": StringSerializer("utf_8"),
        "value.serializer": StringSerializer("utf_8"),
    })
    for user in users:
        sp.produce(topic="users", key=user["id"], value=json.dumps(user))  # expect: OL201
        sp.produce(topic="users-audit", key=user["id"], value=json.dumps(user), on_delivery=on_delivery)  # callback keyword
    drain(sp)


def forward(producer: Producer, topic: str, body: bytes) -> None:
    # Annotated parameter: construction not visible, so no global on_delivery benefit.
    producer.produce(topic, body)  # expect: OL201


def forward_heuristic(out_producer, topic: str, body: bytes) -> None:
    # Unannotated parameter: heuristic (file imports confluent_kafka, name contains "producer").
    out_producer.produce(topic, value=body)  # expect: OL201
    out_producer.produce(topic, value=body, on_delivery=on_delivery)  # callback keyword


class OutboxRelay:
    def __init__(self, conf: dict) -> None:
        self._sink = Producer(conf)

    def relay(self, rows: list) -> None:
        for row in rows:
            # Attribute set in __init__ from a config passed in: no visible on_delivery.
            self._sink.produce("outbox", value=json.dumps(row).encode())  # expect: OL201
            self._sink.produce("outbox-confirmed", value=json.dumps(row).encode(), on_delivery=on_delivery)  # callback keyword
        drain(self._sink)


class TopicProducer:
    """A wrapper defined in this file: its `produce` is not confluent-kafka's."""

    def produce(self, value: str) -> None:
        print(value)


class UsesWrapper:
    def __init__(self) -> None:
        self.topic_producer = TopicProducer()

    def run(self) -> None:
        self.topic_producer.produce("v")  # a local class, visibly not a Kafka client


class ReliableProducer(Producer):
    """Derives from confluent-kafka's Producer: its instances are Kafka producers."""


def send_through_subclass(conf: dict) -> None:
    producer = ReliableProducer(conf)
    producer.produce("orders", b"v")  # expect: OL201
    assert producer.flush(10) == 0


class VerifiableProducer:
    """Holds a producer whose config carries a global `on_delivery`."""

    def __init__(self, conf: dict) -> None:
        self.conf = dict(conf)
        self.conf["on_delivery"] = print
        self.producer = Producer(**self.conf)


class BareHolder:
    def __init__(self) -> None:
        self.producer = Producer({"bootstrap.servers": "b:9092"})


def run_holders(conf: dict) -> None:
    vp = VerifiableProducer(conf)
    vp.producer.produce("t", b"v")  # the holder's config sets on_delivery after its copy
    holder = BareHolder()
    holder.producer.produce("t", b"v")  # expect: OL201


class SinkPartition:
    """Gets its producer injected by the sink that builds it (same file)."""

    def __init__(self, producer, topic):
        self._producer = producer
        self._topic = topic

    def write(self, value):
        self._producer.produce(self._topic, value)  # expect: OL201


class Sink:
    def __init__(self, add_config: dict) -> None:
        self._add_config = add_config

    def build(self) -> SinkPartition:
        # `update(..)` of settings of unknown content: the config is not complete, but no
        # callback was spread into it (only a `**spread` may carry one).
        config = {"bootstrap.servers": "b:9092"}
        config.update(self._add_config)
        return SinkPartition(Producer(config), "out")


def build_spread(extra: dict) -> None:
    producer = Producer({"bootstrap.servers": "b:9092", **extra})
    producer.produce("t", b"v")  # expect: OL201


def transactional(records) -> None:
    # The transaction's commit fails when any delivery in it failed: it confirms them.
    producer = Producer({"bootstrap.servers": "b:9092", "transactional.id": "mover"})
    producer.init_transactions()
    producer.produce("t", b"before")  # expect: OL201
    producer.begin_transaction()
    for r in records:
        producer.produce("t", r)
    producer.commit_transaction()
    producer.produce("t", b"after")  # expect: OL201


def transactional_commit_swallowed(records) -> None:
    producer = Producer({"bootstrap.servers": "b:9092", "transactional.id": "mover"})
    producer.begin_transaction()
    for r in records:
        producer.produce("t", r)  # expect: OL201
    try:
        producer.commit_transaction()
    except Exception:
        log.warning("commit failed")


def transactional_commit_reraised(records) -> None:
    producer = Producer({"bootstrap.servers": "b:9092", "transactional.id": "mover"})
    producer.begin_transaction()
    for r in records:
        producer.produce("t", r)
    try:
        producer.commit_transaction()
    except Exception:
        producer.abort_transaction()
        raise
