from confluent_kafka import Consumer

consumer = Consumer({"group.id": "g", "enable.auto.commit": False})
msg = consumer.poll(1.0)
consumer.commit()  # noqa: aé  # expect: OL101
