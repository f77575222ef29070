# expect-file: OL001
"""An unclosed call at the end of the file (unexpected EOF)."""
from confluent_kafka import Producer

producer = Producer({"bootstrap.servers": "localhost:9092"})
producer.produce(
    "events",
    value=b"payload",
