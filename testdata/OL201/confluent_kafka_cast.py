"""OL201 (confluent-kafka): `typing.cast(Producer, ..)` declares what the value is, as an
annotation would: a produce on it without a callback is unconfirmed."""
from typing import Any, cast

from confluent_kafka import Producer


def _report(err, msg) -> None:
    if err is not None:
        raise RuntimeError(err)


class Extension:
    def __init__(self) -> None:
        self.clients: dict[str, Any] = {}

    def produce(self, topic: str, payload: bytes) -> None:
        producer = cast(Producer, self.clients["producer"])
        producer.produce(topic, value=payload)  # expect: OL201
        producer.poll(0)

    def produce_confirmed(self, topic: str, payload: bytes) -> None:
        producer = cast(Producer, self.clients["producer"])
        producer.produce(topic, value=payload, on_delivery=_report)

    def produce_other(self, topic: str, payload: bytes) -> None:
        sink = cast("Any", self.clients["sink"])
        sink.produce(topic, payload)
