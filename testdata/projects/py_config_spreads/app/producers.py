"""Producers configured through spreads of bases another module defines: each weak one
(`acks` 0 or 1 in the base, not overridden) has its twin that sets `acks` safely."""
from confluent_kafka import Producer

from app.settings import KAFKA_PRODUCER, conf, config, producer_base, safe_base

weak_kwargs = Producer(**config.kafka_producer)  # expect: OL205
safe_kwargs = Producer(**config.kafka_safe_producer)
weak_spread = Producer({**KAFKA_PRODUCER, "linger.ms": 5})  # expect: OL205
fixed_spread = Producer({**KAFKA_PRODUCER, "acks": "all"})
weak_dict = Producer(dict(KAFKA_PRODUCER, linger_ms=5))  # expect: OL205
fixed_dict = Producer(dict(KAFKA_PRODUCER, acks="all"))
weak_union = Producer(KAFKA_PRODUCER | {"linger.ms": 5})  # expect: OL205
fixed_union = Producer(KAFKA_PRODUCER | {"acks": "all"})
weak_dataclass = Producer(conf.audit)  # expect: OL205
safe_dataclass = Producer(conf.safe)
weak_helper = Producer({**producer_base(), "linger.ms": 5})  # expect: OL205
safe_helper = Producer({**safe_base(), "linger.ms": 5})


def updated() -> Producer:
    c = {**KAFKA_PRODUCER}
    c.update({"linger.ms": 5})
    return Producer(c)  # expect: OL205


def updated_fixed() -> Producer:
    c = {**KAFKA_PRODUCER}
    c.update({"acks": "all"})
    return Producer(c)


def set_after_unseen(extra: dict) -> Producer:
    # `extra` cannot be seen, but `acks` is set after it: known.
    return Producer({**extra, "acks": 1})  # expect: OL205


def set_before_unseen(extra: dict) -> Producer:
    # `extra` may override `acks`: unknown.
    return Producer({"acks": 1, **extra})


def default_under_unseen(extra: dict) -> Producer:
    # `acks` only possibly set by `extra`: never read as the default.
    return Producer({**extra, "linger.ms": 5})
