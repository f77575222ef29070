"""OL103 fixture (confluent-kafka): the consume loop hands each polled batch to a function
that loops over it. Every caller passes a poll's batch (directly, or as a poll helper collects
it), so that loop goes through the messages: a handler in it that only logs lets the consume
loop go on past the failed message."""
import logging

from confluent_kafka import Consumer

log = logging.getLogger(__name__)


class BatchWorker:
    def __init__(self, conf):
        self._consumer = Consumer(conf)
        self._running = True

    def _poll_messages(self):
        raw = self._consumer.consume(100, timeout=1.0)
        if raw is None:
            raw = []
        kept = []
        for m in raw:
            if m.error():
                continue
            kept.append(Envelope(m))
        return kept

    def _process_batch(self, messages):
        for msg in messages:
            try:
                self.handle(msg.value())
            except Exception as e:  # expect: OL103
                log.error("failed: %s", e)

    def _process_polled(self, batch):
        for msg in batch:
            try:
                self.handle(msg.value())
            except Exception as e:  # expect: OL103
                log.error("failed: %s", e)

    def _process_or_stop(self, batch):
        for msg in batch:
            try:
                self.handle(msg.value())
            except Exception:
                log.exception("failed, stopping")
                raise

    def handle(self, value):
        print(value)

    def run(self):
        while self._running:
            messages = self._poll_messages()
            if messages:
                self._process_batch(messages)
            batch = self._consumer.consume(100, timeout=1.0)
            self._process_polled(batch)
            self._process_or_stop(batch)


class Envelope:
    def __init__(self, raw):
        self.raw = raw

    def value(self):
        return self.raw.value()


class Notifier:
    """Not a batch of messages: the loop runs over listeners a caller registered, and one of
    the callers passes a list of its own."""

    def __init__(self, conf):
        self._consumer = Consumer(conf)
        self._listeners = []

    def _notify_all(self, listeners, event):
        for listener in listeners:
            try:
                listener(event)
            except Exception:
                log.exception("listener failed")

    def run(self):
        while True:
            msg = self._consumer.poll(1.0)
            if msg is None or msg.error():
                continue
            # Told the topic only (metadata): the listeners are not the message's processing.
            self._notify_all(self._listeners, msg.topic())
            self._consumer.commit(message=msg)
