"""The production consumer of the `billing` group."""
from confluent_kafka import Consumer

from app.settings import GROUP_ID


def make_consumer() -> Consumer:
    return Consumer({"group.id": GROUP_ID, "enable.auto.commit": False})
