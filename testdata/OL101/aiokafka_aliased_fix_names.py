"""aiokafka consumer importing `TopicPartition` under another name.

OL101 fixture: the fix reuses the alias and imports only `OffsetAndMetadata`.
"""
try:
    import ujson as json
except ImportError:
    import json

from aiokafka import AIOKafkaConsumer
from aiokafka.structs import TopicPartition as TP


async def consume():
    consumer = AIOKafkaConsumer("t", bootstrap_servers="k", group_id="g", enable_auto_commit=False)
    await consumer.start()
    async for msg in consumer:
        print(json.loads(msg.value), TP)
        await consumer.commit()  # expect: OL101
