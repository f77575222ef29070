"""Scratch code by its directory: exploring the billing topic by hand."""
import os

from confluent_kafka import Consumer
from kombu import Consumer as KombuConsumer

# The production group, as a literal.
peek = Consumer({"group.id": "billing", "enable.auto.commit": False})  # expect: OL404
# A group of its own, no group, a group nobody in production uses, one from the environment.
own = Consumer({"group.id": "billing-explore", "enable.auto.commit": False})
no_group = Consumer({"bootstrap.servers": "localhost:9092", "enable.auto.commit": False})
unused = Consumer({"group.id": "billing-replay", "enable.auto.commit": False})
from_env = Consumer({"group.id": os.environ["GROUP"], "enable.auto.commit": False})
# Not a Kafka consumer.
queue = KombuConsumer(None, queues=[], group_id="billing")
