"""Orders: confirmed per call by a callback that records failures."""
from ingest.bus import orders_producer, record_failure

ORDERS_TOPIC = "orders"


def place(order):
    orders_producer.produce(ORDERS_TOPIC, order, on_delivery=record_failure)
