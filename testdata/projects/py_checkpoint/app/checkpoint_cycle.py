"""Reaches the network through an import cycle (cyc_a <-> cyc_b)."""
from . import cyc_a  # expect: OL401


def save() -> None:
    cyc_a.a()
