"""OL104: the offsets map a batch loop keeps and commits is not message data waiting for a
sink; the commit after the batch's effects is the correct order."""
from aiokafka import AIOKafkaConsumer


async def bulk(consumer: AIOKafkaConsumer, offsets: dict) -> None:
    while True:
        batches = await consumer.getmany(timeout_ms=1000)
        for tp, msgs in batches.items():
            await handle(msgs)
            offsets[tp] = msgs[-1].offset + 1
        await consumer.commit(offsets)


async def handle(msgs) -> None:
    for m in msgs:
        print(m.value)
