"""A message that acks through whatever consumer it was given: a typing.Protocol says what
the consumer can do, not what it is, so the name heuristic (this file imports aiokafka)
judges the commit."""

from typing import Any, Protocol

from aiokafka import AIOKafkaConsumer, KafkaClient, TopicPartition


class ConsumerProtocol(Protocol):
    async def commit(self) -> None: ...


class KafkaMessage:
    def __init__(self, raw: Any, *, consumer: ConsumerProtocol) -> None:
        self.raw = raw
        self.consumer = consumer

    async def ack(self) -> None:
        await self.consumer.commit()  # expect: OL101

    async def ack_one(self) -> None:
        tp = TopicPartition(self.raw.topic, self.raw.partition)
        await self.consumer.commit({tp: self.raw.offset + 1})


def real_consumer() -> AIOKafkaConsumer:
    return AIOKafkaConsumer("t", group_id="g", enable_auto_commit=False)


def wrapped(raw: Any) -> KafkaMessage:
    return KafkaMessage(raw, consumer=real_consumer())


async def publish_with_unknown_class(value: bytes) -> None:
    # `KafkaClient` is a name of the Kafka library that is not a client type offsetlint
    # knows: not evidence of a non-Kafka value, so the name heuristic decides.
    producer = KafkaClient(bootstrap_servers="k")
    producer.send("t", value)  # expect: OL201
