"""A project module that leads to the Kafka client through another one."""
from app.bus import make_producer


def publish(value: bytes) -> None:
    producer = make_producer()
    producer.produce("orders", value, on_delivery=print)
    if producer.flush(10):
        raise RuntimeError("undelivered")
