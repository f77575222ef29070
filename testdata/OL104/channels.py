"""OL104 fixture (confluent-kafka, aiokafka): messages a consume loop puts on a queue. The
loop that takes them off the queue is a consume loop of that consumer."""
import asyncio
import queue

from aiokafka import AIOKafkaConsumer, TopicPartition
from aiokafka.structs import OffsetAndMetadata
from confluent_kafka import Consumer

from sink import store


class Pipeline:
    def __init__(self, conf):
        self._consumer = Consumer(conf)
        self._queue = queue.Queue(maxsize=100)

    def pump(self):
        while True:
            msg = self._consumer.poll(1.0)
            if msg is None or msg.error():
                continue
            self._queue.put(msg)

    def work(self):
        while True:
            msg = self._queue.get()
            self._consumer.commit(message=msg)  # expect: OL104
            store(msg.value())

    def work_after(self):
        for msg in iter(self._queue.get, None):
            store(msg.value())
            self._consumer.commit(message=msg)


async def pump(consumer, q):
    async for msg in consumer:
        await q.put(msg)


async def work(consumer, q):
    while True:
        msg = await q.get()
        tp = TopicPartition(msg.topic, msg.partition)
        await consumer.commit({tp: OffsetAndMetadata(msg.offset + 1, "")})  # expect: OL104
        await store(msg.value)


async def work_after(consumer, q):
    while True:
        msg = await q.get()
        await store(msg.value)
        tp = TopicPartition(msg.topic, msg.partition)
        await consumer.commit({tp: OffsetAndMetadata(msg.offset + 1, "")})


async def main():
    consumer = AIOKafkaConsumer("orders", group_id="g", enable_auto_commit=False)
    q = asyncio.Queue()
    await asyncio.gather(pump(consumer, q), work(consumer, q))
    q2 = asyncio.Queue()
    await asyncio.gather(pump(consumer, q2), work_after(consumer, q2))


def ticks(consumer: Consumer, q: queue.Queue):
    # Nothing a consume loop received goes on this queue.
    while True:
        tick = q.get()
        consumer.commit(asynchronous=False)  # expect: OL101
        store(tick)
