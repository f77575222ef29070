"""OL103 precision: loops over queues, files and database rows are not consume loops."""
import asyncio
import logging
import queue

log = logging.getLogger(__name__)


def work(q: queue.Queue) -> None:
    while True:
        item = q.get()
        try:
            handle(item)
        except Exception:
            log.exception("failed")
            continue


async def drain(q: asyncio.Queue) -> None:
    while True:
        job = await q.get()
        try:
            await handle_async(job)
        except ConnectionError:
            pass


def rows(cursor) -> None:
    for row in cursor.fetchall():
        try:
            handle(row)
        except Exception:
            log.exception("row failed")


def handle(item):
    return item


async def handle_async(job):
    return job
