"""Audit trail over aiokafka: a manually committed consumer and an idempotent producer."""
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer


async def mirror():
    consumer = AIOKafkaConsumer(
        "audit", group_id="audit-mirror", enable_auto_commit=False
    )
    producer = AIOKafkaProducer(enable_idempotence=True)
    await consumer.start()
    await producer.start()
    async for msg in consumer:
        delivery = await producer.send("audit-copy", msg.value)
        await delivery
        await consumer.commit()
