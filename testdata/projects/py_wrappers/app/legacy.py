"""kafka-python and aiokafka senders that return the delivery future."""
from aiokafka import AIOKafkaProducer
from kafka import KafkaProducer


class LegacySender:
    def __init__(self) -> None:
        self._kp = KafkaProducer(bootstrap_servers="kafka:9092")

    def send(self, value: bytes):
        return self._kp.send("legacy", value)


class AsyncSender:
    def __init__(self) -> None:
        self._p = AIOKafkaProducer(bootstrap_servers="kafka:9092")  # expect: OL205

    async def send(self, value: bytes):
        return await self._p.send("async", value)
