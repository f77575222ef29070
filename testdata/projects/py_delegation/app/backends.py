"""Offset stores typed by their abstract backend and narrowed with `isinstance` before use: the
parameter is the narrowed class's instance, whatever the annotation says."""
import abc

from kafka import KafkaConsumer, TopicPartition
from kafka.structs import OffsetAndMetadata


class ConsumerBackend(abc.ABC):
    @abc.abstractmethod
    def topics(self) -> list: ...


class KafkaBackend(ConsumerBackend):
    def __init__(self, topic: str) -> None:
        self.client = KafkaConsumer(topic, group_id="ledger", enable_auto_commit=False)

    def topics(self) -> list:
        return list(self.client.subscription())


class Journal:
    def commit(self) -> None:
        pass


class MemoryBackend(ConsumerBackend):
    def __init__(self) -> None:
        self.client = Journal()

    def topics(self) -> list:
        return []


def commit_offset(consumer: ConsumerBackend, message) -> None:
    if not isinstance(consumer, KafkaBackend):
        raise TypeError("consumer type mismatch")
    consumer.client.commit()  # expect: OL101


def commit_message(consumer: ConsumerBackend, message) -> None:
    assert isinstance(consumer, KafkaBackend)
    tp = TopicPartition(message.topic, message.partition)
    consumer.client.commit({tp: OffsetAndMetadata(message.offset + 1, None)})


def commit_journal(consumer: ConsumerBackend) -> None:
    if not isinstance(consumer, MemoryBackend):
        raise TypeError("consumer type mismatch")
    consumer.client.commit()
