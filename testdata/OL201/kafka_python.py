"""Publishers built on kafka-python.

OL201 fixture: `producer.send(...)` returns a future; discarding it loses the delivery
outcome. `.get()`, `.add_callback()`/`.add_errback()`/`.add_both()`, or keeping the future
(variable, container, return) is clean. kafka-python's `flush()` returns None, so OL202
never applies here.
"""
import json
import logging

import kafka
from kafka import KafkaProducer
from kafka.errors import KafkaError

log = logging.getLogger(__name__)

BOOTSTRAP = ["localhost:9092"]


def on_sent(metadata) -> None:
    log.debug("sent to %s[%d]@%d", metadata.topic, metadata.partition, metadata.offset)


def on_failed(exc: Exception) -> None:
    log.error("send failed: %s", exc)


def make_producer() -> KafkaProducer:
    return KafkaProducer(
        bootstrap_servers=BOOTSTRAP,
        acks="all",
        value_serializer=lambda v: json.dumps(v).encode(),
    )


def publish_bare(events: list) -> None:
    producer = KafkaProducer(bootstrap_servers=BOOTSTRAP, acks="all")
    for event in events:
        producer.send("events", value=json.dumps(event).encode())  # expect: OL201
    producer.flush()  # kafka-python flush returns None: OL202 does not apply


def publish_confirmed(events: list) -> None:
    producer = KafkaProducer(bootstrap_servers=BOOTSTRAP, acks="all")
    for event in events:
        body = json.dumps(event).encode()
        metadata = producer.send("events", value=body).get(timeout=10)  # blocking get observes delivery
        log.debug("offset %d", metadata.offset)
        producer.send("events-audit", value=body).get(timeout=10)  # blocking get observes delivery
        producer.send("events-async", value=body).add_callback(on_sent).add_errback(on_failed)  # callbacks attached
        producer.send("events-both", value=body).add_both(lambda r: log.debug("done %s", r))  # add_both attached
    producer.flush(timeout=10)  # kafka-python flush returns None: OL202 does not apply


def publish_collect(events: list) -> int:
    producer = KafkaProducer(bootstrap_servers=BOOTSTRAP, acks="all")
    pending = []
    for event in events:
        fut = producer.send("events", value=json.dumps(event).encode())  # future kept
        pending.append(fut)
        pending.append(producer.send("events-copy", value=json.dumps(event).encode()))  # future kept in a container
    failed = 0
    for fut in pending:
        try:
            fut.get(timeout=30)
        except KafkaError:
            failed += 1
    return failed


def publish_returning(producer: KafkaProducer, topic: str, body: bytes):
    return producer.send(topic, value=body)  # future returned to the caller


def publish_module_qualified(rows: list) -> None:
    out = kafka.KafkaProducer(bootstrap_servers=BOOTSTRAP)
    for row in rows:
        out.send("rows", value=json.dumps(row).encode())  # expect: OL201
    out.close()


def forward(sink: KafkaProducer, topic: str, body: bytes) -> None:
    # Parameter annotated with the Kafka type.
    sink.send(topic, value=body, key=b"k")  # expect: OL201


def forward_heuristic(audit_producer, topic: str, body: bytes) -> None:
    # Unannotated parameter: heuristic (file imports kafka, name contains "producer").
    audit_producer.send(topic, body)  # expect: OL201


class MetricsShipper:
    def __init__(self) -> None:
        self.out = make_producer()
        self.client = KafkaProducer(bootstrap_servers=BOOTSTRAP)

    def ship(self, points: list) -> None:
        for point in points:
            self.client.send(  # expect: OL201
                "metrics",
                value=json.dumps(point).encode(),
            )
            self.client.send("metrics-confirmed", value=json.dumps(point).encode()).get(timeout=5)  # observed
        self.client.flush()  # kafka-python flush returns None: OL202 does not apply


def unread_future(producer: KafkaProducer, body: bytes) -> None:
    """A future bound and never read is as discarded as one never bound."""
    fut = producer.send("events", value=body)  # expect: OL201
    log.info("queued %d bytes", len(body))


def read_future(producer: KafkaProducer, body: bytes) -> None:
    fut = producer.send("events", value=body)
    fut.get(timeout=10)
