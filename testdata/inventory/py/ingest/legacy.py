"""A kafka-python consumer handed in by a caller outside the project."""
from kafka import KafkaConsumer


def make_consumer():
    return KafkaConsumer("legacy", group_id="legacy")


def drain(legacy_consumer, sink):
    for record in legacy_consumer:
        sink.append(record.value)
        legacy_consumer.commit()
