"""OL203 fixture (asyncio, any library): tasks whose result nobody keeps or observes."""
import asyncio
from asyncio import create_task, ensure_future

from aiokafka import AIOKafkaProducer

background: set = set()


async def publish(producer: AIOKafkaProducer, event: bytes) -> None:
    await producer.send_and_wait("audit", event)


async def fire_and_forget(producer: AIOKafkaProducer, events: list) -> None:
    for event in events:
        asyncio.create_task(publish(producer, event))  # expect: OL203
    asyncio.ensure_future(publish(producer, b"done"))  # expect: OL203
    _ = asyncio.create_task(publish(producer, b"x"))  # expect: OL203
    unused = asyncio.create_task(publish(producer, b"y"))  # expect: OL203
    create_task(publish(producer, b"z"))  # expect: OL203
    ensure_future(publish(producer, b"w"))  # expect: OL203
    loop = asyncio.get_running_loop()
    loop.create_task(publish(producer, b"v"))  # expect: OL203
    asyncio.get_event_loop().create_task(publish(producer, b"u"))  # expect: OL203


class Service:
    def __init__(self, producer: AIOKafkaProducer) -> None:
        self.producer = producer
        self._loop = asyncio.get_event_loop()

    def start(self) -> None:
        self._loop.create_task(self.run())  # expect: OL203
        self._task = asyncio.create_task(self.run())  # kept in an attribute
        # `ensure_future` of a task kept above hands the same task back: nothing new.
        ensure_future(self._task)

    def start_later(self) -> None:
        self._pending = self.run()  # a coroutine: `ensure_future` starts a new task
        asyncio.ensure_future(self._pending)  # expect: OL203

    async def run(self) -> None:
        await publish(self.producer, b"tick")


async def kept(producer: AIOKafkaProducer, events: list) -> None:
    for event in events:
        task = asyncio.create_task(publish(producer, event))
        background.add(task)
        task.add_done_callback(background.discard)
    asyncio.create_task(publish(producer, b"a")).add_done_callback(background.discard)
    await asyncio.create_task(publish(producer, b"b"))
    tasks = [asyncio.create_task(publish(producer, e)) for e in events]
    await asyncio.gather(*tasks)
    later = asyncio.ensure_future(publish(producer, b"c"))
    await later
    async with asyncio.TaskGroup() as tg:
        tg.create_task(publish(producer, b"d"))


async def outer(producer: AIOKafkaProducer) -> None:
    task = None

    async def start() -> None:
        nonlocal task
        task = asyncio.create_task(publish(producer, b"e"))  # read by the enclosing function

    await start()
    await task


def test_spawn_outside_a_loop_raises(producer: AIOKafkaProducer) -> None:
    import pytest

    with pytest.raises(RuntimeError):
        asyncio.create_task(publish(producer, b"f"))  # expected to raise: no task starts
