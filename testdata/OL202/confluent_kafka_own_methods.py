"""OL202 (confluent-kafka): a wrapper's `close()` calling its own `flush()` drops the count
where nobody sees it; its `__exit__` is the wrapper's implementation of `with`, and its users
own the count there."""
from confluent_kafka import Producer

FLUSH_TIMEOUT_SECONDS = 5.0


class FlowProducer:
    def __init__(self, conf: dict) -> None:
        self._producer = Producer(conf)

    def flush(self, timeout: float = FLUSH_TIMEOUT_SECONDS) -> int:
        result: int = self._producer.flush(timeout)
        return result

    def close(self) -> None:
        self.flush()  # expect: OL202

    def drain(self) -> int:
        return self.flush()

    def __enter__(self) -> "FlowProducer":
        return self

    def __exit__(self, *exc) -> None:
        self.flush()
