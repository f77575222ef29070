"""Not a fixture module (the name does not match `*fixture*`): importing the client is fine."""
from confluent_kafka import Producer


def make() -> Producer:
    return Producer({"bootstrap.servers": "localhost:9092", "on_delivery": print})
