"""OL203 concerns any asyncio code, Kafka or not: a file that only spawns tasks is linted."""
import asyncio

_background: set[asyncio.Task] = set()


async def refresh_cache() -> None:
    await asyncio.sleep(1)


async def on_request() -> None:
    asyncio.create_task(refresh_cache())  # expect: OL203


async def on_request_kept() -> None:
    task = asyncio.create_task(refresh_cache())
    _background.add(task)
    task.add_done_callback(_background.discard)
