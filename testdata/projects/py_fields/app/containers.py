"""Containers and context-manager wrappers."""
import contextlib
from contextlib import AsyncExitStack, ExitStack, closing

from aiokafka import AIOKafkaConsumer
from confluent_kafka import Consumer, Producer

from .conf import C, P


def cb(err, msg) -> None:
    if err is not None:
        raise RuntimeError(err)


class Fanout:
    def __init__(self, topics: list[str]) -> None:
        self.outs: list[Producer] = [Producer(P) for _ in topics]
        self.by_topic: dict[str, Producer] = {t: Producer(P) for t in topics}

    def broadcast(self, body: bytes) -> None:
        for out in self.outs:
            out.produce("all", body)  # expect: OL201
            out.produce("all", body, on_delivery=cb)
        for p in self.by_topic.values():
            p.flush(5)  # expect: OL202
            if p.flush(5):
                raise RuntimeError("still queued")

    def route(self, topic: str, body: bytes) -> None:
        self.by_topic[topic].produce(topic, body)  # expect: OL201
        self.by_topic[topic].produce(topic, body, on_delivery=cb)
        sink = self.by_topic.get(topic)
        sink.produce(topic, body)  # expect: OL201
        sink.produce(topic, body, on_delivery=cb)


class Pool:
    sinks: list[Producer]
    routes: dict[str, Producer]

    def __init__(self, topics: list[str]) -> None:
        self.sinks = [Producer(P) for _ in topics]
        self.routes = {t: Producer(P) for t in topics}

    def broadcast(self, body: bytes) -> None:
        for out in self.sinks:
            out.produce("all", body)  # expect: OL201
            out.produce("all", body, on_delivery=cb)
        for p in self.routes.values():
            p.flush(5)  # expect: OL202
            if p.flush(5):
                raise RuntimeError("still queued")

    def route(self, topic: str, body: bytes) -> None:
        self.routes[topic].produce(topic, body)  # expect: OL201
        self.routes[topic].produce(topic, body, on_delivery=cb)
        sink = self.routes.get(topic)
        sink.produce(topic, body)  # expect: OL201
        sink.produce(topic, body, on_delivery=cb)


def drain_all(sinks: list[Producer], named: dict[str, Producer]) -> None:
    for s in sinks:
        s.flush(2)  # expect: OL202
    for s in named.values():
        left = s.flush(2)
        assert left == 0


def with_closing() -> None:
    with closing(Consumer(C)) as c:
        msg = c.poll(1.0)
        c.commit()  # expect: OL101
        c.commit(message=msg)


def with_contextlib_closing() -> None:
    with contextlib.closing(Consumer(C)) as c:
        msg = c.poll(1.0)
        c.commit()  # expect: OL101
        c.commit(message=msg)


def with_stack(body: bytes) -> None:
    with ExitStack() as stack:
        src = stack.enter_context(closing(Consumer(C)))
        out = stack.enter_context(closing(Producer(P)))
        msg = src.poll(1.0)
        out.produce("copy", body)  # expect: OL201
        out.produce("copy", body, on_delivery=cb)
        src.commit()  # expect: OL101
        src.commit(message=msg)


async def with_async_stack() -> None:
    async with AsyncExitStack() as stack:
        src = await stack.enter_async_context(AIOKafkaConsumer("ledger", group_id="g", enable_auto_commit=False))
        msg = await src.getone()
        await src.commit()  # expect: OL101
        await src.commit({msg.partition: msg.offset + 1})
