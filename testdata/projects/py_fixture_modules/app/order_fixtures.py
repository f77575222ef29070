"""Fixture generation: plain data only, never a client or a checkpoint module."""
from app.records import sample_order
from app.relay import publish  # expect: OL402
from app import offsets_checkpoint  # expect: OL402
# These two reach a client through project modules, as `app.relay` does: one cause, one
# finding (on the first such line, with these as `also`).
from app.replay import resume
from app.plugins import bus


def orders(n: int) -> list[bytes]:
    return [sample_order(i) for i in range(n)]


def seed(n: int) -> None:
    for value in orders(n):
        publish(value)
    print(offsets_checkpoint, resume, bus)
