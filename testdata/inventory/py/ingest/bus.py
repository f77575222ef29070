"""The order bus: one producer built here, used by orders, refunds and shipping."""
import logging

from confluent_kafka import Producer

log = logging.getLogger(__name__)

BASE = {"bootstrap.servers": "kafka:9092"}
FAILED = []


class KafkaSettings:
    producer: dict = {**BASE, "acks": 1, "retries": 0}


settings = KafkaSettings()

orders_producer = Producer(**settings.producer)


def record_failure(err, msg):
    if err is not None:
        FAILED.append(msg)


def only_log(err, msg):
    if err is not None:
        log.warning("delivery to %s failed: %s", msg.topic(), err)
