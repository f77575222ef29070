"""The production consumer of the `audit` group (aiokafka)."""
from aiokafka import AIOKafkaConsumer

from app import settings


async def audit() -> None:
    consumer = AIOKafkaConsumer("audit", group_id=settings.AUDIT_GROUP, enable_auto_commit=False)
    await consumer.start()
