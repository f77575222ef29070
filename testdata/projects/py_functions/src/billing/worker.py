"""Billing worker. It imports no Kafka module itself: every client below is known only by
following values into `billing.kafka` and `billing.clients` (no name heuristic applies)."""
import json
import logging

from .clients import Clients, consuming
from .kafka import make_consumer, make_pair, mk, producer, shared_consumer, shared_producer

log = logging.getLogger(__name__)


def on_delivery(err, msg) -> None:
    if err is not None:
        log.error("receipt not delivered: %s", err)


def settle(group: str) -> None:
    src = make_consumer(group)
    msg = src.poll(1.0)
    log.info("settling %s", json.loads(msg.value()))
    src.commit()  # expect: OL101
    src.commit(message=msg)


def settle_declared() -> None:
    c = mk()
    msg = c.poll(1.0)
    c.commit()  # expect: OL101
    c.commit(msg)


def relay() -> None:
    src, out = make_pair()
    msg = src.poll(1.0)
    out.produce("receipts", msg.value())  # expect: OL201
    out.produce("receipts", msg.value(), on_delivery=on_delivery)
    src.commit()  # expect: OL101
    src.commit(message=msg)


def announce(body: bytes) -> None:
    shared_producer().produce("announcements", body)  # expect: OL201
    shared_producer().produce("announcements", body, on_delivery=on_delivery)
    producer.produce("announcements", body)  # expect: OL201
    producer.produce("announcements", body, callback=on_delivery)
    producer.flush(5)  # expect: OL202
    if producer.flush(5):
        log.warning("announcements still queued")


def checkpoint_cached() -> None:
    source = shared_consumer()
    msg = source.poll(1.0)
    source.commit(asynchronous=False)  # expect: OL101
    source.commit(message=msg, asynchronous=False)


def drain(group: str) -> None:
    with consuming(group) as src:
        msg = src.poll(1.0)
        src.commit()  # expect: OL101
        src.commit(message=msg)


def publish(clients: Clients, body: bytes) -> None:
    clients.sink.produce("receipts", body)  # expect: OL201
    clients.sink.produce("receipts", body, on_delivery=on_delivery)
    msg = clients.source.poll(1.0)
    clients.source.commit()  # expect: OL101
    clients.source.commit(message=msg)
