"""Uses the registry's containers; names no Kafka library itself."""
from .registry import CONSUMERS, PAIR, PRODUCERS, SETTINGS


def cb(err, msg) -> None:
    if err is not None:
        raise RuntimeError(err)


def publish(name: str, body: bytes) -> None:
    PRODUCERS[name].produce(name, body)  # expect: OL201
    PRODUCERS[name].produce(name, body, on_delivery=cb)
    PRODUCERS.get(name).flush(5)  # expect: OL202
    for p in PRODUCERS.values():
        if p.flush(5):
            raise RuntimeError("still queued")


def settle(i: int) -> None:
    CONSUMERS[i].commit()  # expect: OL101
    msg = CONSUMERS[i].poll(1.0)
    CONSUMERS[i].commit(message=msg)


def unrelated(name: str, i: int) -> None:
    SETTINGS[name].update({"acks": "all"})
    PAIR[i].commit()
