"""Clients reached through properties, to any depth."""
import sqlite3
from functools import cached_property

from confluent_kafka import Consumer, Producer


class OrderConsumer:
    def __init__(self, conf: dict) -> None:
        self._consumer = Consumer(conf)

    @property
    def client(self):
        return self._consumer


class Outbox:
    def __init__(self, conf: dict) -> None:
        self._conf = conf

    @cached_property
    def producer(self):
        return Producer(self._conf)


class Base:
    def __init__(self, conf: dict) -> None:
        self._consumer = Consumer(conf)

    @property
    def kafka(self):
        return self._consumer


class Derived(Base):
    pass


class FakeConsumer:
    def commit(self) -> None:
        pass


class Service:
    def __init__(self, conf: dict) -> None:
        self._orders = OrderConsumer(conf)
        self._db = sqlite3.connect("orders.db")

    @property
    def orders(self) -> OrderConsumer:
        return self._orders

    @property
    def db(self):
        return self._db

    @property
    def consumer(self):
        return FakeConsumer()


def consume(conf: dict) -> None:
    orders = OrderConsumer(conf)
    msg = orders.client.poll(1.0)
    orders.client.commit()  # expect: OL101
    orders.client.commit(message=msg)


def nested(conf: dict) -> None:
    service = Service(conf)
    msg = service.orders.client.poll(1.0)
    service.orders.client.commit()  # expect: OL101
    service.orders.client.commit(msg)
    service.db.commit()
    service.consumer.commit()


def inherited(conf: dict) -> None:
    derived = Derived(conf)
    msg = derived.kafka.poll(1.0)
    derived.kafka.commit()  # expect: OL101
    derived.kafka.commit(offsets=[msg])


def cached(conf: dict, payload: bytes) -> None:
    outbox = Outbox(conf)
    outbox.producer.produce("events", payload)  # expect: OL201
    outbox.producer.flush(10)  # expect: OL202
    if outbox.producer.flush(10):
        raise RuntimeError("not delivered")
