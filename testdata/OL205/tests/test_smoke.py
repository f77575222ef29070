"""OL205 precision: test code runs against a test broker, often a single one."""
from aiokafka import AIOKafkaProducer
from confluent_kafka import Producer


async def test_roundtrip(bootstrap: str) -> None:
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap)
    await producer.start()
    fast = Producer({"bootstrap.servers": bootstrap, "acks": 1})
    fast.flush()
