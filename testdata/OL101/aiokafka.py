"""Async projections built on aiokafka.

OL101 fixture: aiokafka has no offset store, so `await consumer.commit()` without offsets
commits the whole position and is always flagged, even with `enable_auto_commit=False`.
Commits that pass an offsets dict are clean.
"""
import asyncio
import json
import logging

import aiokafka
from aiokafka import AIOKafkaConsumer, TopicPartition
from aiokafka.structs import OffsetAndMetadata

log = logging.getLogger(__name__)

BOOTSTRAP = "localhost:9092"


async def project(record) -> None:
    await asyncio.sleep(0)
    log.info("projected %s", json.loads(record.value).get("id"))


async def run_simple() -> None:
    consumer = AIOKafkaConsumer(
        "payments",
        bootstrap_servers=BOOTSTRAP,
        group_id="projector",
        enable_auto_commit=False,
    )
    await consumer.start()
    try:
        async for msg in consumer:
            await project(msg)
            await consumer.commit()  # expect: OL101
    finally:
        await consumer.stop()


async def run_per_message() -> None:
    consumer = AIOKafkaConsumer(
        "payments",
        bootstrap_servers=BOOTSTRAP,
        group_id="projector-exact",
        enable_auto_commit=False,
    )
    await consumer.start()
    try:
        async for msg in consumer:
            await project(msg)
            tp = TopicPartition(msg.topic, msg.partition)
            await consumer.commit({tp: OffsetAndMetadata(msg.offset + 1, "")})  # explicit offsets
    finally:
        await consumer.stop()


async def run_batches() -> None:
    consumer = AIOKafkaConsumer(
        "payments",
        bootstrap_servers=BOOTSTRAP,
        group_id="projector-batch",
        enable_auto_commit=False,
    )
    await consumer.start()
    try:
        while True:
            batches = await consumer.getmany(timeout_ms=1000, max_records=500)
            for tp, records in batches.items():
                for record in records:
                    await project(record)
                await consumer.commit(offsets={tp: records[-1].offset + 1})  # explicit offsets
    finally:
        await consumer.stop()


async def run_context_manager() -> None:
    async with AIOKafkaConsumer(
        "refunds",
        bootstrap_servers=BOOTSTRAP,
        group_id="refunds",
        enable_auto_commit=False,
    ) as c:
        async for msg in c:
            await project(msg)
            await c.commit()  # expect: OL101


async def run_module_qualified() -> None:
    source = aiokafka.AIOKafkaConsumer("refunds", bootstrap_servers=BOOTSTRAP, group_id="refunds-2")  # expect: OL105
    await source.start()
    try:
        batches = await source.getmany(timeout_ms=500)
        for _tp, records in batches.items():
            for record in records:
                await project(record)
        await source.commit()  # expect: OL101
    finally:
        await source.stop()


async def drain(reader: AIOKafkaConsumer) -> None:
    # Parameter annotated with the Kafka type.
    async for msg in reader:
        await project(msg)
    await reader.commit()  # expect: OL101


async def finalize(stream_consumer) -> None:
    # No annotation: heuristic (file imports aiokafka, name contains "consumer").
    await stream_consumer.commit()  # expect: OL101
    await stream_consumer.stop()


class LedgerProjection:
    def __init__(self, topic: str) -> None:
        self._feed = AIOKafkaConsumer(
            topic,
            bootstrap_servers=BOOTSTRAP,
            group_id="ledger",
            enable_auto_commit=False,
        )
        self._pending: dict = {}

    async def run(self) -> None:
        await self._feed.start()
        try:
            async for msg in self._feed:
                await project(msg)
                self._pending[TopicPartition(msg.topic, msg.partition)] = OffsetAndMetadata(msg.offset + 1, "")
                if len(self._pending) >= 100:
                    await self.flush_offsets()
        finally:
            await self.checkpoint_all()
            await self._feed.stop()

    async def flush_offsets(self) -> None:
        await self._feed.commit(self._pending)  # explicit offsets dict
        self._pending.clear()

    async def checkpoint_all(self) -> None:
        await self._feed.commit()  # expect: OL101
