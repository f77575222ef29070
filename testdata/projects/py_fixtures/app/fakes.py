"""In-memory stand-ins for unit tests."""


class FakeConsumer:
    def __init__(self) -> None:
        self.committed = []

    def poll(self, timeout: float):
        return None

    def commit(self, message=None) -> None:
        self.committed.append(message)
