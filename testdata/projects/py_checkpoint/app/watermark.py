"""Event-time watermarks: two hops to the network, and a function-local import."""
from confluent_kafka import TopicPartition

from .localfs import write_atomic
from .sync import push  # expect-gap: OL401 not followed through project modules (sync -> transport -> requests)


def advance(path: str, tp: TopicPartition, ts: int) -> None:
    write_atomic(path, str(ts).encode())
    push({"topic": tp.topic, "ts": ts})


def replicate(state: dict) -> None:
    from .transport import upload_offsets  # expect-gap: OL401 not followed through a function-local import of a project module (transport imports requests)

    upload_offsets(state)
