"""Client holders: a context-managed consumer and lazily built clients."""
from contextlib import contextmanager
from functools import cached_property

from confluent_kafka import Consumer, Producer

from .settings import CONSUMER_CONF, PRODUCER_CONF


@contextmanager
def consuming(group: str):
    c = Consumer({**CONSUMER_CONF, "group.id": group})
    try:
        yield c
    finally:
        c.close()


class Clients:
    def __init__(self, conf: dict) -> None:
        self._conf = conf

    @property
    def source(self):
        return Consumer(self._conf)

    @cached_property
    def sink(self):
        return Producer(PRODUCER_CONF)
