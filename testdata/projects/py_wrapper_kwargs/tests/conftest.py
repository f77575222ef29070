import pytest

from kafkawrap import Consumer, Producer


@pytest.fixture
def consumer() -> Consumer:
    return Consumer({"bootstrap.servers": "b:9092", "group.id": "g", "enable.auto.commit": False})


@pytest.fixture
def producer() -> Producer:
    return Producer({"bootstrap.servers": "b:9092"})
