"""OL103 fixture (aiokafka): `async for` over the consumer. The loops commit, so the next
commit covers a skipped message; a loop that never commits (on a consumer without visible
auto-commit) loses nothing by going on."""
import logging

from aiokafka import AIOKafkaConsumer

from search import index_document

log = logging.getLogger(__name__)


async def consume(consumer: AIOKafkaConsumer) -> None:
    async for msg in consumer:
        try:
            await index_document(msg.value)
        except Exception:  # expect: OL103
            log.exception("index failed")
        await consumer.commit()  # expect: OL101
    async for msg in consumer:
        try:
            await index_document(msg.value)
        except Exception:
            log.exception("index failed")
            await consumer.stop()
            return


async def batches(consumer: AIOKafkaConsumer) -> None:
    while True:
        batch = await consumer.getmany(timeout_ms=1000)
        for tp, messages in batch.items():
            for msg in messages:
                try:
                    await index_document(msg.value)
                except OSError:  # expect: OL103
                    continue
        await consumer.commit()  # expect: OL101


async def never_commits(consumer: AIOKafkaConsumer) -> None:
    # No commit in sight, but the loop still goes on past the failed message: aiokafka's
    # auto-commit (its default) or a later commit elsewhere covers it (catalog: a consume
    # loop is one "whatever the commit mode").
    async for msg in consumer:
        try:
            await index_document(msg.value)
        except Exception:  # expect: OL103
            log.exception("the loop goes on past the failed message")
