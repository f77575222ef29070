"""OL402: a fixture-generation module must build plain data, not clients."""
import json

from confluent_kafka import Producer  # expect: OL402
from confluent_kafka.admin import AdminClient  # expect: OL402


def sample_orders(n: int) -> list[bytes]:
    return [json.dumps({"id": i}).encode() for i in range(n)]


def seed(topic: str, n: int) -> None:
    import aiokafka  # expect: OL402

    producer = Producer({"bootstrap.servers": "localhost:9092"})
    for value in sample_orders(n):
        producer.produce(topic, value, on_delivery=print)
    remaining = producer.flush(10)
    assert remaining == 0
    print(aiokafka, AdminClient)
