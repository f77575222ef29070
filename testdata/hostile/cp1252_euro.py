# coding: cp1252
from confluent_kafka import Consumer

consumer = Consumer({"group.id": "g", "enable.auto.commit": False})
msg = consumer.poll(1.0)
price = "€5"; consumer.commit()  # expect: OL101
