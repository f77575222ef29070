"""Async publishers built on aiokafka.

OL201 fixture: `await producer.send(...)` returns a delivery future; discarding it means
nobody learns whether the broker accepted the record. `send_and_wait`, keeping the future
and awaiting it, or `await (await producer.send(...))` are clean. aiokafka's `flush()`
returns None, so OL202 never applies here.
"""
import asyncio
import json
import logging

import aiokafka
from aiokafka import AIOKafkaProducer

log = logging.getLogger(__name__)

BOOTSTRAP = "localhost:9092"


async def publish_bare(events: list) -> None:
    producer = AIOKafkaProducer(bootstrap_servers=BOOTSTRAP, acks="all")
    await producer.start()
    try:
        for event in events:
            await producer.send("events", json.dumps(event).encode())  # expect: OL201
        await producer.flush()  # aiokafka flush returns None: OL202 does not apply
    finally:
        await producer.stop()


async def publish_confirmed(events: list) -> None:
    producer = AIOKafkaProducer(bootstrap_servers=BOOTSTRAP, acks="all")
    await producer.start()
    try:
        for event in events:
            body = json.dumps(event).encode()
            await producer.send_and_wait("events", body)  # waits for the broker ack
            metadata = await producer.send_and_wait("events-audit", body, key=b"audit")  # waits for the broker ack
            log.debug("offset %d", metadata.offset)
            fut = await producer.send("events-fast", body)  # delivery future kept
            await fut
            await (await producer.send("events-inline", body))  # delivery future awaited inline
    finally:
        await producer.stop()


async def publish_pipelined(events: list) -> int:
    producer = AIOKafkaProducer(bootstrap_servers=BOOTSTRAP, linger_ms=10)  # expect: OL205
    await producer.start()
    try:
        futures = []
        for event in events:
            fut = await producer.send("events", json.dumps(event).encode())  # delivery future kept
            futures.append(fut)
        results = await asyncio.gather(*futures, return_exceptions=True)
        return sum(1 for r in results if isinstance(r, Exception))
    finally:
        await producer.stop()


async def publish_context_manager(rows: list) -> None:
    async with AIOKafkaProducer(bootstrap_servers=BOOTSTRAP) as out:  # expect: OL205
        for row in rows:
            await out.send(  # expect: OL201
                "rows",
                value=json.dumps(row).encode(),
                key=str(row["id"]).encode(),
            )


async def publish_module_qualified(rows: list) -> None:
    sink = aiokafka.AIOKafkaProducer(bootstrap_servers=BOOTSTRAP)  # expect: OL205
    await sink.start()
    try:
        for row in rows:
            await sink.send("rows", json.dumps(row).encode())  # expect: OL201
    finally:
        await sink.stop()


async def forward(sink: AIOKafkaProducer, topic: str, body: bytes) -> None:
    # Parameter annotated with the Kafka type.
    await sink.send(topic, body)  # expect: OL201


async def forward_heuristic(event_producer, topic: str, body: bytes) -> None:
    # Unannotated parameter: heuristic (file imports aiokafka, name contains "producer").
    await event_producer.send(topic, body)  # expect: OL201
    await event_producer.send_and_wait(topic, body)  # waits for the broker ack


class AuditTrail:
    def __init__(self) -> None:
        self._out = AIOKafkaProducer(bootstrap_servers=BOOTSTRAP, enable_idempotence=True)

    async def start(self) -> None:
        await self._out.start()

    async def record(self, entry: dict) -> None:
        await self._out.send("audit", json.dumps(entry).encode())  # expect: OL201

    async def record_confirmed(self, entry: dict) -> None:
        await self._out.send_and_wait("audit", json.dumps(entry).encode())  # waits for the broker ack

    async def close(self) -> None:
        await self._out.flush()  # aiokafka flush returns None: OL202 does not apply
        await self._out.stop()


async def transactional(records) -> None:
    producer = AIOKafkaProducer(bootstrap_servers="b:9092", transactional_id="mover")
    await producer.start()
    async with producer.transaction():
        for r in records:
            await producer.send("t", r)
    await producer.send("t", b"after")  # expect: OL201
    await producer.begin_transaction()
    await producer.send("t", b"in")
    await producer.commit_transaction()
    await producer.begin_transaction()
    await producer.send("t", b"in")  # expect: OL201
    producer.commit_transaction()  # never awaited: never committed
