"""The correct twin: fixtures built from plain data modules only."""
from app.records import sample_order


def payments(n: int) -> list[bytes]:
    return [sample_order(i) for i in range(n)]
