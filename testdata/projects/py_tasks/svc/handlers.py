"""A service module reaching the client only through the project's own import."""
import asyncio
import signal

from svc.client import EventClient

_pending: set = set()


async def on_order(client: EventClient, order: bytes) -> None:
    client.send("orders", order)  # expect: OL203
    kept = client.send("orders-audit", order)
    _pending.add(kept)
    kept.add_done_callback(_pending.discard)
    await client.send("orders-sync", order)


async def shutdown() -> None:
    await asyncio.sleep(0)


def install(loop: asyncio.AbstractEventLoop) -> None:
    loop.add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(shutdown()))  # expect: OL203
