"""Shared client settings, imported by the workers."""

PAYMENTS_GROUP = "payments"

CONSUMER_CONF = {
    "bootstrap.servers": "kafka:9092",
    "group.id": PAYMENTS_GROUP,
    "enable.auto.commit": False,
}
