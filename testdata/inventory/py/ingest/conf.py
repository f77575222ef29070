"""Builds producer configurations."""


def producer_conf(acks):
    return {
        "bootstrap.servers": "kafka:9092",
        "acks": acks,
        "enable.idempotence": False,
    }
