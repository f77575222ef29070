"""Checkpoints kept in Kafka itself: the consumer group's committed offsets.

OL401 fixture: the file name matches `*checkpoint*`, but it only imports the Kafka client
(the legitimate commit path) and non-network standard-library modules. Expected findings:
none.
"""
import json
import logging
from pathlib import Path

import confluent_kafka
from confluent_kafka import Consumer, KafkaException, TopicPartition

log = logging.getLogger(__name__)


def committed_offsets(consumer: Consumer, topic: str, partitions: list) -> dict:
    tps = [TopicPartition(topic, p) for p in partitions]
    return {tp.partition: tp.offset for tp in consumer.committed(tps, timeout=10)}


def commit_checkpoint(consumer: Consumer, topic: str, partition: int, next_offset: int) -> None:
    try:
        consumer.commit(offsets=[TopicPartition(topic, partition, next_offset)], asynchronous=False)  # explicit offsets
    except KafkaException as exc:
        log.error("checkpoint commit failed: %s", exc)
        raise


def dump_checkpoint(consumer: Consumer, topic: str, partitions: list, out: Path) -> None:
    out.write_text(json.dumps(committed_offsets(consumer, topic, partitions)))


def library_version() -> str:
    return confluent_kafka.version()[0]
