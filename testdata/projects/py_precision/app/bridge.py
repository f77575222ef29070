"""Imports only the project's own `kafka` modules: no Kafka client library, no heuristic."""
import kafka
from kafka import KafkaProducer

from .kafka import KafkaConsumer


def replay(path: str) -> None:
    consumer = KafkaConsumer(path)
    consumer.poll(1.0)
    consumer.commit()


def record(order_consumer, event_producer) -> None:
    order_consumer.commit()
    event_producer.send(b"x")
    event_producer.flush(1.0)


def legacy() -> None:
    producer = KafkaProducer()
    producer.send(b"legacy")
    producer.flush(5)
    consumer = kafka.KafkaConsumer()
    consumer.commit()
