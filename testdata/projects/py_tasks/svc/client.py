"""A shared client module: `send` returns the task it creates, so its callers own it."""
import asyncio

from aiokafka import AIOKafkaProducer


class EventClient:
    def __init__(self, producer: AIOKafkaProducer) -> None:
        self._producer = producer

    async def _send(self, topic: str, value: bytes) -> None:
        await self._producer.send_and_wait(topic, value)

    def send(self, topic: str, value: bytes) -> asyncio.Future:
        return asyncio.ensure_future(self._send(topic, value))
