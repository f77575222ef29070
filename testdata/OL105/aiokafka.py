"""OL105 fixture (aiokafka)."""
from aiokafka import AIOKafkaConsumer


async def consume() -> None:
    consumer = AIOKafkaConsumer("payments", group_id="billing")  # expect: OL105
    await consumer.start()
    manual = AIOKafkaConsumer("payments", group_id="billing", enable_auto_commit=False)
    await manual.start()
    tail = AIOKafkaConsumer("payments", bootstrap_servers="localhost:9092")
    await tail.start()
