"""A fixture-data generator whose three project imports each lead to the Kafka client
through app.bus: one cause, so one finding, at the first of them."""
import json

from app.settings import TOPIC  # expect: OL402
from app.publisher import publish
from app.bus import PRODUCER


def orders(n: int) -> list[bytes]:
    return [json.dumps({"id": i, "topic": TOPIC}).encode() for i in range(n)]


def seed(n: int) -> None:
    for value in orders(n):
        publish(value)
    print(PRODUCER)
