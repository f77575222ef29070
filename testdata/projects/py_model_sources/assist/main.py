from confluent_kafka import Consumer

from assist.llm import make_client
from assist.resume import resume


def run() -> None:
    consumer = Consumer({"bootstrap.servers": "kafka:9092", "group.id": "assist", "enable.auto.commit": False})
    resume(make_client(), consumer, "orders", 0)
