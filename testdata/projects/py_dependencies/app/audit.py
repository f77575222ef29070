from confluent_kafka import Producer
from fastapi import Depends

from app.settings import KAFKA


class EventLog:
    """An in-memory audit log with a producer-like API."""

    def __init__(self):
        self.rows = []

    def produce(self, topic, value):
        self.rows.append((topic, value))

    def flush(self, timeout):
        return 0


def get_event_log():
    return EventLog()


def record(body: dict, producer=Depends(get_event_log)):
    # The dependency is a project class, not a Kafka client: the name `producer` says
    # nothing here, although this module imports confluent_kafka.
    producer.produce("audit", str(body))
    producer.flush(1)


def forward(body: dict):
    producer = Producer(KAFKA)
    producer.produce("audit", str(body))  # expect: OL201
