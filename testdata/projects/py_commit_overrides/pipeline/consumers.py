"""Project consumers whose own parameters decide between a message and the position."""
from confluent_kafka import Consumer


class KafkaConsumer(Consumer):
    """Overrides commit: with neither a message nor offsets it commits the position."""

    def commit(self, message=None, offsets=None, asynchronous=True):
        if message is None and offsets is None:
            return super().commit(asynchronous=asynchronous)
        return super().commit(message=message, offsets=offsets, asynchronous=asynchronous)

    def close(self):
        self.commit()  # expect: OL101
        super().close()

    def finish(self, msg):
        self.commit(msg)
        self.commit(offsets=[msg])


class Acker:
    """A wrapper (not a subclass): an early-return branch for the position."""

    def __init__(self, conf: dict) -> None:
        self._kc = Consumer(conf)

    def poll(self, timeout=1.0):
        return self._kc.poll(timeout)

    def ack(self, message=None) -> None:
        if not message:
            self._kc.commit(asynchronous=False)
            return
        self._kc.commit(message=message, asynchronous=False)

    def ack_else(self, msg=None) -> None:
        if msg is not None:
            self._kc.commit(msg)
        else:
            self._kc.commit()

    def drain(self) -> None:
        # The class's own commit helper called on `self` commits here: with no message, the
        # position (as a run loop's `self._commit(msg)` commits its message there).
        self.ack()  # expect: OL101

    def ack_all(self) -> None:
        # No parameter decides: this always commits the position, reported once here.
        self._kc.commit()  # expect: OL101

    def ack_unrelated(self, message=None, force=False) -> None:
        # The branch is guarded by a flag, not by the message: the position is committed
        # whether or not a message was passed.
        if force:
            self._kc.commit()  # expect: OL101
        elif message is not None:
            self._kc.commit(message)
