"""Wrappers that delegate what they do not define to the client they hold (`__getattr__`)."""
import logging

from aiokafka import AIOKafkaConsumer
from confluent_kafka import Consumer, Producer

log = logging.getLogger(__name__)


def _log(err, msg) -> None:
    if err is not None:
        log.error("delivery failed: %s", err)


class SafeProducer:
    """Adds a checked close; everything else is the producer's."""

    def __init__(self, conf: dict) -> None:
        self._producer = Producer(conf)

    def __getattr__(self, name):
        return getattr(self._producer, name)

    def close(self, timeout: float = 30.0) -> None:
        remaining = self._producer.flush(timeout)
        if remaining:
            raise RuntimeError(f"{remaining} messages not delivered")


class ConfirmedProducer:
    """Defines its own `produce` (with a delivery callback) and `flush` (checked)."""

    def __init__(self, producer: Producer) -> None:
        self._inner = producer

    def __getattr__(self, item):
        if item.startswith("_"):
            raise AttributeError(item)
        return getattr(self._inner, item)

    def produce(self, topic: str, value: bytes) -> None:
        self._inner.produce(topic, value, on_delivery=_log)

    def flush(self, timeout: float = 10.0) -> None:
        if self._inner.flush(timeout):
            raise RuntimeError("flush timed out")


class TracedProducer(SafeProducer):
    """Inherits the delegation of its base class."""


class LayeredProducer:
    """Delegates to another delegating wrapper."""

    def __init__(self, conf: dict) -> None:
        self._wrapped = SafeProducer(conf)

    def __getattr__(self, name):
        return getattr(self._wrapped, name)


class ManagedConsumer:
    def __init__(self, conf: dict) -> None:
        self._consumer = Consumer(conf)

    def __getattr__(self, name):
        return getattr(self._consumer, name)


class StoringConsumer:
    """Its users store offsets explicitly (the automatic store is off in their config)."""

    def __init__(self, conf: dict) -> None:
        self._consumer = Consumer(conf)

    def __getattr__(self, name):
        return getattr(self._consumer, name)


class AsyncManagedConsumer:
    def __init__(self, topic: str) -> None:
        self._consumer = AIOKafkaConsumer(topic, group_id="relay", enable_auto_commit=False)

    def __getattr__(self, name):
        return getattr(self._consumer, name)


class Settings:
    """A `__getattr__` that looks names up in a dict delegates nothing."""

    def __init__(self, conf: dict) -> None:
        self._values = dict(conf)
        self._producer = Producer(conf)

    def __getattr__(self, name):
        return self._values[name]


class NullProducer:
    """A `__getattr__` returning a constant delegates nothing either."""

    def __init__(self, conf: dict) -> None:
        self._producer = Producer(conf)

    def __getattr__(self, name):
        return None


class Registry:
    """Delegates to a field that is not a client."""

    def __init__(self) -> None:
        self._entries: dict[str, bytes] = {}

    def __getattr__(self, name):
        return getattr(self._entries, name)
