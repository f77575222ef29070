"""Names no Kafka module. Clients reach these classes through their generated constructors
(a dataclass, a NamedTuple) and through `cls(..)` in a classmethod."""
from dataclasses import dataclass
from typing import Any, NamedTuple


@dataclass
class Deps:
    sink: Any
    db: Any = None
    topic: str = "events"


class Pair(NamedTuple):
    source: Any
    sink: Any


class Relay:
    def __init__(self, source) -> None:
        self.source = source

    @classmethod
    def build(cls, make):
        return cls(make())

    def run(self) -> None:
        while True:
            msg = self.source.poll(1.0)
            if msg is None:
                continue
            print(msg.value())
            self.source.commit()  # expect: OL101


def emit(deps: Deps, value: bytes) -> None:
    deps.sink.produce(deps.topic, value)  # expect: OL201
    deps.sink.produce(deps.topic, value, on_delivery=print)
    deps.db.commit()


def bridge(pair: Pair) -> None:
    msg = pair.source.poll(1.0)
    if msg is not None:
        pair.sink.produce("out", msg.value())  # expect: OL201
        pair.source.commit()  # expect: OL101
        pair.source.commit(message=msg)
