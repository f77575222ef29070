"""Containers of clients filled item by item: a cache per topic in a field, in a module-level
dict, in a local dict. What indexing them gives is a client."""
from confluent_kafka import Producer

from .conf import P

_PRODUCERS = {}
# Filled with configs, not clients: indexing it gives no client.
_SETTINGS = {}


def producer_for(topic: str):
    if topic not in _PRODUCERS:
        _PRODUCERS[topic] = Producer(P)
    return _PRODUCERS[topic]


def settings_for(topic: str) -> dict:
    _SETTINGS[topic] = dict(P)
    return _SETTINGS[topic]


def publish(topic: str, value: bytes) -> None:
    producer_for(topic).produce(topic, value)  # expect: OL201
    settings_for(topic).update({"linger.ms": 5})


class Router:
    def __init__(self) -> None:
        self._sinks = {}

    def sink(self, topic: str):
        if topic not in self._sinks:
            self._sinks[topic] = Producer(P)
        return self._sinks[topic]

    def route(self, topic: str, value: bytes) -> None:
        self._sinks[topic].produce(topic, value)  # expect: OL201

    def route_well(self, topic: str, value: bytes) -> None:
        self.sink(topic).produce(topic, value, on_delivery=print)

    def close(self) -> None:
        for sink in self._sinks.values():
            sink.flush(5.0)  # expect: OL202


def fan_out(topics: list, value: bytes) -> None:
    sinks = {}
    for t in topics:
        sinks[t] = Producer(P)
    for t in topics:
        sinks[t].produce(t, value)  # expect: OL201
    db = {}
    for t in topics:
        db[t] = open(t, "a")
    for t in topics:
        db[t].flush()
