"""Callers of the wrappers. No Kafka import: the obligations come through the wrappers."""
from .inbox import Inbox
from .legacy import AsyncSender, LegacySender
from .publisher import EventBus, Publisher, flush_all


def cb(err, msg) -> None:
    if err is not None:
        raise RuntimeError(err)


def publish_all(conf: dict, rows: list) -> None:
    publisher = Publisher(conf)
    for row in rows:
        publisher.publish("rows", row)  # expect: OL201
        publisher.publish("rows", row, on_delivery=cb)
        publisher.publish("rows", row, cb)
        publisher.publish("rows", row, on_delivery=None)  # expect: OL201
        publisher.publish_confirmed("rows", row)
    publisher.flush()  # expect: OL202
    if publisher.flush():
        raise RuntimeError("rows still queued")
    flush_all(publisher)  # expect: OL202
    left = flush_all(publisher)
    assert left == 0


def through_subclass(conf: dict, row: bytes) -> None:
    bus = EventBus(conf)
    bus.publish("rows", row)  # expect: OL201
    bus.publish("rows", row, on_delivery=cb)
    bus.flush(3.0)  # expect: OL202
    assert bus.flush(3.0) == 0


def consume(conf: dict) -> None:
    inbox = Inbox(conf)
    msg = inbox.next()
    inbox.ack()  # expect: OL101
    inbox.ack(msg)
    inbox.ack(message=msg)


def legacy(value: bytes) -> None:
    sender = LegacySender()
    sender.send(value)  # expect: OL201
    sender.send(value).get(timeout=10)
    fut = sender.send(value)
    fut.add_errback(print)


async def modern(value: bytes) -> None:
    sender = AsyncSender()
    await sender.send(value)  # expect: OL201
    await (await sender.send(value))
