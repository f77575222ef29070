"""Test doubles named like clients are not clients."""
from unittest.mock import AsyncMock, MagicMock, create_autospec, patch

import pytest
from confluent_kafka import Producer


@pytest.fixture
def producer():
    return MagicMock(spec=Producer)


@pytest.fixture
def async_producer():
    yield AsyncMock()


@pytest.fixture
def mocked_producer(mocker):
    return mocker.MagicMock()


@pytest.fixture
def patched_producer(mocker):
    return mocker.patch("ingest.consumer.Consumer").return_value


@pytest.fixture
def autospec_producer():
    return create_autospec(Producer, instance=True)


def test_publish(producer):
    producer.produce("t", b"v")
    producer.flush(1)


async def test_async_publish(async_producer):
    await async_producer.send("t", b"v")


def test_mocker(mocked_producer, patched_producer, autospec_producer):
    mocked_producer.produce("t", b"v")
    patched_producer.produce("t", b"v")
    autospec_producer.produce("t", b"v")
    autospec_producer.flush(1)


def test_mocker_inline(mocker):
    producer = mocker.Mock()
    producer.produce("t", b"v")
    consumer = mocker.patch.object(Producer, "produce")
    consumer.commit()


@patch("ingest.consumer.Consumer")
@patch.object(Producer, "flush", return_value=0)
def test_patched(mock_flush, mock_consumer):
    mock_consumer.commit()
    mock_flush.flush(1)


@patch.object(Producer, "flush", return_value=0)
def test_patched_then_fixture(mock_flush, kafka_consumer_factory):
    consumer = kafka_consumer_factory("f")
    consumer.commit()  # expect: OL101


@patch("ingest.consumer.Consumer", new=MagicMock())
def test_patched_with_replacement(kafka_consumer_factory):
    consumer = kafka_consumer_factory("g")
    consumer.commit()  # expect: OL101
