"""OL204 fixture (aiokafka): `await producer.send(..)` returns a delivery future."""
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from aiokafka.structs import OffsetAndMetadata, TopicPartition


async def relay(consumer: AIOKafkaConsumer, producer: AIOKafkaProducer) -> None:
    async for msg in consumer:
        await producer.send("out", msg.value)  # expect: OL201
        tp = TopicPartition(msg.topic, msg.partition)
        await consumer.commit({tp: OffsetAndMetadata(msg.offset + 1, "")})  # expect: OL204


async def relay_confirmed(consumer: AIOKafkaConsumer, producer: AIOKafkaProducer) -> None:
    async for msg in consumer:
        await (await producer.send("out", msg.value))
        tp = TopicPartition(msg.topic, msg.partition)
        await consumer.commit({tp: OffsetAndMetadata(msg.offset + 1, "")})
