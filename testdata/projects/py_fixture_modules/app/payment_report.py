"""Imports only a fixture module that leads to no client: no rule concerns this file, so it
is not read, and its syntax error is not offsetlint's business (no OL001)."""
from .payment_fixtures import payments


def report(n: int) -> int:
    return len(payments(n)
