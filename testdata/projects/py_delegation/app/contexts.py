"""Context managers whose `__enter__` / `__aenter__` hands out the client they hold: what
`with Source(conf) as src` binds is what `__enter__` returns, not the manager."""

from aiokafka import AIOKafkaConsumer
from confluent_kafka import Consumer


class Source:
    def __init__(self, conf: dict) -> None:
        self._conf = conf
        self._inner = None

    def __enter__(self):
        self._inner = Consumer(self._conf)
        return self._inner

    def __exit__(self, *exc) -> None:
        self._inner.close()


class Feed:
    def __init__(self, topic: str) -> None:
        self.topic = topic

    async def __aenter__(self):
        self._consumer = AIOKafkaConsumer(self.topic, group_id="g", enable_auto_commit=False)
        await self._consumer.start()
        return self._consumer

    async def __aexit__(self, *exc) -> None:
        await self._consumer.stop()


class Worker:
    """Hands out itself: its own `commit` commits the message it is given."""

    def __init__(self, conf: dict) -> None:
        self._kc = Consumer(conf)

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self._kc.close()

    def poll(self, timeout: float):
        return self._kc.poll(timeout)

    def commit(self, msg) -> None:
        self._kc.commit(message=msg, asynchronous=False)


def drain(conf: dict) -> None:
    with Source(conf) as src:
        while True:
            msg = src.poll(1.0)
            if msg is None:
                continue
            print(msg.value())
            src.commit()  # expect: OL101


def drain_well(conf: dict) -> None:
    with Source(conf) as src:
        while True:
            msg = src.poll(1.0)
            if msg is None:
                continue
            print(msg.value())
            src.commit(message=msg)


async def follow() -> None:
    async with Feed("orders") as feed:
        async for msg in feed:
            print(msg.value)
            await feed.commit()  # expect: OL101


def work(conf: dict) -> None:
    with Worker(conf) as w:
        while True:
            msg = w.poll(1.0)
            if msg is None:
                continue
            w.commit(msg)
