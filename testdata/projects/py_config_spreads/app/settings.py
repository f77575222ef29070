"""Client settings the services spread their configs from (issue 32, item 3)."""
import logging
from dataclasses import dataclass, field

from pydantic import BaseSettings, Field

log = logging.getLogger(__name__)


def record_failure(err, msg) -> None:
    if err is not None:
        log.error("delivery failed: %s", err)


KAFKA_PRODUCER = {"bootstrap.servers": "kafka:9092", "acks": 1, "retries": 0}
SAFE_PRODUCER = {"bootstrap.servers": "kafka:9092", "acks": "all"}
CONFIRMED = {"bootstrap.servers": "kafka:9092", "on_delivery": record_failure}
CONSUMER_BASE = {"bootstrap.servers": "kafka:9092"}
MANUAL_BASE = {"bootstrap.servers": "kafka:9092", "enable.auto.commit": False}


class Settings(BaseSettings):
    kafka_producer: dict = {"bootstrap.servers": "kafka:9092", "acks": 1}
    kafka_safe_producer: dict = Field(default={"bootstrap.servers": "kafka:9092", "acks": "all"})
    kafka_confirmed: dict = {"bootstrap.servers": "kafka:9092", "on_delivery": record_failure}


@dataclass
class Conf:
    audit: dict = field(default_factory=lambda: {"acks": 0})
    safe: dict = field(default_factory=lambda: {"acks": "all"})


config = Settings()
conf = Conf()


def producer_base() -> dict:
    return {"bootstrap.servers": "kafka:9092", "acks": 1}


def safe_base() -> dict:
    return {"bootstrap.servers": "kafka:9092", "acks": "all"}
