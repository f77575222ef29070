"""A consumer wrapper whose ack forwards the message (None: the position)."""
from confluent_kafka import Consumer


class Inbox:
    def __init__(self, conf: dict) -> None:
        self._kc = Consumer(conf)

    def next(self, timeout: float = 1.0):
        return self._kc.poll(timeout)

    def ack(self, message=None) -> None:
        self._kc.commit(message=message)
