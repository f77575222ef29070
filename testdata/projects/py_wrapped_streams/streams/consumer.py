"""A consumer wrapper whose `poll` returns the message wrapped, whose `__iter__` yields
what it polls, and a generator method that yields each message's value."""
from confluent_kafka import Consumer


class Message:
    def __init__(self, raw):
        self._raw = raw

    def value(self):
        return self._raw.value()

    def key(self):
        return self._raw.key()


class StreamConsumer:
    def __init__(self, config):
        self._consumer = Consumer(config)

    def poll(self, timeout=1.0):
        raw = self._consumer.poll(timeout)
        if raw is None or raw.error():
            return None
        wrapped = Message(raw)
        return wrapped

    def commit(self, message=None):
        if message is not None:
            self._consumer.commit(message=message._raw)
        else:
            self._consumer.commit()

    def __iter__(self):
        while True:
            msg = self.poll()
            if msg:
                yield msg

    def values(self):
        for msg in self:
            yield msg.value()
