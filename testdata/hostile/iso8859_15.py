# -*- coding: iso-8859-15 -*-
from confluent_kafka import Consumer

consumer = Consumer({"group.id": "g", "enable.auto.commit": False})
msg = consumer.poll(1.0)
s = "€Œ"; consumer.commit()  # expect: OL101
