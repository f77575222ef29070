"""A consume loop that hands each message to a method: what that method commits, it commits
for that message."""
from aiokafka import AIOKafkaConsumer


def decode(raw):
    return raw


async def handle(event):
    ...


class Worker:
    def __init__(self):
        self._consumer = AIOKafkaConsumer("t", group_id="g", enable_auto_commit=False)

    async def run(self):
        async for message in self._consumer:
            await self._process(message)

    async def run_after(self):
        async for message in self._consumer:
            await self._process_after(message)

    async def _process(self, message):
        # Committed first, handled after: a crash in between loses the message.
        await self._consumer.commit()  # expect: OL101, OL104
        event = decode(message.value)
        await handle(event)

    async def _process_after(self, message):
        event = decode(message.value)
        await handle(event)
        await self._consumer.commit()  # expect: OL101
