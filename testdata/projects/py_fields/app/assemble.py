"""Builds the clients and the bundles that carry them."""
import sqlite3

from confluent_kafka import Consumer, Producer

from .bundles import Deps, Pair, Relay, bridge, emit
from .conf import C, P


def main() -> None:
    emit(Deps(sink=Producer(P), db=sqlite3.connect(":memory:")), b"x")
    bridge(Pair(Consumer(C), Producer(P)))
    Relay.build(lambda: Consumer(C)).run()
