"""OL205 fixture (confluent-kafka): producers whose visible, complete configuration sets `acks`
(or its alias `request.required.acks`) to 0 or 1. Reported at the constructor call.
"""
import os

import confluent_kafka
from confluent_kafka import Consumer, Producer, SerializingProducer

from settings import PRODUCER_CONF

LEADER_ONLY = {"bootstrap.servers": "localhost:9092", "acks": 1}

as_int = Producer({"bootstrap.servers": "localhost:9092", "acks": 1})  # expect: OL205
as_string = Producer({"acks": "1"})  # expect: OL205
fire_and_forget = confluent_kafka.Producer({"acks": 0})  # expect: OL205
alias = SerializingProducer({"request.required.acks": "0"})  # expect: OL205
from_constant = Producer(LEADER_ONLY)  # expect: OL205
keywords = Producer({"bootstrap.servers": "localhost:9092"}, **{"acks": 1})  # expect: OL205
last_wins = Producer({"acks": "all", "request.required.acks": 1})  # expect: OL205


def built_here():
    conf = {"bootstrap.servers": "localhost:9092"}
    conf["acks"] = 1
    return Producer(conf)  # expect: OL205


# librdkafka's default is `all`.
default = Producer({"bootstrap.servers": "localhost:9092"})
full = Producer({"acks": "all"})
minus_one = Producer({"acks": -1})
minus_one_str = Producer({"acks": "-1"})
idempotent = Producer({"enable.idempotence": True})
alias_overridden = Producer({"request.required.acks": 1, "acks": "all"})  # the last entry wins
# A level that is not a literal is not judged.
from_env = Producer({"acks": os.environ.get("ACKS", "all")})
# A consumer's `acks` means nothing.
consumer = Consumer({"group.id": "billing", "enable.auto.commit": False, "acks": 1})


def hidden(conf: dict) -> Producer:
    return Producer(conf)  # a parameter: not visible


def make_conf() -> dict:
    return {"bootstrap.servers": "localhost:9092", "acks": 1}


# Returned by a helper: visible.
from_helper = Producer(make_conf())  # expect: OL205
from_settings = Producer(PRODUCER_CONF)  # imported from a settings module


def spread(extra: dict) -> Producer:
    return Producer({"acks": 1, **extra})  # may override it: not complete
