"""Commit wrappers whose own parameters decide, per call, between a message and the position."""
from confluent_kafka import Consumer, TopicPartition


class W:
    """The position branch forwards `offsets`, which is `None` only when the caller passed none."""

    def __init__(self, conf):
        self._c = Consumer(conf)

    def commit(self, message=None, offsets=None):
        if message is None:
            return self._c.commit(offsets=offsets)
        return self._c.commit(message=message)


class EarlyReturns(Consumer):
    """Early-return guards; the position only when neither was passed."""

    def commit(self, message=None, offsets=None, asynchronous=True):
        if message is not None:
            return super().commit(message=message, asynchronous=asynchronous)
        if offsets is not None:
            return super().commit(offsets=offsets, asynchronous=asynchronous)
        return super().commit(asynchronous=asynchronous)


class Derived:
    """Each branch commits a value derived from the parameter: still a message/offsets commit."""

    def __init__(self, conf):
        self._c = Consumer(conf)

    def commit(self, message=None, offsets=None):
        if message is not None and not isinstance(message, list):
            self._c.commit(message.raw)
        elif offsets:
            tps = [TopicPartition(tp.topic, tp.partition, tp.offset) for tp in offsets]
            self._c.commit(offsets=tps)
        else:
            self._c.commit()


class Flagged:
    """No parameter decides: a runtime flag guards the position, reported once, here."""

    def __init__(self, conf):
        self._c = Consumer(conf)

    def commit(self, message=None, now=False):
        if now:
            self._c.commit()  # expect: OL101
        elif message is not None:
            self._c.commit(message)


class Outer:
    """A wrapper of a wrapper: its `message` reaches the inner wrapper's, which decides."""

    def __init__(self, conf):
        self._w = W(conf)

    def commit(self, message=None):
        return self._w.commit(message=message)
