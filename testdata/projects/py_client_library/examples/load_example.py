"""The library's own example: `kafka` here is the client library (the project is it)."""

from kafka import KafkaConsumer, KafkaProducer


def produce(topic: str, payload: bytes) -> None:
    producer = KafkaProducer(bootstrap_servers="localhost:9092")
    producer.send(topic, payload)  # expect: OL201
    future = producer.send(topic, payload)
    future.get(timeout=10)


def consume(topic: str) -> None:
    consumer = KafkaConsumer(topic, group_id="g")  # expect: OL105
    for message in consumer:
        print(message)
        consumer.commit()  # expect: OL101
