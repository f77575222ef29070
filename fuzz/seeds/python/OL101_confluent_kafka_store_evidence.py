"""OL101: explicit store_offsets calls on the same consumer are evidence that the automatic
offset store is off (librdkafka rejects explicit stores otherwise), even when the
configuration is built elsewhere."""
from confluent_kafka import Consumer


class Worker:
    def __init__(self, consumer: Consumer) -> None:
        self.consumer = consumer  # config comes from the caller: not visible

    def handle(self, msg) -> None:
        process(msg)
        self.consumer.store_offsets(message=msg)

    def checkpoint(self) -> None:
        # Commits only what `handle` stored: the documented at-least-once pattern.
        self.consumer.commit(asynchronous=False)


class Other:
    def __init__(self, consumer: Consumer) -> None:
        self.consumer = consumer

    def checkpoint(self) -> None:
        # Nothing in this class stores offsets explicitly: a position-wide commit.
        self.consumer.commit()  # expect: OL101


def drain(consumer: Consumer, msg) -> None:
    consumer.store_offsets(message=msg)
    consumer.commit()  # the same consumer stored explicitly in this function


def drain_other(consumer: Consumer, stored: Consumer) -> None:
    stored.store_offsets()
    consumer.commit()  # expect: OL101


def process(msg) -> None:
    print(msg.value())
