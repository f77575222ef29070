"""Shutdown paths of confluent-kafka publishers.

OL202 fixture: confluent-kafka's `flush(timeout)` returns the number of records still
queued when the timeout expired. A bare `producer.flush(t)` or `_ = producer.flush(t)` with a
finite timeout throws that away. Binding, comparing or returning the count is clean; so is a
flush without a timeout (`flush()`, `flush(-1)`: it blocks until the queue is empty and
returns 0), a flush in a loop that re-reads the queue, and a back-pressure flush before the
produce is retried. Every produce below has a delivery callback so that OL201 stays quiet.
File flushes, logging handlers and stdout are not producers.
"""
import json
import logging
import sys

import confluent_kafka
from confluent_kafka import Producer

log = logging.getLogger(__name__)
handler = logging.FileHandler("/var/log/publisher.log")
log.addHandler(handler)


def on_delivery(err, msg) -> None:
    if err is not None:
        log.error("delivery failed: %s", err)


def publish_and_exit(events: list) -> None:
    producer = Producer({"bootstrap.servers": "localhost:9092", "acks": "all"})
    for event in events:
        producer.produce("events", json.dumps(event).encode(), on_delivery=on_delivery)
        producer.poll(0)
    producer.flush()  # no timeout: blocks until the queue is empty, always returns 0
    producer.flush(-1)  # negative timeout: the same
    producer.flush(timeout=-1)  # the same, by keyword
    producer.flush(0.5)  # expect: OL202
    sys.stdout.flush()  # stdout, not Kafka
    handler.flush()  # logging handler, not Kafka


def publish_with_timeout(events: list) -> None:
    producer = Producer({"bootstrap.servers": "localhost:9092"})
    try:
        for event in events:
            producer.produce("events", json.dumps(event).encode(), callback=on_delivery)
    finally:
        producer.flush(10)  # expect: OL202


def publish_underscore(events: list) -> None:
    producer = Producer({"bootstrap.servers": "localhost:9092"})
    for event in events:
        producer.produce("events", json.dumps(event).encode(), on_delivery=on_delivery)
    _ = producer.flush(10)  # expect: OL202
    _ = producer.flush(timeout=5.0)  # expect: OL202


def publish_checked(events: list) -> int:
    producer = Producer({"bootstrap.servers": "localhost:9092"})
    for event in events:
        producer.produce("events", json.dumps(event).encode(), on_delivery=on_delivery)
    remaining = producer.flush(10)  # count bound to a name
    if remaining:
        log.error("%d records still queued", remaining)
    if producer.flush(10) > 0:  # count compared
        raise RuntimeError("records still queued after flush")
    while producer.flush(1.0):  # count used as the loop condition
        log.warning("still draining")
    assert producer.flush(5) == 0  # count compared
    return producer.flush(30)  # count returned


def export_report(path: str, rows: list) -> None:
    with open(path, "w", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row) + "\n")
        out.flush()  # file object, not Kafka


def close_module_qualified(rows: list) -> None:
    sink = confluent_kafka.Producer({"bootstrap.servers": "localhost:9092"})
    for row in rows:
        sink.produce("rows", value=json.dumps(row).encode(), on_delivery=on_delivery)
    sink.flush(30)  # expect: OL202


def close_param(p: Producer, timeout: float) -> None:
    # Parameter annotated with the Kafka type; a timeout resolution cannot pin down is finite.
    p.flush(timeout)  # expect: OL202


def close_heuristic(event_producer) -> None:
    # Heuristic: the only Kafka import in this file is confluent_kafka, so flush returns a count.
    event_producer.flush(15)  # expect: OL202


class Publisher:
    def __init__(self, conf: dict) -> None:
        self._out = Producer(conf)

    def publish(self, topic: str, body: bytes) -> None:
        self._out.produce(topic, body, on_delivery=on_delivery)
        self._out.poll(0)

    def close(self) -> None:
        self._out.flush(30)  # expect: OL202

    def close_checked(self) -> None:
        left = self._out.flush(30)  # count bound to a name
        if left:
            raise RuntimeError(f"{left} records lost at shutdown")


async def drain_async(producer_thread) -> None:
    # Heuristic receiver, awaited: confluent_kafka.aio's AIOProducer.flush, which returns the
    # count as the synchronous one does.
    await producer_thread.flush()  # no timeout: blocks until the queue is empty
    await producer_thread.flush(3.0)  # expect: OL202
    left = await producer_thread.flush(3.0)
    assert left == 0


def drain_heuristic(kafka_producer) -> None:
    kafka_producer.flush(2.5)  # expect: OL202


def drain_rechecked(events: list) -> None:
    producer = Producer({"bootstrap.servers": "localhost:9092"})
    for event in events:
        producer.produce("events", json.dumps(event).encode(), on_delivery=on_delivery)
    while len(producer) > 0:  # the loop re-reads the queue: each flush result is re-checked
        producer.flush(1.0)
    while True:
        producer.flush(0.1)  # re-checked by the loop body
        if len(producer) == 0:
            break
    for _ in range(3):
        producer.flush(1.0)  # expect: OL202


def produce_with_backpressure(events: list) -> None:
    producer = Producer({"bootstrap.servers": "localhost:9092"})
    for event in events:
        try:
            producer.produce("events", json.dumps(event).encode(), on_delivery=on_delivery)
        except BufferError:
            producer.flush(1.0)  # back-pressure: the produce below is retried
            producer.produce("events", json.dumps(event).encode(), on_delivery=on_delivery)
    for event in events:
        while True:
            try:
                producer.produce("events", json.dumps(event).encode(), on_delivery=on_delivery)
                break
            except BufferError:
                producer.flush(0.5)  # back-pressure: the retry loop produces again
    for event in events:
        try:
            producer.produce("events", json.dumps(event).encode(), on_delivery=on_delivery)
        except BufferError:
            producer.flush(1.0)  # expect: OL202
            log.warning("queue full, event dropped")


class MeteredProducer(Producer):
    def flush(self, timeout=-1):
        return super().flush(timeout)


class BoundedProducer(Producer):
    def flush(self, timeout=5.0):
        return super().flush(timeout)


def close_wrapped(metered: MeteredProducer, bounded: BoundedProducer) -> None:
    metered.flush()  # the override's default (-1) waits until the queue is empty
    metered.flush(timeout=3)  # expect: OL202
    bounded.flush()  # expect: OL202


class BackoffPublisher:
    """The back-pressure flush sits in a helper the `BufferError` handler calls before it
    retries the produce: the same back-pressure flush, one call away."""

    def __init__(self) -> None:
        self.producer = Producer({"bootstrap.servers": "localhost:9092"})

    def _backoff(self) -> None:
        self.producer.flush(1)

    def _drain(self) -> None:
        self.producer.flush(1)  # expect: OL202

    def publish(self, event: dict) -> None:
        payload = json.dumps(event).encode()
        try:
            self.producer.produce("events", payload, on_delivery=on_delivery)
        except BufferError:
            self._backoff()
            self.producer.produce("events", payload, on_delivery=on_delivery)

    def publish_or_drop(self, event: dict) -> None:
        payload = json.dumps(event).encode()
        try:
            self.producer.produce("events", payload, on_delivery=on_delivery)
        except BufferError:
            self._drain()
            log.warning("queue full, event dropped")

    def close(self) -> None:
        self._drain()


def try_send(producer: Producer, record: bytes) -> bool:
    # A back-pressure flush whose retry is the caller's loop: every call below retries.
    try:
        producer.produce("t", record, on_delivery=on_delivery)
        return True
    except BufferError:
        producer.flush(1)
        return False


def send_all(producer: Producer, records: list) -> None:
    for record in records:
        while not try_send(producer, record):
            pass


def try_send_once(producer: Producer, record: bytes) -> bool:
    try:
        producer.produce("t", record, on_delivery=on_delivery)
        return True
    except BufferError:
        producer.flush(1)  # expect: OL202
        return False


def send_or_drop(producer: Producer, records: list) -> None:
    # Not retried: a full queue drops the record and goes on to the next one.
    for record in records:
        try_send_once(producer, record)
