import functools

import pytest
from confluent_kafka import Consumer, Producer

from ingest.consumer import BatchConsumer, RecordingConsumer

CONF = {"bootstrap.servers": "localhost:9092", "group.id": "ingest-test", "enable.auto.commit": False}


@pytest.fixture
def consumer_factory():
    """A factory of the project's consumer (a nested function)."""

    def _make(**overrides) -> BatchConsumer:
        return BatchConsumer({**CONF, **overrides})

    return _make


@pytest.fixture
def make_consumer():
    """The same, as a lambda."""
    return lambda group="ingest-test": BatchConsumer({**CONF, "group.id": group})


@pytest.fixture
def recording_consumer_factory():
    def factory():
        return RecordingConsumer()

    yield factory


@pytest.fixture
def kafka_consumer_factory():
    """A factory of the client itself: what it builds is a Kafka consumer."""

    def _make(group: str):
        return Consumer({**CONF, "group.id": group})

    yield _make


@pytest.fixture
def kafka_producer_factory():
    return lambda: Producer({"bootstrap.servers": "localhost:9092"})


@pytest.fixture
def partial_consumer_factory():
    """`functools.partial` of the project's class, and of the client's."""
    return functools.partial(BatchConsumer, CONF)


@pytest.fixture
def partial_kafka_factory():
    return functools.partial(Consumer, CONF)
