"""Test doubles named like clients are not clients."""
from unittest.mock import AsyncMock, MagicMock, create_autospec

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
