"""A kafka-python consumer handed in by a caller outside the project, and a producer whose
default acks depend on the kafka-python version (the project pins none)."""
from kafka import KafkaConsumer, KafkaProducer


def make_consumer():
    return KafkaConsumer("legacy", group_id="legacy")


def drain(legacy_consumer, sink):
    for record in legacy_consumer:
        sink.append(record.value)
        legacy_consumer.commit()


def make_producer():
    return KafkaProducer(bootstrap_servers="localhost:9092")
