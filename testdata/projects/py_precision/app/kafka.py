"""The package's own `kafka` module: a replay reader over files, not kafka-python."""


class KafkaConsumer:
    def __init__(self, path: str) -> None:
        self.path = path
        self.offset = 0

    def poll(self, timeout: float = 1.0):
        self.offset += 1
        return self.offset

    def commit(self, offsets=None) -> None:
        pass
