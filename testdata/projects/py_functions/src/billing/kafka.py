"""Kafka clients for the billing service, built in one place.

A project module named `kafka.py`: its own imports of confluent-kafka make it a Kafka
module, but importing it (`from .kafka import ...`) is not importing kafka-python.
"""
import functools
from functools import lru_cache

from confluent_kafka import Consumer, Producer

from .settings import CONSUMER_CONF, PRODUCER_CONF


def make_consumer(group: str):
    conf = dict(CONSUMER_CONF)
    conf["group.id"] = group
    return Consumer(conf)


def mk() -> Consumer:
    return Consumer(CONSUMER_CONF)


def make_pair():
    return Consumer(CONSUMER_CONF), Producer(PRODUCER_CONF)


@lru_cache(maxsize=None)
def shared_producer():
    return Producer(PRODUCER_CONF)


@functools.cache
def shared_consumer():
    return Consumer(CONSUMER_CONF)


producer = Producer(PRODUCER_CONF)
