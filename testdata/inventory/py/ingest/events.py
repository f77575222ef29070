"""Publishes events; `publish` is the wrapper the rest of the code calls."""
from confluent_kafka import Producer

from ingest.conf import producer_conf

producer = Producer(producer_conf("1"))


def log_delivery(err, msg):
    if err is not None:
        print("delivery failed", err)


def publish(topic, value):
    producer.produce(topic, value, on_delivery=log_delivery)


def publish_unconfirmed(topic, value):
    producer.produce(topic, value)


def shutdown():
    return producer.flush(5.0)
