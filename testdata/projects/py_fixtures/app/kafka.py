from aiokafka import AIOKafkaConsumer
from confluent_kafka import Consumer, Producer

CONF = {"bootstrap.servers": "localhost:9092", "group.id": "payments-test", "enable.auto.commit": False}


def make_consumer(group: str):
    return Consumer({**CONF, "group.id": group})


def make_producer():
    return Producer({"bootstrap.servers": "localhost:9092"})


def make_async_consumer(topic: str) -> AIOKafkaConsumer:
    return AIOKafkaConsumer(topic, group_id="payments-test", enable_auto_commit=False)
