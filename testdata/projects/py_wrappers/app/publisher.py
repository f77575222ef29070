"""A publisher wrapping confluent-kafka: it passes its obligations to its callers."""
import logging

from confluent_kafka import Producer

log = logging.getLogger(__name__)


def _log(err, msg) -> None:
    if err is not None:
        log.error("delivery failed: %s", err)


class Publisher:
    def __init__(self, conf: dict) -> None:
        self.producer = Producer(conf)

    def flush(self, timeout: float = 10.0) -> int:
        return self.producer.flush(timeout)

    def publish(self, topic: str, body: bytes, on_delivery=None) -> None:
        self.producer.produce(topic, body, on_delivery=on_delivery)

    def publish_confirmed(self, topic: str, body: bytes) -> None:
        self.producer.produce(topic, body, on_delivery=_log)

    def __enter__(self) -> "Publisher":
        return self

    def __exit__(self, *exc) -> None:
        # The runtime calls `__exit__` for a `with`: the wrapper's implementation of that
        # protocol, and the obligation is its users' (`with Publisher(conf) as p: p.flush(1)`).
        self.flush()

    def relay(self, topic: str, body: bytes) -> None:
        # Its own wrapper method is a call like any other: `relay` drops the delivery.
        self.publish(topic, body)  # expect: OL201


class EventBus(Publisher):
    """Inherits the wrapper methods."""


def flush_all(p: Publisher, timeout: float = 5.0) -> int:
    return p.flush(timeout)
