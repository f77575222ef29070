"""OL103 fixture (kafka-python): the failure handler sits in a loop inside the consume loop
that runs over each item once (the topic's handlers): the failure skips that handler, the
consume loop goes on past the message, and the batch commit covers it."""
import logging

from kafka import KafkaConsumer

log = logging.getLogger(__name__)


class Dispatcher:
    def __init__(self, consumer: KafkaConsumer):
        self._consumer = consumer
        self._handlers = {}

    def consume(self) -> None:
        records = self._consumer.poll(timeout_ms=1000)
        for tp_records in records.values():
            for msg in tp_records:
                for handler in self._handlers.get(msg.topic, []):
                    try:
                        handler(topic=msg.topic, value=msg.value)
                    except Exception:  # expect: OL103
                        log.exception("handler failed")
        self._consumer.commit()  # expect: OL101

    def consume_or_stop(self) -> None:
        records = self._consumer.poll(timeout_ms=1000)
        for tp_records in records.values():
            for msg in tp_records:
                for handler in self._handlers.get(msg.topic, []):
                    try:
                        handler(topic=msg.topic, value=msg.value)
                    except Exception:
                        log.exception("handler failed")
                        raise
        self._consumer.commit()  # expect: OL101

    def consume_with_retries(self) -> None:
        records = self._consumer.poll(timeout_ms=1000)
        for tp_records in records.values():
            for msg in tp_records:
                for attempt in range(3):
                    try:
                        self._handlers[msg.topic](msg.value)
                        break
                    except Exception:
                        log.warning("attempt %d failed", attempt)
                else:
                    raise RuntimeError("handler failed three times")
        self._consumer.commit()  # expect: OL101

    def consume_and_notify(self, callbacks) -> None:
        # The observers are told after the message was handled: a callback's failure is
        # theirs, not the message's.
        records = self._consumer.poll(timeout_ms=1000)
        for tp_records in records.values():
            for msg in tp_records:
                self._handlers[msg.topic](msg.value)
                for callback in callbacks:
                    try:
                        callback(msg)
                    except Exception:
                        log.exception("callback failed")
        self._consumer.commit()  # expect: OL101
