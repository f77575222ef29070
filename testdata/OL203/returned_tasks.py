"""OL203 fixture: a function that returns the task it created passes the obligation to its
callers (catalog "Obligations pass through wrappers"); a callable handed to something that
discards its result (signal handlers, `call_soon`, `atexit.register`) discards its task.
"""
import asyncio
import atexit
import signal

from aiokafka import AIOKafkaProducer

_background: set = set()


class Publisher:
    def __init__(self, producer: AIOKafkaProducer) -> None:
        self._producer = producer
        self._loop = asyncio.get_event_loop()

    async def _send(self, topic: str, value: bytes) -> None:
        await self._producer.send_and_wait(topic, value)

    # The wrappers' own `return` is not a finding: their callers decide.
    def send(self, topic: str, value: bytes) -> asyncio.Future:
        return asyncio.ensure_future(self._send(topic, value))

    def send_later(self, topic: str, value: bytes) -> asyncio.Task:
        return self._loop.create_task(self._send(topic, value))

    def send_now(self, topic: str, value: bytes) -> asyncio.Task:
        return self.send_later(topic, value)

    async def send_async(self, topic: str, value: bytes) -> asyncio.Task:
        return asyncio.create_task(self._send(topic, value))

    def stop(self) -> asyncio.Task:
        return self._loop.create_task(self._producer.stop())

    def install(self) -> None:
        self._loop.add_signal_handler(signal.SIGTERM, self.stop)  # expect: OL203
        # Handed to something that gives the result back: the caller's use decides.
        self._loop.run_in_executor(None, self.stop).add_done_callback(_background.discard)


def publish(producer: AIOKafkaProducer, value: bytes) -> asyncio.Task:
    return asyncio.create_task(producer.send_and_wait("audit", value))


# The task bound to a local first, then returned: the same obligation for the callers.
def publish_bound(producer: AIOKafkaProducer, value: bytes) -> asyncio.Task:
    task = asyncio.create_task(producer.send_and_wait("audit", value))
    return task


# The wrapper observes the task itself before returning it: its callers owe nothing.
def publish_observed(producer: AIOKafkaProducer, value: bytes) -> asyncio.Task:
    task = asyncio.create_task(producer.send_and_wait("audit", value))
    task.add_done_callback(_background.discard)
    _background.add(task)
    return task


async def callers_that_drop(client: Publisher, producer: AIOKafkaProducer) -> None:
    client.send("events", b"a")  # expect: OL203
    client.send_later("events", b"b")  # expect: OL203
    client.send_now("events", b"c")  # expect: OL203
    _ = client.send("events", b"d")  # expect: OL203
    publish(producer, b"e")  # expect: OL203
    publish_bound(producer, b"g")  # expect: OL203
    publish_observed(producer, b"h")
    await client.send_async("events", b"f")  # expect: OL203


async def callers_that_keep(client: Publisher, producer: AIOKafkaProducer) -> None:
    await client.send("events", b"a")
    task = client.send_later("events", b"b")
    _background.add(task)
    task.add_done_callback(_background.discard)
    kept = publish(producer, b"e")
    await kept
    await asyncio.gather(client.send_now("events", b"c"), publish(producer, b"f"))
    later = await client.send_async("events", b"g")
    await later


async def stop() -> None:
    await asyncio.sleep(0)


def handlers_that_drop() -> None:
    loop = asyncio.get_event_loop()
    loop.add_signal_handler(signal.SIGTERM, lambda: loop.create_task(stop()))  # expect: OL203
    signal.signal(signal.SIGINT, lambda *_: asyncio.create_task(stop()))  # expect: OL203
    loop.call_soon(lambda: asyncio.ensure_future(stop()))  # expect: OL203
    loop.call_later(5, lambda: asyncio.ensure_future(stop()))  # expect: OL203
    loop.call_soon_threadsafe(lambda: asyncio.ensure_future(stop()))  # expect: OL203
    atexit.register(lambda: asyncio.ensure_future(stop()))  # expect: OL203
    # The callable passed by its keyword.
    loop.add_signal_handler(sig=signal.SIGHUP, callback=lambda: loop.create_task(stop()))  # expect: OL203
    loop.call_soon(callback=lambda: asyncio.ensure_future(stop()))  # expect: OL203


def _keep(task: asyncio.Task) -> None:
    _background.add(task)
    task.add_done_callback(_background.discard)


def handlers_that_keep() -> None:
    loop = asyncio.get_event_loop()
    loop.add_signal_handler(signal.SIGTERM, lambda: _keep(loop.create_task(stop())))
    signal.signal(signal.SIGINT, lambda *_: _keep(asyncio.create_task(stop())))
    loop.call_soon(lambda: _keep(asyncio.ensure_future(stop())))
    loop.add_signal_handler(sig=signal.SIGHUP, callback=lambda: _keep(loop.create_task(stop())))
    # A lambda whose result someone keeps: the task is returned to a caller that holds it.
    make = lambda: asyncio.ensure_future(stop())  # noqa: E731
    _keep(make())
