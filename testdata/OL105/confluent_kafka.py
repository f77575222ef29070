"""OL105 fixture (confluent-kafka): consumers whose visible, complete configuration leaves
`enable.auto.commit` and `enable.auto.offset.store` on. Reported at the constructor call.
"""
import os

import confluent_kafka
from confluent_kafka import Consumer, DeserializingConsumer, Producer

from settings import CONSUMER_CONF

BASE = {"bootstrap.servers": "localhost:9092", "group.id": "billing"}

defaults = Consumer({"bootstrap.servers": "localhost:9092", "group.id": "billing"})  # expect: OL105
explicit = Consumer({"group.id": "billing", "enable.auto.commit": True})  # expect: OL105
as_string = confluent_kafka.Consumer({"group.id": "billing", "enable.auto.commit": "true"})  # expect: OL105
from_constant = Consumer(BASE)  # expect: OL105
deserializing = DeserializingConsumer({"group.id": "billing"})  # expect: OL105
keywords = Consumer({"bootstrap.servers": "localhost:9092"}, **{"group.id": "billing"})  # expect: OL105


def built_here():
    conf = {"bootstrap.servers": "localhost:9092"}
    conf["group.id"] = "billing"
    return Consumer(conf)  # expect: OL105


manual = Consumer({"group.id": "billing", "enable.auto.commit": False})
manual_str = Consumer({"group.id": "billing", "enable.auto.commit": "false"})
stored = Consumer({"group.id": "billing", "enable.auto.offset.store": False})
no_group = Consumer({"bootstrap.servers": "localhost:9092"})
configured = Consumer({"group.id": "billing", "enable.auto.commit": os.environ.get("AUTO") == "1"})
producer = Producer({"bootstrap.servers": "localhost:9092", "group.id": "ignored"})


def hidden(conf: dict) -> Consumer:
    return Consumer(conf)  # a parameter: not visible


def make_conf() -> dict:
    return {"bootstrap.servers": "localhost:9092", "group.id": "billing"}


# Returned by a helper: visible.
from_helper = Consumer(make_conf())  # expect: OL105
from_settings = Consumer(CONSUMER_CONF)  # imported from a settings module


def spread(extra: dict) -> Consumer:
    return Consumer({"group.id": "billing", **extra})  # may turn it off: not complete


class AttributeConfig:
    """A config dict kept on the instance, built once in `__init__`: judged whole."""

    def __init__(self, group_id):
        self._conf = {"bootstrap.servers": "kafka:9092", "group.id": group_id}

    def start(self):
        self.consumer = Consumer(self._conf)  # expect: OL105


class ReconfiguredAttributeConfig:
    """The same dict, updated in place by another method with settings read at run time:
    what the consumer is built with is not known."""

    def __init__(self, group_id):
        self._conf = {"bootstrap.servers": "kafka:9092", "group.id": group_id}

    def set_config(self, extra):
        self._conf.update(extra)

    def start(self):
        self.consumer = Consumer(self._conf)
