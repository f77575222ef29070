"""Synchronous workers built on kafka-python.

OL101 fixture: `commit()` and `commit_async()` without offsets commit the whole position
and are always flagged (kafka-python has no offset store), also with
`enable_auto_commit=False`. Commits with an offsets dict are clean.
"""
import json
import logging

import kafka
from kafka import KafkaConsumer, TopicPartition
from kafka.structs import OffsetAndMetadata

log = logging.getLogger(__name__)

BOOTSTRAP = ["localhost:9092"]


def index_document(doc: dict) -> None:
    log.info("indexed %s", doc.get("id"))


def on_commit(offsets, response) -> None:
    if isinstance(response, Exception):
        log.error("commit of %s failed: %s", offsets, response)


def run_iterator() -> None:
    consumer = KafkaConsumer(
        "documents",
        bootstrap_servers=BOOTSTRAP,
        group_id="indexer",
        enable_auto_commit=False,
        value_deserializer=lambda v: json.loads(v),
    )
    for msg in consumer:
        index_document(msg.value)
        consumer.commit()  # expect: OL101


def run_poll_async_commit() -> None:
    consumer = KafkaConsumer(
        "documents",
        bootstrap_servers=BOOTSTRAP,
        group_id="indexer-fast",
        enable_auto_commit=False,
    )
    while True:
        batches = consumer.poll(timeout_ms=1000, max_records=200)
        for _tp, records in batches.items():
            for record in records:
                index_document(json.loads(record.value))
        consumer.commit_async()  # expect: OL101


def run_async_commit_with_callback_only() -> None:
    consumer = KafkaConsumer("documents", bootstrap_servers=BOOTSTRAP, group_id="indexer-cb")  # expect: OL105
    for msg in consumer:
        index_document(json.loads(msg.value))
        consumer.commit_async(callback=on_commit)  # expect: OL101


def run_explicit_offsets() -> None:
    consumer = KafkaConsumer(
        "documents",
        bootstrap_servers=BOOTSTRAP,
        group_id="indexer-exact",
        enable_auto_commit=False,
    )
    for msg in consumer:
        index_document(json.loads(msg.value))
        tp = TopicPartition(msg.topic, msg.partition)
        consumer.commit(offsets={tp: OffsetAndMetadata(msg.offset + 1, None)})  # explicit offsets
        consumer.commit({tp: OffsetAndMetadata(msg.offset + 1, None)})  # positional offsets dict
        consumer.commit_async(offsets={tp: OffsetAndMetadata(msg.offset + 1, None)}, callback=on_commit)  # explicit offsets


def run_module_qualified() -> None:
    feed = kafka.KafkaConsumer("documents", bootstrap_servers=BOOTSTRAP, group_id="indexer-2")  # expect: OL105
    for msg in feed:
        index_document(json.loads(msg.value))
        feed.commit()  # expect: OL101


def rebalance_commit(c: KafkaConsumer) -> None:
    # Parameter annotated with the Kafka type.
    c.commit()  # expect: OL101


def close_quietly(doc_consumer) -> None:
    # Heuristic: file imports kafka, name contains "consumer".
    doc_consumer.commit_async()  # expect: OL101
    doc_consumer.close(autocommit=False)


class Reindexer:
    def __init__(self) -> None:
        self.feed = KafkaConsumer(
            bootstrap_servers=BOOTSTRAP,
            group_id="reindexer",
            enable_auto_commit=False,
        )
        self.feed.subscribe(["documents"])

    def run_once(self) -> int:
        seen = 0
        for _tp, records in self.feed.poll(timeout_ms=500).items():
            for record in records:
                index_document(json.loads(record.value))
                seen += 1
        if seen:
            self.feed.commit()  # expect: OL101
        return seen
