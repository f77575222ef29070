from mypkg.kafka import ReliableConsumer
from otherpkg.kafka import ReliableConsumer as Other


def run() -> None:
    consumer = ReliableConsumer({"group.id": "billing"})
    consumer.commit()  # expect: OL101
    other = Other({"group.id": "billing"})
    other.commit()
