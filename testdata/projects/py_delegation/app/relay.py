"""Uses the delegating wrappers: unknown attributes are the client's methods."""
import atexit

from .clients import (
    AsyncManagedConsumer,
    ConfirmedProducer,
    LayeredProducer,
    ManagedConsumer,
    NullProducer,
    Registry,
    SafeProducer,
    StoringConsumer,
    Settings,
    TracedProducer,
)


def on_delivery(err, msg) -> None:
    if err is not None:
        raise RuntimeError(err)


def publish(conf: dict, payload: bytes) -> None:
    producer = SafeProducer(conf)
    producer.produce("orders", payload)  # expect: OL201
    producer.produce("orders", payload, on_delivery=on_delivery)
    producer.flush(30)  # expect: OL202
    if producer.flush(30):
        raise RuntimeError("not delivered")
    producer.close()
    atexit.register(producer.flush, 10)  # expect: OL202


def publish_confirmed(conf: dict, payload: bytes) -> None:
    from confluent_kafka import Producer

    confirmed = ConfirmedProducer(Producer(conf))
    confirmed.produce("orders", payload)
    confirmed.flush(5)
    confirmed.poll(0)


def publish_inherited(conf: dict, payload: bytes) -> None:
    traced = TracedProducer(conf)
    traced.produce("orders", payload)  # expect: OL201
    traced.produce("orders", payload, callback=on_delivery)


def publish_layered(conf: dict, payload: bytes) -> None:
    layered = LayeredProducer(conf)
    layered.produce("orders", payload)  # expect: OL201
    layered.produce("orders", payload, on_delivery=on_delivery)
    layered.close()


class Worker:
    def __init__(self, conf: dict) -> None:
        self.consumer = ManagedConsumer(conf)

    def run(self) -> None:
        while True:
            msg = self.consumer.poll(1.0)
            if msg is None:
                continue
            self.consumer.commit()  # expect: OL101
            self.consumer.commit(message=msg, asynchronous=False)


async def drain(topic: str) -> None:
    consumer = AsyncManagedConsumer(topic)
    await consumer.start()
    msg = await consumer.getone()
    await consumer.commit()  # expect: OL101
    await consumer.commit({msg.partition: msg.offset + 1})


def not_delegated(conf: dict, payload: bytes) -> None:
    settings = Settings(conf)
    settings.produce("orders", payload)
    settings.flush(5)
    null_producer = NullProducer(conf)
    null_producer.produce("orders", payload)
    null_producer.flush(5)
    registry = Registry()
    registry.flush(5)


class StoringWorker:
    """Stores offsets explicitly through the wrapper: its bare commit commits only those."""

    def __init__(self, conf: dict) -> None:
        self.consumer = StoringConsumer(conf)

    def handle(self) -> None:
        msg = self.consumer.poll(1.0)
        if msg is not None:
            self.consumer.store_offsets(message=msg)

    def checkpoint(self) -> None:
        self.consumer.commit(asynchronous=False)


def checkpoint(consumer: StoringConsumer) -> None:
    """Another module's view of the same construction: the stores above cover it."""
    consumer.commit()
