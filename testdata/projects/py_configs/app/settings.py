"""Client configurations, imported by the services."""
import logging

log = logging.getLogger(__name__)


def log_delivery(err, msg) -> None:
    if err is not None:
        log.error("delivery failed: %s", err)


BOOTSTRAP = {"bootstrap.servers": "kafka-1:9092,kafka-2:9092"}

CONFIRMED = {**BOOTSTRAP, "acks": "all", "on_delivery": log_delivery}
PLAIN = {**BOOTSTRAP, "acks": "all"}

MANUAL_STORE = {**BOOTSTRAP, "group.id": "notifier", "enable.auto.offset.store": False}
STORE_ON = {**BOOTSTRAP, "group.id": "notifier", "enable.auto.commit": False}
