"""Bound methods handed to something that calls them later."""
import asyncio
import atexit
import functools

from confluent_kafka import Producer

out = Producer({"bootstrap.servers": "kafka:9092"})


def cb(err, msg) -> None:
    if err is not None:
        raise RuntimeError(err)


def drain(p: Producer) -> None:
    if p.flush(10):
        raise RuntimeError("records still queued at exit")


atexit.register(out.flush, 10)  # expect: OL202
atexit.register(drain, out)


async def offload() -> None:
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, out.flush, 5)  # expect: OL202
    await asyncio.to_thread(out.flush, 2)  # expect: OL202
    await loop.run_in_executor(None, out.poll, 1.0)
    left = await asyncio.to_thread(out.flush, 2)
    if left:
        raise RuntimeError("records still queued")


def partials(body: bytes) -> None:
    send = functools.partial(out.produce, "events")
    send(body)  # expect: OL201
    send_ok = functools.partial(out.produce, "events", on_delivery=cb)
    send_ok(body)
