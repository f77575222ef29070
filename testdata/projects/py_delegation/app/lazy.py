"""Properties that build the client on first use, or return what the constructor was given."""
from typing import Optional

from confluent_kafka import Consumer, Producer


class LazyConsumer:
    def __init__(self, conf: dict) -> None:
        self._conf = conf
        self._inner: Optional[Consumer] = None

    @property
    def consumer(self) -> Consumer:
        if self._inner is None:
            self._inner = Consumer(self._conf)
        return self._inner

    def step(self) -> None:
        msg = self.consumer.poll(1.0)
        if msg is None:
            return
        self.consumer.commit()  # expect: OL101
        self.consumer.commit(message=msg)


class Holder:
    def __init__(self, producer) -> None:
        self._producer = producer

    @property
    def sink(self):
        return self._producer


def build(conf: dict) -> Holder:
    return Holder(Producer(conf))


def send(holder: Holder, payload: bytes) -> None:
    holder.sink.produce("audit", payload)  # expect: OL201
    holder.sink.flush(2.5)  # expect: OL202
    holder.sink.flush()


def step_all(lazies: list[LazyConsumer]) -> None:
    for lazy in lazies:
        lazy.consumer.commit()  # expect: OL101
