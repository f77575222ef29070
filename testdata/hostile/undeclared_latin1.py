# expect-file: OL001
from confluent_kafka import Consumer

consumer = Consumer({"group.id": "g"})
msg = consumer.poll(1.0)
note = "café"
