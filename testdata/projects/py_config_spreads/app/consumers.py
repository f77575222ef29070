"""Consumers configured through spreads of bases another module defines."""
from aiokafka import AIOKafkaConsumer
from confluent_kafka import Consumer

from app.settings import CONSUMER_BASE, MANUAL_BASE


def consumer_for(group: str) -> Consumer:
    return Consumer({**CONSUMER_BASE, "group.id": group})  # expect: OL105


def manual_for(group: str) -> Consumer:
    return Consumer({**MANUAL_BASE, "group.id": group})


def unseen_for(extra: dict) -> Consumer:
    # `extra` may turn auto-commit off: not judged.
    return Consumer({**extra, "group.id": "billing"})


class Reader:
    settings = {"bootstrap_servers": "kafka:9092", "group_id": "reader"}

    def __init__(self, topic: str) -> None:
        self.consumer = AIOKafkaConsumer(topic, **self.settings)  # expect: OL105


class ManualReader:
    def __init__(self, topic: str) -> None:
        self.settings = {"group_id": "reader", "enable_auto_commit": False}
        self.consumer = AIOKafkaConsumer(topic, **self.settings)
