"""Twin of heuristic_value_imports.py: the same code, but the file imports a client class
next to the value types, so the name heuristic applies.
"""
from confluent_kafka import Consumer, KafkaException, Message


def handle(consumer, msg: Message) -> None:
    if msg.error() is not None:
        raise KafkaException(msg.error())
    consumer.commit()  # expect: OL101


def close(producer) -> None:
    producer.flush(5)  # expect: OL202


def build(conf: dict) -> Consumer:
    return Consumer(conf)
