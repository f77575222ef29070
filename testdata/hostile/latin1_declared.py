# -*- coding: latin-1 -*-
"""Café crème."""
from confluent_kafka import Consumer

consumer = Consumer({"group.id": "g", "enable.auto.commit": False})
msg = consumer.poll(1.0)
note = "déjà"; consumer.commit()  # expect: OL101
