"""Low/high watermark bookkeeping for the compaction job.

OL401 fixture: the file name matches `*watermark*`. Covers function-local imports,
`importlib.import_module("literal")`, `__import__("literal")`, a multi-line
`from ... import (` (reported on its first line), and a language-model client module.
Dynamic imports with a non-literal name are not known, so not flagged.
"""
import importlib
import json
import logging
from typing import Optional

from aiohttp import (  # expect: OL401
    ClientSession,
    ClientTimeout,
)
from confluent_kafka import Consumer, TopicPartition  # Kafka client: the legitimate commit path

import openai  # expect: OL401

log = logging.getLogger(__name__)


class WatermarkTracker:
    def __init__(self, consumer: Consumer) -> None:
        self.consumer = consumer
        self.high: dict = {}

    def refresh(self, topic: str, partition: int) -> int:
        low, high = self.consumer.get_watermark_offsets(TopicPartition(topic, partition), timeout=5)
        self.high[(topic, partition)] = high
        return high - low

    def lag_report(self) -> str:
        return json.dumps({f"{t}:{p}": h for (t, p), h in self.high.items()})

    def explain(self) -> Optional[str]:
        client = openai.OpenAI()
        resp = client.chat.completions.create(
            model="gpt-4o-mini",
            messages=[{"role": "user", "content": f"Explain this lag: {self.lag_report()}"}],
        )
        return resp.choices[0].message.content


async def publish_watermarks(tracker: WatermarkTracker, url: str) -> None:
    async with ClientSession(timeout=ClientTimeout(total=5)) as session:
        await session.post(url, data=tracker.lag_report())


def push_sync(tracker: WatermarkTracker, url: str) -> None:
    import httpx  # expect: OL401

    httpx.post(url, content=tracker.lag_report(), timeout=5)


def push_grpc(tracker: WatermarkTracker, target: str) -> None:
    from grpc import insecure_channel  # expect: OL401

    with insecure_channel(target) as channel:
        log.info("channel %s ready for %d partitions", channel, len(tracker.high))


def load_transport(name: str):
    if name == "httpx":
        return importlib.import_module("httpx")  # expect: OL401
    if name == "raw":
        return __import__("socket")  # expect: OL401
    return importlib.import_module(f"transports.{name}")  # non-literal module name: not known


def load_codec(name: str):
    return __import__(name)  # non-literal module name: not known
