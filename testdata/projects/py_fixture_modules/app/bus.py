"""The service's producer, built in one place."""
from confluent_kafka import Producer


def make_producer() -> Producer:
    return Producer({"bootstrap.servers": "kafka:9092", "on_delivery": print})
