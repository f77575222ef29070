"""Shipping: a callback that only logs, and a flush whose result is dropped."""
from ingest.bus import only_log, orders_producer


def ship(order):
    orders_producer.produce("shipping", order, callback=only_log)
    orders_producer.flush(10)
