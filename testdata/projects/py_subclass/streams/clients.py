"""Project subclasses of the Kafka clients."""
import logging

import confluent_kafka
from aiokafka import AIOKafkaConsumer
from confluent_kafka import Consumer, Producer

log = logging.getLogger(__name__)


def _report(err, msg) -> None:
    if err is not None:
        log.error("delivery to %s failed: %s", msg.topic(), err)


class ReliableProducer(Producer):
    """Every produce gets the delivery callback: callers are confirmed."""

    def produce(self, topic, value=None, key=None, **kwargs):
        kwargs.setdefault("on_delivery", _report)
        super().produce(topic, value, key, **kwargs)


class CountingProducer(confluent_kafka.Producer):
    """Counts records but forwards the caller's callback, None by default."""

    def __init__(self, conf: dict) -> None:
        super().__init__(conf)
        self.sent = 0

    def produce(self, topic, value=None, on_delivery=None):
        self.sent += 1
        super().produce(topic, value, on_delivery=on_delivery)


class DrainingProducer(Producer):
    """Overrides flush and hands the queue length back to the caller."""

    def flush(self, timeout=5.0):
        return super().flush(timeout)

    def close(self) -> int:
        super().flush(5)  # expect: OL202
        left = super().flush(5)
        return left


class AuditProducer(ReliableProducer):
    """Inherits ReliableProducer's produce."""


class BatchConsumer(Consumer):
    def finish_batch(self, last) -> None:
        self.commit()  # expect: OL101
        self.commit(message=last)

    def checkpoint(self) -> None:
        self.commit(asynchronous=False)  # expect: OL101


class TrackedConsumer(AIOKafkaConsumer):
    async def done(self, tp, offset) -> None:
        await self.commit()  # expect: OL101
        await self.commit({tp: offset})
