"""The service's producer."""
from confluent_kafka import Producer

PRODUCER = Producer({"bootstrap.servers": "kafka:9092", "on_delivery": print})
