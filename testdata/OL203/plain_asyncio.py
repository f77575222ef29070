"""Plain asyncio code, no Kafka anywhere: a discarded task here is ruff's RUF006, not OL203
(catalog: Python's OL203 applies in the files that reach a Kafka client library)."""
import asyncio

_background: set[asyncio.Task] = set()


async def refresh_cache() -> None:
    await asyncio.sleep(1)


async def on_request() -> None:
    asyncio.create_task(refresh_cache())


async def on_request_kept() -> None:
    task = asyncio.create_task(refresh_cache())
    _background.add(task)
    task.add_done_callback(_background.discard)
