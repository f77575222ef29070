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


async def relay_swallowing(consumer: AIOKafkaConsumer, producer: AIOKafkaProducer) -> None:
    # `send_and_wait` confirms the delivery, but the handler logs its failure and goes on.
    async for msg in consumer:
        try:
            await producer.send_and_wait("out", msg.value)
        except Exception as exc:  # expect: OL103
            print("not delivered", exc)
        tp = TopicPartition(msg.topic, msg.partition)
        await consumer.commit({tp: OffsetAndMetadata(msg.offset + 1, "")})  # expect: OL204


async def relay_waiting(consumer: AIOKafkaConsumer, producer: AIOKafkaProducer) -> None:
    async for msg in consumer:
        await producer.send_and_wait("out", msg.value)
        tp = TopicPartition(msg.topic, msg.partition)
        await consumer.commit({tp: OffsetAndMetadata(msg.offset + 1, "")})
