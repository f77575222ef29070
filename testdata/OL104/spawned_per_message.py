"""OL104 fixture (confluent-kafka): each message is handled in a task of its own. The commit
helper runs inside the task, so the loop's bookkeeping after `create_task` is not after the
commit; inside the task's function the commit precedes the processing."""
import asyncio

from confluent_kafka import Consumer

from search import index_document


class Loop:
    def __init__(self, consumer: Consumer):
        self._consumer = consumer

    async def run(self) -> None:
        pending = set()
        while True:
            msg = await asyncio.to_thread(self._consumer.poll, 1.0)
            if msg is None or msg.error():
                continue
            task = asyncio.create_task(self._handle_early(msg))
            pending.add(task)
            task = asyncio.create_task(self._handle(msg))
            pending.add(task)
            task = asyncio.create_task(self._handle_with_failures(msg))
            pending.add(task)
        await asyncio.gather(*pending)

    async def _commit(self, msg) -> bool:
        try:
            self._consumer.commit(message=msg, asynchronous=False)
            return True
        except Exception:
            return False

    async def _handle_early(self, msg) -> None:
        if not await self._commit(msg):  # expect: OL104
            return
        await index_document(msg.value())

    async def _handle(self, msg) -> None:
        await index_document(msg.value())
        await self._commit(msg)

    async def _handle_with_failures(self, msg) -> None:
        # The handlers run only when the processing (or the commit ending the `try`) failed:
        # what they do with the message is not after a commit.
        try:
            await index_document(msg.value())
            await self._commit(msg)
        except ValueError as e:
            await self._dead_letter(msg, e)
        except Exception:
            self._consumer.seek(msg)

    async def _dead_letter(self, msg, error) -> None:
        await index_document({"failed": msg.value(), "error": str(error)})
