"""OL102 fixture (kafka-python): commits in handlers and `finally`."""
from kafka import KafkaConsumer
from kafka.structs import OffsetAndMetadata, TopicPartition

from search import index_document

consumer = KafkaConsumer("documents", group_id="indexer", enable_auto_commit=False)

for msg in consumer:
    offsets = {TopicPartition(msg.topic, msg.partition): OffsetAndMetadata(msg.offset + 1, None, -1)}
    try:
        index_document(msg.value)
    except Exception:
        consumer.commit_async(offsets)  # expect: OL102
        raise
    finally:
        consumer.commit(offsets)  # expect: OL102
