"""OL104 fixture: a message taken with the iterator protocol's builtins (`next(consumer)`,
`await anext(consumer)`, `consumer.__next__()`) is a polled message like `for msg in consumer`."""
from aiokafka import AIOKafkaConsumer
from kafka import KafkaConsumer

from search import index_document


class Worker:
    def __init__(self, config):
        self.client = KafkaConsumer(**config)

    def run(self):
        while True:
            msg = next(self.client)
            data = msg.value.decode("utf-8")
            if self.client.config["enable_auto_commit"] is False:
                self.client.commit()  # expect: OL104, OL101
            index_document(data)

    def run_in_order(self):
        while True:
            msg = self.client.__next__()
            index_document(msg.value)
            self.client.commit()  # expect: OL101


async def consume(consumer: AIOKafkaConsumer) -> None:
    while True:
        msg = await anext(consumer)
        await consumer.commit()  # expect: OL104, OL101
        await index_document(msg.value)


def next_of_something_else(pages):
    page = next(pages)
    index_document(page)
