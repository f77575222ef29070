"""OL202 fixture: aiokafka's `flush()` returns None, so it is never flagged.

Every send below is confirmed, so OL201 stays quiet too. Expected findings: none.
"""
import json

from aiokafka import AIOKafkaProducer


async def publish(rows: list) -> None:
    producer = AIOKafkaProducer(bootstrap_servers="localhost:9092")  # expect: OL205
    await producer.start()
    try:
        for row in rows:
            await producer.send_and_wait("rows", json.dumps(row).encode())
        await producer.flush()  # aiokafka flush returns None
    finally:
        await producer.stop()


async def close(rows_producer) -> None:
    await rows_producer.flush()  # heuristic receiver in an aiokafka-only file: flush returns None
