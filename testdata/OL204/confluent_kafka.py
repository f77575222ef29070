"""OL204 fixture (confluent-kafka): checkpoints, watermarks and input commits advanced after
produces whose delivery was not confirmed first. Reported at the advance.
"""
import json
import logging

from confluent_kafka import Consumer, Producer

from exporter import load_checkpoint, save_checkpoint

log = logging.getLogger(__name__)

consumer = Consumer({"bootstrap.servers": "localhost:9092", "group.id": "relay", "enable.auto.commit": False})
producer = Producer({"bootstrap.servers": "localhost:9092"})
failures = []


def record(err, msg):
    if err is not None:
        failures.append(err)


def relay():
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        producer.produce("out", msg.value(), on_delivery=record)
        consumer.commit(message=msg)  # expect: OL204


def relay_flush_only():
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        producer.produce("out", msg.value(), on_delivery=record)
        if producer.flush(10) == 0:
            consumer.commit(message=msg)  # expect: OL204


def relay_checked():
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        producer.produce("out", msg.value(), on_delivery=record)
        remaining = producer.flush(10)
        if remaining or failures:
            raise RuntimeError("output not delivered")
        consumer.commit(message=msg)


def relay_guarded():
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        producer.produce("out", msg.value(), on_delivery=record)
        producer.flush()
        if not failures:
            consumer.commit(message=msg)


def dead_letter():
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        try:
            json.loads(msg.value())
        except json.JSONDecodeError:
            producer.produce("dlq", msg.value(), on_delivery=record)
        consumer.commit(message=msg)  # expect: OL204


class Exporter:
    def __init__(self) -> None:
        self.high_watermark = 0
        self.cursor = None

    def export(self, rows, db) -> None:
        for row in rows:
            producer.produce("rows", json.dumps(row), on_delivery=record)
        self.cursor = db.cursor()  # a database cursor, not an advance
        self.high_watermark = rows[-1]["id"]  # expect: OL204
        save_checkpoint(rows[-1]["id"])  # expect: OL204
        self.checkpoint.save(rows[-1]["id"])  # expect: OL204
        start = load_checkpoint()  # a read
        log.info("resumed from %s", start)


def commit_first():
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        consumer.commit(message=msg)  # before the produce  # expect: OL104
        producer.produce("out", msg.value(), on_delivery=record)


def other_branch(rows, ok):
    if ok:
        producer.produce("rows", json.dumps(rows), on_delivery=record)
    else:
        save_checkpoint(0)  # the produce is on the other branch


class Router:
    """Produces made in the loop's own helpers: a helper that returns without confirming
    leaves the delivery unconfirmed at its call, one that confirms does not."""

    def __init__(self) -> None:
        self.consumer = Consumer({"bootstrap.servers": "k", "group.id": "router", "enable.auto.commit": False})
        self.producer = Producer({"bootstrap.servers": "k"})

    def _to_dlq(self, msg, reason: str) -> None:
        self.producer.produce("dlq", msg.value(), headers={"reason": reason}, on_delivery=record)

    def _to_dlq_confirmed(self, msg, reason: str) -> None:
        self.producer.produce("dlq", msg.value(), headers={"reason": reason}, on_delivery=record)
        if self.producer.flush(10) or failures:
            raise RuntimeError("dead letter not delivered")

    def route(self) -> None:
        while True:
            msg = self.consumer.poll(1.0)
            if msg is None:
                continue
            if msg.error():
                self._to_dlq(msg, "error")
            self.consumer.commit(message=msg)  # expect: OL204

    def route_confirmed(self) -> None:
        while True:
            msg = self.consumer.poll(1.0)
            if msg is None:
                continue
            if msg.error():
                self._to_dlq_confirmed(msg, "error")
            self.consumer.commit(message=msg)


def transactional_copy(consumer: Consumer) -> None:
    # The transaction's commit fails when a delivery in it failed: the advance after it is
    # confirmed; one before it (or after a swallowed commit) is not.
    producer = Producer({"bootstrap.servers": "b:9092", "transactional.id": "copier"})
    producer.init_transactions()
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        producer.begin_transaction()
        producer.produce("copy", msg.value())
        save_checkpoint(msg.offset())  # expect: OL204
        producer.commit_transaction()
        save_checkpoint(msg.offset())
        consumer.commit(message=msg)
