"""OL205 fixture (kafka-python): `acks=0` or `acks=1`; the default (`all` since 2.1) is fine."""
from kafka import KafkaConsumer, KafkaProducer

leader_only = KafkaProducer(bootstrap_servers="localhost:9092", acks=1)  # expect: OL205
no_wait = KafkaProducer(bootstrap_servers="localhost:9092", acks=0)  # expect: OL205
default = KafkaProducer(bootstrap_servers="localhost:9092")
full = KafkaProducer(bootstrap_servers="localhost:9092", acks="all")
minus_one = KafkaProducer(bootstrap_servers="localhost:9092", acks=-1)
consumer = KafkaConsumer("documents", group_id="indexer", enable_auto_commit=False)


def from_settings(settings) -> KafkaProducer:
    # A keyword written out cannot also come from the spread (Python raises on the
    # duplicate): `acks=1` holds whatever `settings` is.
    return KafkaProducer(acks=1, **settings)  # expect: OL205


def only_settings(settings) -> KafkaProducer:
    return KafkaProducer(**settings)  # a spread: not complete


def configured(level) -> KafkaProducer:
    return KafkaProducer(acks=level)  # not a literal
