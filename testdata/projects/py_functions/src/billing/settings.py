"""Deployment settings (no Kafka import here: plain dicts)."""
import os

BOOTSTRAP = os.environ.get("KAFKA_BOOTSTRAP", "localhost:9092")

CONSUMER_CONF = {
    "bootstrap.servers": BOOTSTRAP,
    "group.id": "billing",
    "enable.auto.commit": False,
}

PRODUCER_CONF = {
    "bootstrap.servers": BOOTSTRAP,
    "enable.idempotence": True,
}
