"""Example code: not production; scratch code by its name, so checked as such."""
from confluent_kafka import Consumer

demo = Consumer({"group.id": "demo", "enable.auto.commit": False})
billing = Consumer({"group.id": "billing", "enable.auto.commit": False})  # expect: OL404
