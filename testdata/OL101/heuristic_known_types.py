"""OL101/OL202 precision: a receiver whose declared type is known not to be a Kafka client
is never a heuristic match, even though this file imports a Kafka client.

The twin cases (unannotated, or annotated with a Kafka client type) are still flagged.
"""
from typing import Optional, Protocol

from confluent_kafka import Consumer, Producer
from iqe_kafka.client import IQEKafkaProducer
from ledger.db import LedgerConsumer


class MyDbProducer:
    """A project class that is not a Kafka client."""

    def flush(self, timeout: float) -> int:
        return 0


class LedgerLike(Protocol):
    """A protocol no Kafka consumer satisfies (it has no `rollback`)."""

    def commit(self) -> None: ...

    def rollback(self) -> None: ...


class ConsumerLike(Protocol):
    """A protocol a Kafka consumer satisfies: the name heuristic still decides."""

    def commit(self) -> None: ...

    def seek(self, partition, offset: int) -> None: ...


class Reading(Consumer):
    """A project subclass of a client: still a client."""


class Holder:
    producer: MyDbProducer

    def __init__(self, producer: MyDbProducer) -> None:
        self.producer = producer

    def close(self) -> None:
        self.producer.flush(5)  # a MyDbProducer field, not Kafka


def build() -> IQEKafkaProducer:
    return make_it()


def make_it():
    ...


def shutdown() -> None:
    producer = build()
    producer.flush(5)  # declared return type from another package: not Kafka


def drain_db(producer: MyDbProducer) -> None:
    producer.flush(5)  # a project class that is not a client


def drain_protocol(consumer: LedgerLike) -> None:
    consumer.commit()  # a Protocol no Kafka client satisfies


def drain_client_protocol(consumer: ConsumerLike) -> None:
    consumer.commit()  # expect: OL101


def drain_ledger(consumer: LedgerConsumer) -> None:
    consumer.commit()  # a class from a non-Kafka package


def drain_local() -> None:
    consumer: LedgerConsumer = open_ledger()
    consumer.commit()  # variable annotation names a non-Kafka class


def open_ledger():
    ...


def untyped(consumer, producer) -> None:
    consumer.commit()  # expect: OL101
    producer.flush(5)  # expect: OL202


def typed(consumer: Consumer, producer: "Producer", maybe: Optional[Consumer]) -> None:
    consumer.commit()  # expect: OL101
    producer.flush(5)  # expect: OL202
    maybe.commit()  # expect: OL101


def subclass(reader: Reading) -> None:
    reader.commit()  # expect: OL101
