"""Consumes through the wrapper; imports no Kafka module itself."""

import json
import logging

from svc.kafka import Consumer

log = logging.getLogger(__name__)


class Lookup:
    def __init__(self, broker: str) -> None:
        self._config_consumer = Consumer(broker_address=broker, consumer_group="lookup")
        self.configs: dict = {}

    def run(self) -> None:
        while True:
            message = self._config_consumer.poll(timeout=1.0)
            if message is None:
                continue
            try:
                event = json.loads(message.value())
                self.configs[event["id"]] = event
            except Exception:  # expect: OL103
                log.exception("failed to process the config event")

    def run_strict(self) -> None:
        while True:
            message = self._config_consumer.poll(timeout=1.0)
            if message is None:
                continue
            try:
                event = json.loads(message.value())
                self.configs[event["id"]] = event
            except Exception:
                log.exception("config event failed: stopping")
                raise
