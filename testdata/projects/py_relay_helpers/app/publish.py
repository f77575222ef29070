"""Produce helpers of another module than the consume loops that call them."""
import logging

from confluent_kafka import Producer

log = logging.getLogger(__name__)


def log_delivery(err, msg):
    # Only logs: no caller can tell the delivery failed.
    if err is not None:
        log.error("delivery failed: %s", err)


class Publisher:
    def __init__(self, conf):
        self.producer = Producer(conf)
        self.failed = []

    def publish(self, value):
        self.producer.produce("out", value, on_delivery=log_delivery)
        self.producer.poll(0)

    def publish_swallowing(self, value):
        try:
            self.producer.produce("out", value, on_delivery=log_delivery)
            self.producer.flush()
        except Exception:  # expect: OL103
            log.exception("publish failed")

    def publish_confirmed(self, value):
        self.producer.produce("out", value, on_delivery=self._record)
        if self.producer.flush(10) or self.failed:
            raise RuntimeError("output not delivered")

    def _record(self, err, msg):
        if err is not None:
            self.failed.append(err)


def forward(producer, value):
    producer.produce("out", value, on_delivery=log_delivery)
