"""A module named like the root's: module names are per namespace."""
from confluent_kafka import Producer


def make_producer() -> Producer:
    return Producer({"bootstrap.servers": "kafka:9092"})


def publish(topic: str, payload: bytes) -> None:
    producer = make_producer()
    producer.produce(topic, payload)  # expect: OL201
    producer.flush()


def publish_confirmed(topic: str, payload: bytes) -> None:
    producer = make_producer()
    producer.produce(topic, payload, on_delivery=_delivered)
    producer.flush()


def _delivered(err, msg) -> None:
    if err is not None:
        raise RuntimeError(err)
