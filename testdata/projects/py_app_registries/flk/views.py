"""Names no Kafka module: views reach the producer through `current_app`."""

from flask import Blueprint, current_app

bp = Blueprint("events", __name__)


@bp.post("/events")
def publish() -> str:
    current_app.producer.send("events", b"x")  # expect: OL201
    return "ok"


@bp.post("/events/confirmed")
def publish_confirmed() -> str:
    current_app.producer.send("events", b"x").get(timeout=10)
    return "ok"
