"""A dead-letter helper that takes any producer (`producer: Any`): what it is comes from
the calls that build it."""
from typing import Any


class DeadLetters:
    def __init__(self, producer: Any, topic: str = "dead"):
        self._producer = producer
        self._topic = topic

    def send(self, message, error=None):
        try:
            self._producer.send(self._topic, message.value(), key=message.key())  # expect: OL201
        except Exception as e:
            raise RuntimeError("dead-letter send failed") from e
