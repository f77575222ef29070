"""Legacy Avro publishers (confluent_kafka.avro, deprecated but deployed).

OL201 fixture: `AvroProducer` is a confluent-kafka `Producer`, so its `produce(...)` needs a
delivery callback like any other; the names here say nothing, the type does.
"""
import logging

from confluent_kafka import avro
from confluent_kafka.avro import AvroProducer

log = logging.getLogger(__name__)

CONF = {"bootstrap.servers": "localhost:9092", "schema.registry.url": "http://registry:8081"}
VALUE_SCHEMA = avro.loads('{"type": "string"}')


def on_delivery(err, msg) -> None:
    if err is not None:
        log.error("delivery failed: %s", err)


def publish(value: str) -> None:
    sink = AvroProducer(CONF, default_value_schema=VALUE_SCHEMA)
    sink.produce(topic="events", value=value)  # expect: OL201
    sink.produce(topic="events", value=value, callback=on_delivery)
    if sink.flush(10):
        raise RuntimeError("records still queued")


def publish_qualified(value: str) -> None:
    sink = avro.AvroProducer(CONF, default_value_schema=VALUE_SCHEMA)
    sink.produce(topic="events", value=value)  # expect: OL201
    sink.produce(topic="events", value=value, on_delivery=on_delivery)
    if sink.flush(10):
        raise RuntimeError("records still queued")
