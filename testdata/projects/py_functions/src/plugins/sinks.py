"""A namespace package (no __init__.py) of optional sinks."""
from billing.kafka import make_pair


def audit_pair():
    return make_pair()


def audit_sink():
    _, out = make_pair()
    return out
