"""Scratch code sharing a group only with tests and examples: not a production group."""
from confluent_kafka import Consumer

backfill = Consumer({"group.id": "integration", "enable.auto.commit": False})
demo = Consumer({"group.id": "demo", "enable.auto.commit": False})
