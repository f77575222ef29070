"""Scratch code by its name, reusing the production settings."""
from aiokafka import AIOKafkaConsumer
from confluent_kafka import Consumer

from app import settings
from app.settings import GROUP_ID, REPLAY_GROUP

replay = Consumer({"group.id": GROUP_ID, "enable.auto.commit": False})  # expect: OL404
own = Consumer({"group.id": REPLAY_GROUP, "enable.auto.commit": False})


async def tail_audit() -> None:
    consumer = AIOKafkaConsumer(  # expect: OL404
        "audit",
        group_id=settings.AUDIT_GROUP,
        enable_auto_commit=False,
    )
    await consumer.start()
