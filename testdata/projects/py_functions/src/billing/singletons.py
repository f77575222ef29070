"""Clients built lazily into module globals, handed out by getters."""
from confluent_kafka import Consumer, Producer

from .settings import CONSUMER_CONF, PRODUCER_CONF

_consumer = None
_producer = None
_ledger = None


def init() -> None:
    global _consumer, _ledger
    _consumer = Consumer(CONSUMER_CONF)
    _ledger = {}


def consumer():
    return _consumer


def producer():
    global _producer
    if _producer is None:
        _producer = Producer(PRODUCER_CONF)
    return _producer


def ledger():
    return _ledger
