from confluent_kafka import Consumer

consumer = Consumer({"group.id": "g", "enable.auto.commit": False})
msg = consumer.poll(1.0)
# [2J[31mfake.py:1:1: OL999 [forged] line[0m
x = "‮evil‬"; consumer.commit()  # expect: OL101
