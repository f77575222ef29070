"""OL202 fixture (confluent-kafka): the back-pressure flush is in a helper that the
`BufferError` handler calls, and the helper retries the produce itself after the flush."""
import logging

from confluent_kafka import Producer

log = logging.getLogger(__name__)


def on_delivery(err, msg):
    if err is not None:
        log.error("delivery failed: %s", err)


class Publisher:
    def __init__(self) -> None:
        self.producer = Producer({"bootstrap.servers": "localhost:9092"})

    def _on_full(self, payload: bytes) -> None:
        self.producer.flush(1)
        self.producer.produce("events", payload, on_delivery=on_delivery)

    def _on_full_dropping(self, payload: bytes) -> None:
        self.producer.flush(1)  # expect: OL202
        log.warning("queue full, dropped %d bytes", len(payload))

    def publish(self, payload: bytes) -> None:
        try:
            self.producer.produce("events", payload, on_delivery=on_delivery)
        except BufferError:
            self._on_full(payload)

    def publish_dropping(self, payload: bytes) -> None:
        try:
            self.producer.produce("events", payload, on_delivery=on_delivery)
        except BufferError:
            self._on_full_dropping(payload)
