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
        # The wrapper calling its own wrapper method is its implementation, like its own
        # `return`: the obligation is its users' (`with Publisher(conf) as p: p.flush(1)`).
        self.flush()

    def relay(self, topic: str, body: bytes) -> None:
        self.publish(topic, body)


class EventBus(Publisher):
    """Inherits the wrapper methods."""


def flush_all(p: Publisher, timeout: float = 5.0) -> int:
    return p.flush(timeout)
