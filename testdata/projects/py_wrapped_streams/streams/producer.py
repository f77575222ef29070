"""A producer wrapper: `send` forwards its `on_delivery` through a local dict, and
`transaction()` returns a context object that begins on entry and commits on exit."""
from confluent_kafka import Producer


class StreamProducer:
    def __init__(self, config):
        self._producer = Producer(config)

    def send(self, topic, value, key=None, on_delivery=None):
        kwargs = {"topic": topic, "value": value, "key": key}
        if on_delivery is not None:
            kwargs["on_delivery"] = on_delivery
        self._producer.produce(**kwargs)
        self._producer.poll(0)

    def begin_transaction(self):
        try:
            self._producer.begin_transaction()
        except Exception as e:
            raise RuntimeError("begin failed") from e

    def commit_transaction(self, timeout=30.0):
        try:
            self._producer.commit_transaction(timeout)
        except Exception as e:
            raise RuntimeError("commit failed") from e

    def abort_transaction(self):
        self._producer.abort_transaction()

    def transaction(self):
        return Transaction(self)


class Transaction:
    def __init__(self, producer):
        self._producer = producer

    def __enter__(self):
        self._producer.begin_transaction()
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None:
            self._producer.abort_transaction()
        else:
            self._producer.commit_transaction()
