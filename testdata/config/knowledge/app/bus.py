from confluent_kafka import Producer

producer = Producer({"bootstrap.servers": "localhost:9092"})


def safe_produce(p, topic, value, on_delivery=None):
    p.produce(topic, value, on_delivery=on_delivery)
    p.flush()


def publish(events) -> None:
    for e in events:
        safe_produce(producer, "audit", e)
