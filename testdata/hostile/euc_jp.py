# coding: euc_jp
from confluent_kafka import Consumer

consumer = Consumer({"group.id": "g", "enable.auto.commit": False})
msg = consumer.poll(1.0)
s = "日本語"; consumer.commit()  # expect: OL101
