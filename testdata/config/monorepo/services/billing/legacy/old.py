# The root excludes `legacy/**` relative to the root: not this directory.
from confluent_kafka import Consumer, Producer

consumer = Consumer({"group.id": "billing", "enable.auto.commit": False})
producer = Producer({"bootstrap.servers": "localhost:9092"})


def old() -> None:
    consumer.commit()  # expect: OL101
    producer.flush(5)  # expect: OL202
