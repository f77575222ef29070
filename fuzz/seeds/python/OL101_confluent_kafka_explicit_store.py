"""confluent-kafka consumers with the offset store turned off in visible configuration.

OL101 fixture: with `enable.auto.offset.store: False` a commit without arguments commits
only the offsets the code stored with `store_offsets(...)` (librdkafka's documented
at-least-once pattern), so it is not flagged. The exemption needs the setting to be
visible: a dict literal passed to the constructor or a dict variable assigned in the same
function. Consumers without it are still flagged.
"""
import json
import logging
import time

from confluent_kafka import Consumer, KafkaException

log = logging.getLogger(__name__)

BOOTSTRAP = "localhost:9092"
COMMIT_EVERY_S = 5.0


def handle(msg) -> None:
    log.info("event %s", json.loads(msg.value()).get("id"))


def run_literal_config() -> None:
    consumer = Consumer({
        "bootstrap.servers": BOOTSTRAP,
        "group.id": "events",
        "enable.auto.commit": False,
        "enable.auto.offset.store": False,
    })
    consumer.subscribe(["events"])
    last_commit = time.monotonic()
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        if msg.error():
            raise KafkaException(msg.error())
        handle(msg)
        consumer.store_offsets(message=msg)
        if time.monotonic() - last_commit > COMMIT_EVERY_S:
            consumer.commit(asynchronous=False)  # offset store off in the literal config: commits stored offsets only
            last_commit = time.monotonic()


def run_config_variable() -> None:
    conf = {
        "bootstrap.servers": BOOTSTRAP,
        "group.id": "events-audit",
        "enable.auto.offset.store": False,
    }
    consumer = Consumer(conf)
    consumer.subscribe(["events"])
    try:
        while True:
            msg = consumer.poll(1.0)
            if msg is None or msg.error():
                continue
            handle(msg)
            consumer.store_offsets(message=msg)
    finally:
        consumer.commit()  # offset store off in `conf` above: commits stored offsets only
        consumer.close()


def run_spread_then_override() -> None:
    shared = {"bootstrap.servers": BOOTSTRAP, "group.id": "events-shadow"}
    consumer = Consumer({**shared, "enable.auto.offset.store": False})
    consumer.subscribe(["events"])
    while True:
        msg = consumer.poll(1.0)
        if msg is None or msg.error():
            continue
        handle(msg)
        consumer.store_offsets(message=msg)
        consumer.commit()  # the literal sets the store off after the spread: commits stored offsets only


def run_store_left_on() -> None:
    consumer = Consumer({
        "bootstrap.servers": BOOTSTRAP,
        "group.id": "events-legacy",
        "enable.auto.commit": False,
        "enable.auto.offset.store": True,
    })
    consumer.subscribe(["events"])
    while True:
        msg = consumer.poll(1.0)
        if msg is None or msg.error():
            continue
        handle(msg)
        consumer.commit()  # expect: OL101


def run_store_default() -> None:
    # Only auto-commit is off; the offset store keeps its default (on).
    conf = {"bootstrap.servers": BOOTSTRAP, "group.id": "events-batch", "enable.auto.commit": False}
    consumer = Consumer(conf)
    consumer.subscribe(["events"])
    while True:
        msg = consumer.poll(1.0)
        if msg is None or msg.error():
            continue
        handle(msg)
        consumer.commit(asynchronous=False)  # expect: OL101


def commit_stored(consumer: Consumer) -> None:
    # The configuration is not visible here (a parameter): no exemption.
    consumer.commit(asynchronous=False)  # expect: OL101
