"""OL104 fixture (aiokafka)."""
from aiokafka import AIOKafkaConsumer
from aiokafka.structs import OffsetAndMetadata, TopicPartition

from search import index_document


async def consume(consumer: AIOKafkaConsumer) -> None:
    async for msg in consumer:
        tp = TopicPartition(msg.topic, msg.partition)
        await consumer.commit({tp: OffsetAndMetadata(msg.offset + 1, "")})  # expect: OL104
        await index_document(msg.value)
    async for msg in consumer:
        await index_document(msg.value)
        tp = TopicPartition(msg.topic, msg.partition)
        await consumer.commit({tp: OffsetAndMetadata(msg.offset + 1, "")})
