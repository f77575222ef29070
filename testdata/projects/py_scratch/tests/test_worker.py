"""Test code: neither production nor scratch."""
from confluent_kafka import Consumer


def test_consume() -> None:
    consumer = Consumer({"group.id": "integration", "enable.auto.commit": False})
    consumer.close()


def test_billing_group() -> None:
    consumer = Consumer({"group.id": "billing", "enable.auto.commit": False})
    consumer.close()
