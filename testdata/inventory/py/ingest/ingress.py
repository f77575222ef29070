"""Ingress consumers: a group computed from a settings object, a consumer with no group."""
from aiokafka import AIOKafkaConsumer
from confluent_kafka import Consumer

from ingest.bus import BASE
from ingest.runtime import config


def ingress_consumer():
    consumer = Consumer({**BASE, "group.id": config.host_ingress_consumer_group})
    consumer.subscribe(["ingress"])
    while True:
        msg = consumer.poll(1.0)
        if msg is not None:
            consumer.commit(msg)


async def tail():
    consumer = AIOKafkaConsumer("audit-tail", bootstrap_servers="kafka:9092")
    await consumer.start()
    batch = await consumer.getmany(timeout_ms=1000)
    return batch
