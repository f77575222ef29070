from confluent_kafka import Producer

producer = Producer({"bootstrap.servers": "kafka:9092", "acks": "1"})  # expect: OL205
