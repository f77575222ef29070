"""OL102 fixture (aiokafka): an awaited commit in a broad or transient handler."""
import asyncio

from aiokafka import AIOKafkaConsumer
from aiokafka.structs import OffsetAndMetadata, TopicPartition

from billing import apply_payment


async def consume(consumer: AIOKafkaConsumer) -> None:
    async for msg in consumer:
        tp = TopicPartition(msg.topic, msg.partition)
        offsets = {tp: OffsetAndMetadata(msg.offset + 1, "")}
        try:
            await apply_payment(msg.value)
        except asyncio.TimeoutError:
            await consumer.commit(offsets)  # expect: OL102
            raise
        except ValueError:
            await consumer.commit(offsets)  # poison
            continue
        await consumer.commit(offsets)
