"""Order-ingest workers built on confluent-kafka.

OL101 fixture: position-wide commits (`commit()`, `commit(asynchronous=False)`) on
consumers resolved through every binding form the catalog lists, plus commits that
name what was processed and must stay clean.
"""
import json
import logging
from typing import Optional

import confluent_kafka
from confluent_kafka import Consumer, DeserializingConsumer, KafkaException, TopicPartition
from confluent_kafka import Consumer as C
from confluent_kafka.serialization import StringDeserializer
from sqlalchemy import create_engine
from sqlalchemy.orm import Session

log = logging.getLogger(__name__)

BASE_CONF = {
    "bootstrap.servers": "localhost:9092",
    "group.id": "order-ingest",
    "enable.auto.commit": False,
}

engine = create_engine("postgresql+psycopg://app@db/orders")

# Module-level consumer, used from a function below.
_orders = Consumer(BASE_CONF)


def apply_order(payload: dict) -> None:
    log.info("order %s", payload.get("id"))


def poll_ok(source: Consumer, timeout: float = 1.0):
    """Poll once; return a message without error, or None."""
    msg = source.poll(timeout)
    if msg is None:
        return None
    if msg.error():
        raise KafkaException(msg.error())
    return msg


def run_plain() -> None:
    consumer = Consumer(BASE_CONF)
    consumer.subscribe(["orders"])
    try:
        while True:
            msg = consumer.poll(1.0)
            if msg is None:
                continue
            if msg.error():
                raise KafkaException(msg.error())
            apply_order(json.loads(msg.value()))
            consumer.commit()  # expect: OL101
    finally:
        consumer.close()


def run_sync_commit() -> None:
    consumer = Consumer(BASE_CONF)
    consumer.subscribe(["orders"])
    while True:
        msg = consumer.poll(1.0)
        if msg is None or msg.error():
            continue
        apply_order(json.loads(msg.value()))
        consumer.commit(asynchronous=False)  # expect: OL101


def run_per_message_commits() -> None:
    consumer = Consumer(BASE_CONF)
    consumer.subscribe(["orders"])
    while True:
        msg = consumer.poll(1.0)
        if msg is None or msg.error():
            continue
        apply_order(json.loads(msg.value()))
        consumer.commit(message=msg)  # names the handled message
        consumer.commit(msg)  # positional message
        consumer.commit(message=msg, asynchronous=False)  # names the handled message
        consumer.commit(
            offsets=[TopicPartition(msg.topic(), msg.partition(), msg.offset() + 1)],  # explicit offsets
            asynchronous=False,
        )


def run_batch() -> None:
    consumer = Consumer(BASE_CONF)
    consumer.subscribe(["orders"])
    while True:
        batch = consumer.consume(num_messages=500, timeout=1.0)
        if not batch:
            continue
        last = {}
        for msg in batch:
            if msg.error():
                raise KafkaException(msg.error())
            apply_order(json.loads(msg.value()))
            last[(msg.topic(), msg.partition())] = msg.offset()
        consumer.commit(
            offsets=[TopicPartition(t, p, o + 1) for (t, p), o in last.items()],  # explicit offsets
            asynchronous=False,
        )


def run_aliased_import() -> None:
    # `C` is `confluent_kafka.Consumer` imported under an alias; `reader` has no telling name.
    reader = C(BASE_CONF)
    reader.subscribe(["orders"])
    while True:
        msg = reader.poll(0.5)
        if msg is None or msg.error():
            continue
        apply_order(json.loads(msg.value()))
        reader.commit()  # expect: OL101


def run_module_qualified() -> None:
    source = confluent_kafka.Consumer(BASE_CONF)
    source.subscribe(["orders"])
    for _ in range(1000):
        msg = source.poll(0.5)
        if msg is None or msg.error():
            continue
        apply_order(json.loads(msg.value()))
    source.commit(asynchronous=False)  # expect: OL101
    source.close()


def run_deserializing() -> None:
    conf = dict(BASE_CONF)
    conf["value.deserializer"] = StringDeserializer("utf_8")
    typed = DeserializingConsumer(conf)
    typed.subscribe(["orders"])
    while True:
        msg = typed.poll(1.0)
        if msg is None or msg.error():
            continue
        apply_order(json.loads(msg.value()))
        typed.commit()  # expect: OL101


def drain_module_consumer() -> None:
    msg = poll_ok(_orders)
    if msg is None:
        return
    apply_order(json.loads(msg.value()))
    _orders.commit()  # expect: OL101


def on_revoke(c: Consumer, partitions: list) -> None:
    # Parameter annotated with the Kafka type.
    log.info("revoked %s", partitions)
    c.commit(asynchronous=False)  # expect: OL101


def on_assign(c: Optional[Consumer], partitions: list) -> None:
    if c is not None:
        log.info("assigned %s", partitions)


def handoff(first: Consumer) -> None:
    second = first  # alias of a resolved consumer
    msg = poll_ok(second)
    if msg is not None:
        apply_order(json.loads(msg.value()))
        second.commit()  # expect: OL101


def shutdown(kafka_consumer) -> None:
    # No annotation: matched by the heuristic (file imports confluent_kafka, name contains "consumer").
    kafka_consumer.commit()  # expect: OL101
    kafka_consumer.close()


class OrderProjector:
    """Consumer stored on `self` in `__init__`, committed from another method."""

    def __init__(self, conf: dict) -> None:
        self.source = Consumer(conf)
        self.source.subscribe(["orders"], on_revoke=self._on_revoke)
        self.running = True

    def _on_revoke(self, consumer, partitions) -> None:
        log.info("revoking %d partitions", len(partitions))

    def step(self) -> None:
        msg = self.source.poll(1.0)
        if msg is None or msg.error():
            return
        payload = json.loads(msg.value())
        with Session(engine) as session:
            session.execute("insert into orders(id) values (:id)", {"id": payload["id"]})
            session.commit()  # sqlalchemy session, not Kafka
        self.source.commit()  # expect: OL101

    def step_acked(self) -> None:
        msg = self.source.poll(1.0)
        if msg is None or msg.error():
            return
        apply_order(json.loads(msg.value()))
        self.source.commit(message=msg, asynchronous=False)  # names the handled message

    def close(self) -> None:
        self.running = False
        self.source.close()
