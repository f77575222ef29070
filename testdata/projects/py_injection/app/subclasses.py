"""Builds the clients: a subclass hands its consumer to the base class's constructor, and a
producer and a database connection are set on a notifier from outside."""

import sqlite3

from confluent_kafka import Consumer, Producer

from app.workers import BaseWorker, Notifier


class OrdersWorker(BaseWorker):
    def __init__(self, conf: dict) -> None:
        super().__init__(Consumer(conf), "orders")


def main(conf: dict) -> None:
    OrdersWorker(conf).loop()
    notifier = Notifier()
    notifier.sink = Producer(conf)
    notifier.store = sqlite3.connect(":memory:")
    notifier.notify(b"x")
    notifier.save()
