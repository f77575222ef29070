"""OL102/OL103: a class's own commit and consume helpers, called on `self` by its run loop,
are that loop's commit and consume (not a wrapper's implementation left to its users)."""
from confluent_kafka import Consumer


class App:
    def __init__(self, consumer_config) -> None:
        self.consumer = Consumer(consumer_config)

    def _consume(self):
        return self.consumer.consume(num_messages=10, timeout=1.0)

    def _commit(self, msg) -> None:
        self.consumer.commit(msg)

    def run(self) -> None:
        while True:
            for msg in self._consume():
                try:
                    handle(msg)
                except Exception as e:  # expect: OL103
                    print(e)
                finally:
                    self._commit(msg)  # expect: OL102

    def run_safely(self) -> None:
        while True:
            for msg in self._consume():
                try:
                    handle(msg)
                except ValueError:
                    self._commit(msg)  # a poison message: committed on purpose
                    continue
                self._commit(msg)


def handle(msg) -> None:
    print(msg.value())
