"""Fixtures defined as methods of a test class (or of its base class) resolve like module
fixtures: a fixture returning a project stand-in is not a client, whatever its name."""

import pytest
from confluent_kafka import Producer

from app.fakes import FakeConsumer


class ConsumerBaseTest:
    @pytest.fixture()
    def consumer(self):
        return FakeConsumer()

    @pytest.fixture()
    def producer(self):
        return Producer({"bootstrap.servers": "localhost:9092"})


class TestConsumer(ConsumerBaseTest):
    def test_commit(self, consumer):
        consumer.commit()
        assert consumer.committed == [None]

    def test_produce(self, producer):
        producer.produce("t", b"v")  # expect: OL201
