#!/usr/bin/env python
# vim: set fileencoding=koi8-r :
from confluent_kafka import Consumer

consumer = Consumer({"group.id": "g", "enable.auto.commit": False})
msg = consumer.poll(1.0)
s = "привет"; consumer.commit()  # expect: OL101
