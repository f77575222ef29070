"""OL101/OL202 precision: importing only value types from Kafka libraries (messages, topic
partitions, errors) does not switch the name heuristic on. Nothing here may be flagged; the
twins that import a client class or module are heuristic_client_import.py and
heuristic_module_import.py.
"""
from aiokafka.structs import TopicPartition as AioTopicPartition
from confluent_kafka import KafkaError, KafkaException, Message, TopicPartition
from kafka.errors import CommitFailedError


def handle(consumer, msg: Message) -> None:
    if msg.error() is not None:
        raise KafkaException(msg.error())
    consumer.commit()  # a value-type import only: heuristic off


def close(producer) -> None:
    producer.flush(5)  # a value-type import only: heuristic off


def positions(consumer, topic: str) -> list:
    try:
        return [TopicPartition(topic, 0), AioTopicPartition(topic, 1)]
    except (KafkaError, CommitFailedError):
        consumer.commit()  # a value-type import only: heuristic off
        return []
