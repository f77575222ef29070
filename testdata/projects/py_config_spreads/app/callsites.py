"""Configs that reach a construction from its callers: a parameter holds what every call site
passes, when they agree."""
from confluent_kafka import Consumer, Producer


def build_consumer(cfg: dict) -> Consumer:
    return Consumer(cfg)  # expect: OL105


def consumer_config() -> dict:
    return {"bootstrap.servers": "kafka:9092", "group.id": "billing"}


billing = build_consumer(consumer_config())


def build_manual(cfg: dict) -> Consumer:
    return Consumer(cfg)


manual = build_manual({"group.id": "billing", "enable.auto.commit": False})


def leader_only_conf(acks: str) -> dict:
    return {"bootstrap.servers": "kafka:9092", "acks": acks}


def replicated_conf(acks: str) -> dict:
    return {"bootstrap.servers": "kafka:9092", "acks": acks}


def either_conf(acks: str) -> dict:
    return {"bootstrap.servers": "kafka:9092", "acks": acks}


weak = Producer(leader_only_conf("1"))  # expect: OL205
safe = Producer(replicated_conf("all"))
# The callers disagree: the level is not known.
first = Producer(either_conf("1"))
second = Producer(either_conf("all"))
