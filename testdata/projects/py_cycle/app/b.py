"""The other half of the cycle; imports no Kafka module itself."""
from . import a
from .a import ping, producer

LOOP_BACK = a.LOOP


def confirm(err, msg) -> None:
    if err is not None:
        raise RuntimeError(err)


def make():
    return producer()


def source():
    return a.consumer()


def pong(n: int):
    return ping(n)


def relay_topic() -> str:
    return "relay"


def drain() -> None:
    p = make()
    p.flush(5)  # expect: OL202
    if p.flush(5):
        raise RuntimeError("relay records still queued")
    pong(2).flush(5)
    LOOP_BACK.flush(5)
