"""OL103 fixture (kafka-python): a function the consume loop calls once per message runs the
message's handlers in a loop of its own; a handler that logs a failure and goes on to the next
handler lets the function return normally, and the consume loop goes on past the message
(auto-commit then covers it). Re-raising, or a loop over retries that stops early, is not
that."""
import logging
import traceback

from kafka import KafkaConsumer

log = logging.getLogger(__name__)


class Dispatcher:
    def __init__(self, **config):
        self.handlers = {}
        self._consumer = KafkaConsumer(**config)

    def _run_handlers(self, msg):
        for handler in self.handlers.get(msg.topic, []):
            try:
                if not callable(handler):
                    continue
                handler(self, msg)
            except Exception:  # expect: OL103
                log.error(traceback.format_exc())

    def _run_strict(self, msg):
        for handler in self.handlers.get(msg.topic, []):
            try:
                handler(self, msg)
            except Exception:
                log.error(traceback.format_exc())
                raise

    def subscribe(self):
        self._consumer.subscribe(topics=list(self.handlers))
        for msg in self._consumer:
            self._run_handlers(msg)
            self._run_strict(msg)
