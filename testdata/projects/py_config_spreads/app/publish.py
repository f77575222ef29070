"""Produces whose global delivery callback comes (or not) through a spread of a visible base."""
from confluent_kafka import Producer

from app.settings import CONFIRMED, SAFE_PRODUCER, config


def publish_settings_attr(body: bytes) -> None:
    p = Producer(**config.kafka_safe_producer)
    p.produce("events", body)  # expect: OL201


def publish_settings_attr_confirmed(body: bytes) -> None:
    p = Producer(**config.kafka_confirmed)
    p.produce("events", body)


def publish_spread(body: bytes) -> None:
    p = Producer({**SAFE_PRODUCER, "linger.ms": 5})
    p.produce("events", body)  # expect: OL201


def publish_spread_confirmed(body: bytes) -> None:
    p = Producer({**CONFIRMED, "acks": "all"})
    p.produce("events", body)
