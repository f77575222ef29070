"""kafka-python pinned to 2.0 (requirements.txt including requirements/base.txt).

OL205: a producer that leaves `acks` at kafka-python's default is flagged when every pinned
version defaults to `acks=1` (through 2.3), not from 3.0 (`all`). OL101's suggested
`OffsetAndMetadata` form follows the pin too (tests/projects.rs checks it).
"""
import json

from kafka import KafkaConsumer, KafkaProducer


def make_producer() -> KafkaProducer:
    return KafkaProducer(bootstrap_servers="localhost:9092")  # expect: OL205


def make_metrics_producer() -> KafkaProducer:
    return KafkaProducer(bootstrap_servers="localhost:9092", acks=1)  # expect: OL205


def make_safe_producer() -> KafkaProducer:
    return KafkaProducer(bootstrap_servers="localhost:9092", acks="all")


def run(producer: KafkaProducer) -> None:
    consumer = KafkaConsumer(
        "orders",
        bootstrap_servers="localhost:9092",
        group_id="billing",
        enable_auto_commit=False,
    )
    for msg in consumer:
        producer.send("billed", json.dumps(msg.value).encode()).get(timeout=10)
        consumer.commit()  # expect: OL101
