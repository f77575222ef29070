"""OL202 fixture: kafka-python's `flush()` returns None, so it is never flagged.

Every send below is confirmed, so OL201 stays quiet too. Expected findings: none.
"""
import json

from kafka import KafkaProducer


def publish(rows: list) -> None:
    producer = KafkaProducer(bootstrap_servers=["localhost:9092"], acks="all")
    for row in rows:
        producer.send("rows", json.dumps(row).encode()).get(timeout=10)
    producer.flush()  # kafka-python flush returns None
    producer.flush(timeout=10)  # kafka-python flush returns None
    producer.close()


def close(rows_producer) -> None:
    rows_producer.flush()  # heuristic receiver in a kafka-python-only file: flush returns None
