"""Example code: not production, and not checked as scratch code."""
from confluent_kafka import Consumer

demo = Consumer({"group.id": "demo", "enable.auto.commit": False})
billing = Consumer({"group.id": "billing", "enable.auto.commit": False})
