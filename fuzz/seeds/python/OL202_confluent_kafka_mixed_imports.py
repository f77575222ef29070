"""A bridge that imports both confluent-kafka and kafka-python.

OL202 fixture: a resolved confluent-kafka producer's flush result still matters, but a
receiver matched only by its name could be either library (kafka-python's flush returns
None), so the heuristic does not apply to flush in this file.
"""
import json
import logging

from confluent_kafka import Producer
from kafka import KafkaProducer

log = logging.getLogger(__name__)


def on_delivery(err, msg) -> None:
    if err is not None:
        log.error("delivery failed: %s", err)


def mirror(rows: list) -> None:
    modern = Producer({"bootstrap.servers": "new-cluster:9092"})
    legacy = KafkaProducer(bootstrap_servers=["old-cluster:9092"])
    for row in rows:
        body = json.dumps(row).encode()
        modern.produce("rows", body, on_delivery=on_delivery)
        legacy.send("rows", body).get(timeout=10)
    modern.flush(10)  # expect: OL202
    legacy.flush()  # kafka-python flush returns None


def close(rows_producer) -> None:
    rows_producer.flush()  # heuristic only, and both kafka and confluent_kafka are imported: library unknown
