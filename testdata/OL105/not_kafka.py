"""OL105 precision: consumers of other systems, and a project class named `Consumer`."""
from kombu import Consumer as KombuConsumer
from kombu import Connection

from .workers import Consumer


def run(channel) -> None:
    with Connection("amqp://") as conn:
        consumer = KombuConsumer(conn, queues=[], accept=["json"])
        consumer.consume()
    worker = Consumer({"group.id": "billing"})
    worker.start()
