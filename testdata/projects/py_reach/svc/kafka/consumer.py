"""A project wrapper that builds its client lazily behind a property."""

from typing import Optional

from confluent_kafka import Consumer as ConfluentConsumer

__all__ = ["Consumer"]


class Consumer:
    def __init__(self, broker_address: str, consumer_group: str) -> None:
        self._config = {
            "bootstrap.servers": broker_address,
            "group.id": consumer_group,
            "enable.auto.commit": False,
        }
        self._inner: Optional[ConfluentConsumer] = None

    def poll(self, timeout: Optional[float] = None):
        # Returns the client's poll: a loop over this wrapper's poll is a consume loop.
        return self._consumer.poll(timeout=timeout if timeout is not None else -1)

    @property
    def _consumer(self) -> ConfluentConsumer:
        if self._inner is None:
            self._inner = ConfluentConsumer(self._config)
        return self._inner
