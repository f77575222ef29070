"""OL103 fixture (aiokafka): `async for` over the consumer."""
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
