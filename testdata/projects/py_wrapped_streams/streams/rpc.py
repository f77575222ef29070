"""Generator-based coroutines: `yield from fut` awaits it."""
import asyncio

from aiokafka import AIOKafkaProducer


class Responder:
    def __init__(self):
        self._producer = AIOKafkaProducer(bootstrap_servers="k:9092", acks="all")

    @asyncio.coroutine
    def respond(self, value):
        yield from self._producer.send("replies", value)  # expect: OL201

    @asyncio.coroutine
    def respond_confirmed(self, value):
        fut = yield from self._producer.send("replies", value)
        yield from fut
