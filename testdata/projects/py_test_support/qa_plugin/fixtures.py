"""A QA plug-in's pytest fixtures, outside any test directory: defining pytest fixtures
makes it test support, not a fixture-data generator (never OL402)."""
import pytest_asyncio
from aiokafka import AIOKafkaProducer

from app.publisher import publish
from app import orders_checkpoint


@pytest_asyncio.fixture
async def producer():
    p = AIOKafkaProducer(bootstrap_servers="localhost:9092", acks="all")
    await p.start()
    yield p
    await p.stop()


def publish_one():
    publish(b"x")
    orders_checkpoint.save(1)  # expect: OL204
