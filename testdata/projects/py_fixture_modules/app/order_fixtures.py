"""Fixture generation: plain data only, never a client or a checkpoint module."""
from app.records import sample_order
from app.relay import publish  # expect: OL402
from app import offsets_checkpoint  # expect: OL402
from app.replay import resume  # expect: OL402
from app.plugins import bus  # expect: OL402


def orders(n: int) -> list[bytes]:
    return [sample_order(i) for i in range(n)]


def seed(n: int) -> None:
    for value in orders(n):
        publish(value)
    print(offsets_checkpoint, resume, bus)
