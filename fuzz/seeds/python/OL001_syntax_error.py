# expect-file: OL001
"""A consumer loop with a missing colon: the file cannot be parsed."""
from confluent_kafka import Consumer

consumer = Consumer({"bootstrap.servers": "localhost:9092", "group.id": "g"})
consumer.subscribe(["orders"])

while True
    msg = consumer.poll(1.0)
    if msg is None:
        continue
    consumer.commit()
