"""kafka-python pinned to 2.0.2 in a UTF-16 requirements file (as PowerShell's `pip freeze >`
writes it): its default acks is 1, which OL205 reports."""
from kafka import KafkaProducer


def producer() -> KafkaProducer:
    return KafkaProducer(bootstrap_servers="kafka:9092")  # expect: OL205


def send(order: bytes) -> None:
    producer().send("orders", order).get(timeout=10)
