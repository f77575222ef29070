"""OL104 fixture (confluent-kafka): commits before the message's effect in a consume loop.

Flagged: message data used after the commit in the same iteration (processing, a produce of
the output), and message data so far only buffered in memory when the commit runs.
Not flagged: commits after the effect, metadata or logging after the commit, a buffer whose
write always precedes the commit, uses on another path.
"""
import json
import logging

from confluent_kafka import Consumer, Producer

from warehouse import apply_payment, insert_rows, metrics

log = logging.getLogger(__name__)

consumer = Consumer({"bootstrap.servers": "localhost:9092", "group.id": "loader", "enable.auto.commit": False})
producer = Producer({"bootstrap.servers": "localhost:9092"})


def on_delivery(err, msg):
    if err is not None:
        log.error("%s", err)


def at_most_once():
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        consumer.commit(message=msg, asynchronous=False)  # expect: OL104
        apply_payment(msg.value())


def derived_data():
    for msg in consumer:
        payload = json.loads(msg.value())
        consumer.store_offsets(message=msg)  # expect: OL104
        producer.produce("out", json.dumps(payload["total"]), on_delivery=on_delivery)


def after_the_effect():
    seen = set()
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        apply_payment(msg.value())
        consumer.commit(message=msg)
        log.info("committed %s", msg.value())  # logging only
        metrics.observe(msg.topic(), msg.partition(), msg.offset())  # metadata only
        seen.add(msg.key())  # in-memory bookkeeping, never written anywhere


def added_after_the_commit():
    batch = []
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        consumer.commit(message=msg)  # expect: OL104
        batch.append(msg.value())
        if len(batch) >= 100:
            insert_rows(batch)
            batch.clear()


def other_path():
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        if msg.error():
            consumer.commit(message=msg)
            continue
        apply_payment(msg.value())  # the commit above left the iteration
        consumer.commit(message=msg)


def buffered():
    batch = []
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        batch.append(msg.value())
        consumer.commit(message=msg)  # expect: OL104
        if len(batch) >= 500:
            insert_rows(batch)
            batch.clear()


def buffered_conditional_write():
    pending = {}
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        pending[msg.key()] = msg.value()
        if len(pending) >= 100:
            insert_rows(list(pending.values()))
            pending.clear()
        consumer.commit(message=msg)  # expect: OL104


def buffered_then_written():
    batch = []
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        batch.append(msg.value())
        if len(batch) >= 500:
            insert_rows(batch)
            consumer.commit(message=msg)  # after the buffer's write
            batch.clear()


def buffered_by_key():
    # One list per event type, filled through the slot of its key: the dict is the buffer.
    by_type = {"click": [], "view": []}
    count = 0
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        event = json.loads(msg.value())
        by_type.get(event["type"]).append(event)
        count += 1
        if count >= 500:
            insert_rows(by_type)
        consumer.commit(message=msg)  # expect: OL104


def buffered_by_key_then_written():
    by_type = {}
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        event = json.loads(msg.value())
        by_type.setdefault(event["type"], []).append(event)
        if len(by_type) >= 10:
            insert_rows(by_type)
            consumer.commit(message=msg)  # after the buffer's write
            by_type.clear()


def buffered_loop_write():
    rows = []
    while True:
        msgs = consumer.consume(100, timeout=1.0)
        for msg in msgs:
            rows.append(msg.value())
        for row in rows:
            apply_payment(row)
        rows.clear()
        consumer.commit()  # after the whole batch is written


def no_loop(msg):
    consumer.commit(message=msg)  # not a consume loop: OL104 does not judge it
    apply_payment(msg.value())


def dead_letter_after_commit(dlq: Producer) -> None:
    # A commit in a catch-all handler is OL102's finding; the dead-letter produce after it
    # does not make it a second, OL104 one.
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        try:
            apply_payment(msg.value())
        except Exception:
            consumer.commit(message=msg)  # expect: OL102
            dlq.produce("dlq", msg.value(), on_delivery=on_delivery)
