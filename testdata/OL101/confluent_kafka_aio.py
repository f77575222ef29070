"""OL101 fixture: confluent_kafka.aio, whose AIOConsumer wraps every Consumer method in a
coroutine. An awaited `commit()` on a receiver that only the heuristic matches (a consumer
handed in by a framework) is that asynchronous commit: the position, as the synchronous one.
"""
from confluent_kafka import Message
from confluent_kafka.aio import AIOConsumer


class ManualAck:
    def __init__(self, consumer, raw: Message) -> None:
        self.consumer = consumer
        self.raw = raw

    async def ack(self) -> None:
        await self.consumer.commit()  # expect: OL101

    async def ack_message(self) -> None:
        await self.consumer.commit(message=self.raw)


async def run(conf: dict, db) -> None:
    consumer = AIOConsumer(conf)
    await consumer.subscribe(["orders"])
    msg = await consumer.poll(1.0)
    if msg is None or msg.error():
        return
    await db.commit()  # a database session, not Kafka
    await consumer.commit(asynchronous=False)  # expect: OL101
    await consumer.commit(message=msg)
