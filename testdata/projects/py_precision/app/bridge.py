"""Imports only the package's own `kafka` module (absolutely and relatively): no Kafka client
library, so no name heuristic either."""
import app.kafka
from app.kafka import KafkaConsumer as Replay

from .kafka import KafkaConsumer


def replay(path: str) -> None:
    consumer = KafkaConsumer(path)
    consumer.poll(1.0)
    consumer.commit()


def record(order_consumer, event_consumer) -> None:
    order_consumer.commit()
    event_consumer.commit(None)


def absolute(path: str) -> None:
    consumer = Replay(path)
    consumer.commit()
    other_consumer = app.kafka.KafkaConsumer(path)
    other_consumer.commit()
