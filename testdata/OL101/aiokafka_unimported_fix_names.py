"""aiokafka consumer that imports neither `TopicPartition` nor `OffsetAndMetadata`.

OL101 fixture: the fix for the bare commit must import the names it uses (issue 25 item 1),
once for both findings.
"""
from aiokafka import AIOKafkaConsumer


async def consume(handle):
    consumer = AIOKafkaConsumer("t", bootstrap_servers="k", group_id="g", enable_auto_commit=False)
    await consumer.start()
    async for msg in consumer:
        await handle(msg)
        await consumer.commit()  # expect: OL101


async def consume_other(handle):
    consumer = AIOKafkaConsumer("u", bootstrap_servers="k", group_id="h", enable_auto_commit=False)
    await consumer.start()
    async for record in consumer:
        await handle(record)
        await consumer.commit()  # expect: OL101
