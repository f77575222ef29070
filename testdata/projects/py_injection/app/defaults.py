"""Clients as parameter defaults: what a call that passes nothing gets."""
import sqlite3

from app.clients import PRODUCER

DB = sqlite3.connect(":memory:")


def publish(value: bytes, sink=PRODUCER) -> None:
    sink.produce("events", value)  # expect: OL201


def publish_well(value: bytes, sink=PRODUCER) -> None:
    sink.produce("events", value, on_delivery=print)


def save(conn=DB) -> None:
    conn.commit()


def main() -> None:
    publish(b"x")
    publish_well(b"y")
    save()
