"""In-process producer/consumer pipeline on asyncio queues.

Clean fixture: names like `producer`, `consumer`, `send`, `commit` and `flush`
everywhere, but no Kafka client module is imported, so none of them is a Kafka client.
Expected findings: none.
"""
import asyncio
import logging

log = logging.getLogger(__name__)


class BatchProducer:
    def __init__(self, queue: asyncio.Queue, batch_size: int = 10) -> None:
        self.queue = queue
        self.batch: list = []
        self.batch_size = batch_size

    async def send(self, item) -> None:
        self.batch.append(item)
        if len(self.batch) >= self.batch_size:
            await self.flush()

    async def flush(self) -> int:
        n = len(self.batch)
        for item in self.batch:
            await self.queue.put(item)
        self.batch.clear()
        return n

    def produce(self, item) -> None:
        self.queue.put_nowait(item)


class AckingConsumer:
    def __init__(self, queue: asyncio.Queue) -> None:
        self.queue = queue
        self.done = 0

    async def next(self):
        return await self.queue.get()

    def commit(self) -> None:
        self.queue.task_done()
        self.done += 1


async def worker(consumer: AckingConsumer) -> None:
    while True:
        item = await consumer.next()
        log.info("processing %s", item)
        consumer.commit()


async def main(items: list) -> None:
    queue: asyncio.Queue = asyncio.Queue()
    producer = BatchProducer(queue)
    consumer = AckingConsumer(queue)
    task = asyncio.create_task(worker(consumer))
    for item in items:
        await producer.send(item)
    producer.produce("sentinel")
    await producer.flush()
    await queue.join()
    task.cancel()
