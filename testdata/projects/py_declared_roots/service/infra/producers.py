from confluent_kafka import Producer

PRODUCER = Producer({"bootstrap.servers": "kafka:9092", "acks": "all"})
