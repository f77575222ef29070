"""Uses the lazily built globals of `singletons`; names no Kafka library itself."""
from . import singletons


def settle() -> None:
    singletons.consumer().commit()  # expect: OL101
    msg = singletons.consumer().poll(1.0)
    singletons.consumer().commit(message=msg)


def publish(body: bytes) -> None:
    singletons.producer().produce("ledger", body)  # expect: OL201


def record(key: str) -> None:
    # A plain dict assigned under `global`: nothing to resolve.
    singletons.ledger().update({key: 1})
