"""Reaches the network through an import cycle (cyc_a <-> cyc_b)."""
from . import cyc_a  # expect-gap: OL401 not followed through project modules (cyc_a -> cyc_b -> httpx, a cycle)


def save() -> None:
    cyc_a.a()
