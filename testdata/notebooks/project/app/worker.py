"""The production billing consumer: the group the notebook must not join."""
from confluent_kafka import Consumer

from app.settings import GROUP


def run() -> None:
    consumer = Consumer({"bootstrap.servers": "localhost:9092", "group.id": GROUP, "enable.auto.commit": False})
    consumer.subscribe(["billing"])
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        consumer.commit(message=msg, asynchronous=False)
