"""Wrappers whose callers decide: each class is one way a wrapper passes a Kafka obligation on."""
import asyncio
import logging

from confluent_kafka import Consumer, Producer

log = logging.getLogger(__name__)


class ConfigMixin:
    def settings(self):
        return {}


class MixedConsumer(ConfigMixin, Consumer):
    """A client mixed with another class: `super()` reaches the client whatever the order."""

    def commit(self, message=None, offsets=None):
        if message is not None:
            return super().commit(message=message)
        if offsets is not None:
            return super().commit(offsets=offsets)
        return super().commit()


class ReportingProducer(Producer):
    """Its constructor adds the delivery callback to the config it passes on."""

    def __init__(self, config):
        config = dict(config)
        config["on_delivery"] = self._report
        super().__init__(config)

    def _report(self, err, msg):
        if err is not None:
            raise RuntimeError(err)


class SplatFlush:
    """`flush` forwards whatever its callers pass."""

    def __init__(self, conf):
        self._p = Producer(conf)

    def flush(self, *args, **kwargs):
        return self._p.flush(*args, **kwargs)


class BoundFlush:
    """A method bound on the instance under the public name."""

    def __init__(self, conf):
        self._p = Producer(conf)
        self.flush = self._flush_native

    def _flush_native(self, timeout=None):
        return self._p.flush(timeout)


class Delegating:
    """`__getattr__` spelled with `__getattribute__`, inside `try`."""

    def __init__(self, conf):
        self._p = Producer(conf)

    def __getattr__(self, name):
        try:
            return self._p.__getattribute__(name)
        except AttributeError:
            raise AttributeError(name) from None


class FutureSender:
    """The delivery callback only completes the future `send` returns."""

    def __init__(self, conf):
        self._p = Producer(conf)
        self._loop = asyncio.get_event_loop()

    def send(self, topic, value):
        fut = self._loop.create_future()

        def ack(err, msg):
            if err is not None:
                log.warning("delivery failed: %s", err)
                self._loop.call_soon_threadsafe(fut.set_exception, Exception(err))
            else:
                self._loop.call_soon_threadsafe(fut.set_result, msg)

        self._p.produce(topic, value, on_delivery=ack)
        return fut


class RecordingSender:
    """Its callback records failures itself: the future is not the only way they are seen."""

    def __init__(self, conf):
        self._p = Producer(conf)
        self.failed = []

    def send(self, topic, value):
        fut = asyncio.get_event_loop().create_future()

        def ack(err, msg):
            if err is not None:
                self.failed.append(err)
            fut.set_result(msg)

        self._p.produce(topic, value, on_delivery=ack)
        return fut


class KwargsProducer:
    """Arguments gathered in a local dict, the callback only when the caller passes one."""

    def __init__(self, conf):
        self._p = Producer(conf)

    def produce(self, topic, value=None, on_delivery=None):
        kwargs = {"topic": topic}
        if value is not None:
            kwargs["value"] = value
        if on_delivery is not None:
            kwargs["on_delivery"] = on_delivery
        self._p.produce(**kwargs)


class Worker:
    """An iterator over its consumer's messages: `for msg in iter(self)` is a consume loop."""

    def __init__(self, conf):
        self.consumer = Consumer(conf)

    def __iter__(self):
        return self

    def __next__(self):
        msg = self.consumer.poll()
        if msg is None:
            raise StopIteration
        return msg

    def run(self):
        for msg in iter(self):
            try:
                self.handle(msg)
            except Exception as err:  # expect: OL103
                log.error("failed: %r", err)
            else:
                self.consumer.commit(message=msg)

    def handle(self, msg):
        print(msg.value())


def log_errors(err, msg):
    if err is not None:
        log.error("delivery failed: %s", err)


class DefaultCallbackProducer:
    """The callback parameter defaults to one: a caller omitting it has passed that one."""

    def __init__(self, conf):
        self._p = Producer(conf)

    def write(self, topic, value, delivery_callback=log_errors):
        kwargs = {"key": None}
        if delivery_callback is not None:
            kwargs["on_delivery"] = delivery_callback
        self._p.produce(topic, value, **kwargs)


class LeaderAcksProducer(Producer):
    """The base constructor runs after its subclass's has written its settings: its own
    `acks` is the one the client gets."""

    def __init__(self, config):
        config["acks"] = 1
        super().__init__(config)


class AllAcksProducer(LeaderAcksProducer):
    def __init__(self, config):
        config["acks"] = "all"
        super().__init__(config)


class StrongAcksProducer(Producer):
    def __init__(self, config):
        config["acks"] = "all"
        super().__init__(config)


class RelaxedProducer(StrongAcksProducer):
    def __init__(self, config):
        config["acks"] = 1
        super().__init__(config)
