"""Half of an import cycle: a imports b, b imports a."""
from confluent_kafka import Consumer, Producer

from . import b
from .b import relay_topic

CONF = {"bootstrap.servers": "kafka:9092"}

# Module-level names defined through each other: resolution must give up, not loop.
LOOP = b.LOOP_BACK


def producer():
    return Producer(CONF)


def consumer():
    return Consumer({**CONF, "group.id": "relay"})  # expect: OL105


def ping(n: int):
    return b.pong(n - 1)


def run() -> None:
    out = b.make()
    out.produce(relay_topic(), b"x")  # expect: OL201
    out.produce(relay_topic(), b"x", on_delivery=b.confirm)
    src = b.source()
    msg = src.poll(1.0)
    src.commit()  # expect: OL101
    src.commit(message=msg)
    ping(3).commit()
    LOOP.commit()
