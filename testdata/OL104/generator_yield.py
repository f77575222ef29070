"""OL104 fixture: a generator's consume loop that commits and then yields the message's data:
the caller works on it while the generator waits at the `yield`, after the commit."""
import json

from confluent_kafka import Consumer


def stream(consumer: Consumer):
    while True:
        msg = consumer.poll(1.0)
        if msg is None or msg.error():
            continue
        chunk = json.loads(msg.value())
        consumer.commit(message=msg, asynchronous=False)  # expect: OL104
        yield chunk


def stream_then_commit(consumer: Consumer):
    while True:
        msg = consumer.poll(1.0)
        if msg is None or msg.error():
            continue
        yield json.loads(msg.value())
        consumer.commit(message=msg, asynchronous=False)


def stream_offsets(consumer: Consumer):
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        consumer.commit(message=msg, asynchronous=False)
        yield msg.offset()


def envelopes(consumer: Consumer):
    # The helper commits only a message it cannot read (and returns None): what is yielded
    # was not committed.
    while True:
        msg = consumer.poll(1.0)
        if msg is None or msg.error():
            continue
        envelope = to_envelope(consumer, msg)
        if envelope is not None:
            yield envelope


def to_envelope(consumer: Consumer, msg):
    try:
        return json.loads(msg.value())
    except ValueError:
        consumer.commit(message=msg, asynchronous=False)
        return None
