"""OL101 (confluent-kafka) through threads: a wrapper whose nested function commits what the
wrapper's own parameters decide is judged at the wrapper's callers, not inside it; a commit
handed to `asyncio.to_thread` gets the keyword arguments passed along with it."""
import asyncio

from confluent_kafka import Consumer


class AsyncConsumer:
    def __init__(self, conf: dict) -> None:
        self._consumer = Consumer(conf)

    async def commit(self, message=None, offsets=None, asynchronous: bool = False) -> None:
        consumer = self._consumer
        loop = asyncio.get_running_loop()

        def _commit():
            if offsets is not None:
                return consumer.commit(offsets=offsets, asynchronous=asynchronous)
            if message is not None:
                return consumer.commit(message=message, asynchronous=asynchronous)
            return consumer.commit(asynchronous=asynchronous)

        await loop.run_in_executor(None, _commit)


async def handle(conf: dict, consumer: Consumer) -> None:
    while True:
        message = consumer.poll(1.0)
        if message is None:
            continue
        await asyncio.to_thread(consumer.commit, message=message, asynchronous=False)
        await asyncio.to_thread(consumer.commit, asynchronous=False)  # expect: OL101
