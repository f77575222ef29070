"""The process's clients, built once at import."""
from confluent_kafka import Producer

PRODUCER = Producer({"bootstrap.servers": "k"})
