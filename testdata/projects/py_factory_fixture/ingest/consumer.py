"""The project's own consumer: it commits the messages it has processed, one by one."""
from confluent_kafka import Consumer


class BatchConsumer:
    def __init__(self, conf: dict) -> None:
        self._consumer = Consumer(conf)
        self._done = []

    def poll(self, timeout: float):
        msg = self._consumer.poll(timeout)
        if msg is not None:
            self._done.append(msg)
        return msg

    def commit(self) -> None:
        for msg in self._done:
            self._consumer.commit(message=msg, asynchronous=False)
        self._done.clear()


class RecordingConsumer:
    """A stand-in that records commits: no client at all."""

    def __init__(self) -> None:
        self.commits = 0

    def commit(self) -> None:
        self.commits += 1
