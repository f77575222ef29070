"""OL203 precision: asyncio tasks kept properly, and `create_task` methods that are not an
event loop's.
"""
import asyncio

_tasks: set = set()


async def work() -> None:
    await asyncio.sleep(0)


def _done(task: asyncio.Task) -> None:
    _tasks.discard(task)
    if not task.cancelled() and task.exception() is not None:
        raise task.exception()


async def main(scheduler, celery_app) -> None:
    task = asyncio.create_task(work())
    _tasks.add(task)
    task.add_done_callback(_done)
    async with asyncio.TaskGroup() as group:
        group.create_task(work())
    await asyncio.wait_for(asyncio.ensure_future(work()), timeout=5)
    results = await asyncio.gather(asyncio.create_task(work()), work())
    print(results)
    scheduler.create_task("nightly", work)
    celery_app.ensure_future(work)
