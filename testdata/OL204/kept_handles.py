"""OL204: a delivery handle kept in a name confirms delivery only where it is awaited or
`.get()` before the commit; a callback registered on it reports later."""
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from aiokafka.structs import OffsetAndMetadata, TopicPartition
from kafka import KafkaConsumer, KafkaProducer


def next_offset(msg):
    return {TopicPartition(msg.topic, msg.partition): OffsetAndMetadata(msg.offset + 1, "")}


async def relay_awaited_too_late(src: AIOKafkaConsumer, sink: AIOKafkaProducer):
    async for msg in src:
        delivery = await sink.send("out", msg.value)
        await src.commit(next_offset(msg))  # expect: OL204
        await delivery


async def relay_with_a_callback_only(src: AIOKafkaConsumer, sink: AIOKafkaProducer):
    async for msg in src:
        delivery = await sink.send("out", msg.value)
        delivery.add_done_callback(lambda f: None)
        await src.commit(next_offset(msg))  # expect: OL204


async def relay_awaited_first(src: AIOKafkaConsumer, sink: AIOKafkaProducer):
    async for msg in src:
        delivery = await sink.send("out", msg.value)
        await delivery
        await src.commit(next_offset(msg))


def copy_get_too_late(src: KafkaConsumer, sink: KafkaProducer):
    for msg in src:
        future = sink.send("out", msg.value)
        src.commit(next_offset(msg))  # expect: OL204
        future.get(timeout=10)


def copy_get_first(src: KafkaConsumer, sink: KafkaProducer):
    for msg in src:
        future = sink.send("out", msg.value)
        future.get(timeout=10)
        src.commit(next_offset(msg))
