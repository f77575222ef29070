"""Code of the project that is not the library: the same imports mean the same client."""

from kafka.producer import KafkaProducer


def publish(topic: str, payload: bytes) -> None:
    producer = KafkaProducer(bootstrap_servers="localhost:9092")
    producer.send(topic, payload).get(timeout=10)
