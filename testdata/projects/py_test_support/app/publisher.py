"""A publishing helper: imports the bus."""
from app import bus


def publish(value: bytes) -> None:
    bus.PRODUCER.produce("orders", value, on_delivery=print)
