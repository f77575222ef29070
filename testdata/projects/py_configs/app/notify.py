"""Notification producers and consumers, configured from other modules."""
from confluent_kafka import Consumer, Producer

from . import settings
from .constants import AUTO_STORE, LINGER, ON_DELIVERY
from .helpers import add_callback, add_linger, confirmed_conf, plain_conf
from .settings import BOOTSTRAP, CONFIRMED, MANUAL_STORE, PLAIN, STORE_ON, log_delivery


def imported_configs(body: bytes) -> None:
    p = Producer(CONFIRMED)
    p.produce("notices", body)
    q = Producer(PLAIN)
    q.produce("notices", body)  # expect: OL201


def module_attribute_configs(body: bytes) -> None:
    p = Producer(settings.CONFIRMED)
    p.produce("notices", body)
    q = Producer(settings.PLAIN)
    q.produce("notices", body)  # expect: OL201


def constant_keys(body: bytes) -> None:
    conf = {"bootstrap.servers": "kafka-1:9092", ON_DELIVERY: log_delivery}
    p = Producer(conf)
    p.produce("notices", body)
    other = {"bootstrap.servers": "kafka-1:9092", LINGER: 5}
    q = Producer(other)
    q.produce("notices", body)  # expect: OL201


def helper_built(body: bytes) -> None:
    p = Producer(confirmed_conf())
    p.produce("notices", body)
    q = Producer(plain_conf())
    q.produce("notices", body)  # expect: OL201


def helper_mutates(body: bytes) -> None:
    conf = {"bootstrap.servers": "kafka-1:9092"}
    add_callback(conf)
    p = Producer(conf)
    p.produce("notices", body)
    other = {"bootstrap.servers": "kafka-1:9092"}
    add_linger(other)
    q = Producer(other)
    q.produce("notices", body)  # expect: OL201


def merged(body: bytes) -> None:
    p = Producer(PLAIN | {"on_delivery": log_delivery})
    p.produce("notices", body)
    q = Producer(PLAIN | {"linger.ms": 5})
    q.produce("notices", body)  # expect: OL201


def manual_consumer() -> Consumer:
    return Consumer(MANUAL_STORE)


def manual_consumer_untyped():
    return Consumer(MANUAL_STORE)


def store_on_consumer():
    return Consumer(STORE_ON)


def consumers() -> None:
    c = Consumer(MANUAL_STORE)
    c.commit()
    e = Consumer(STORE_ON)
    e.commit()  # expect: OL101
    c2 = Consumer(settings.MANUAL_STORE)
    c2.commit()
    e2 = Consumer(settings.STORE_ON)
    e2.commit()  # expect: OL101
    d = Consumer({**BOOTSTRAP, "group.id": "n2", AUTO_STORE: False})
    d.commit()
    f = Consumer({**BOOTSTRAP, "group.id": "n3", AUTO_STORE: True})  # expect: OL105
    f.commit()  # expect: OL101
    m = manual_consumer()
    m.commit()
    u = manual_consumer_untyped()
    u.commit()
    s = store_on_consumer()
    s.commit()  # expect: OL101
