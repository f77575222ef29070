from confluent_kafka import Producer

from app.settings import KAFKA

_producer = None


def get_producer():
    global _producer
    if _producer is None:
        _producer = Producer(KAFKA)
    return _producer


def producer_session():
    producer = Producer(KAFKA)
    try:
        yield producer
    finally:
        remaining = producer.flush(10)
        if remaining:
            raise RuntimeError(f"{remaining} messages not delivered")


class Publisher:
    def __init__(self):
        self.producer = Producer(KAFKA)
